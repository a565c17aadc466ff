// @vitest-environment node
// A record of every closed question, once: three relays on one real redis-server (and, for a death,
// a fourth in its own process, killed with SIGKILL while it holds a question). Whatever instance
// the answer, the withdrawal, the Stop or the closing goes through, one record comes out, from the
// instance that closed it, saying how — and never what was answered unless the host opted in.
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import type { ElicitationRecord, ElicitationRelay, ElicitationRelayOptions } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const form = {
  message: "Deploy where?",
  requestedSchema: { type: "object", properties: { region: { type: "string", default: "eu-in-the-form" } }, required: [] },
};

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(() => redis?.stop());
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

let prefixes = 0;
async function instances(count: number, options: Partial<ElicitationRelayOptions> = {}, prefix = `record${prefixes++}`, timing = { leaseMs: 600, sweepMs: 200 }) {
  const records: { instance: number; record: ElicitationRecord }[] = [];
  const made = await Promise.all(
    Array.from({ length: count }, async (_, instance) => {
      const store = createRedisRelayStore({ url: redis.url, prefix, ...timing });
      const relay = createElicitationRelay({
        identify: identifyByHeader,
        store,
        rateLimit: false,
        onRecord: (record) => void records.push({ instance, record }),
        ...options,
      });
      const served = await serve(relay.handle);
      cleanup.push(() => store.close(), () => relay.close(), () => served.close());
      return { relay, url: served.url };
    }),
  );
  return { instances: made, records };
}

/** A relay instance in its own process (lease 600 ms), that the test can kill. */
async function startChild(prefix: string): Promise<ChildProcess> {
  const child = fork(join(import.meta.dirname, "relayInstance.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, REDIS_URL: redis.url, RELAY_PREFIX: prefix },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  cleanup.push(() => void child.kill("SIGKILL"));
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`relay instance exited (${code}) before listening`)));
    child.on("message", (message: { type: string }) => message.type === "listening" && resolve());
  });
  return child;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 8_000) throw new Error(`never: ${what}`);
    await pause(20);
  }
};
/** Waits for the first record, then a while longer: a second one would have come by then. */
async function theOnly<T>(records: T[]): Promise<T> {
  await until(() => records.length > 0, "a record");
  await pause(700);
  expect(records).toHaveLength(1);
  return records[0]!;
}

describe("onRecord: one record per closed question, across instances", () => {
  it("an answer through another instance: one record, from the instance that took it, without the content", async () => {
    const { instances: [a, b, c], records } = await instances(3);
    const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    const id = requestId(await window.next(isRequest, 5_000));
    expect((await postAnswer(c!.url, "ada", { id, result: { action: "accept", content: { region: "us-secret" } } })).status).toBe(200);
    expect(await asked).toEqual({ action: "accept", content: { region: "us-secret" } });
    const { instance, record } = await theOnly(records);
    expect(instance).toBe(2);
    expect(record).toMatchObject({ id, owner: "ada", serverName: "Deploy", context: { chatId: "c1" }, action: "accept", cause: "person" });
    expect(Object.keys(record).sort()).toEqual(["action", "cause", "closedAt", "context", "id", "owner", "receivedAt", "serverName"]);
    expect(record.closedAt).toBeGreaterThanOrEqual(record.receivedAt);
    expect(JSON.stringify(record)).not.toContain("us-secret");
  });

  it("the content only for the servers the host opted in", async () => {
    const { instances: [a, b], records } = await instances(2, { recordContent: (serverName) => serverName === "Audited" });
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    for (const serverName of ["Audited", "Deploy"]) {
      const asked = a!.relay.request({ owner: "ada", serverName, params: form });
      const id = requestId(await window.next((event) => isRequest(event) && (event.data as { serverName: string }).serverName === serverName, 5_000));
      expect((await postAnswer(b!.url, "ada", { id, result: { action: "accept", content: { region: `${serverName}-answer` } } })).status).toBe(200);
      await asked;
    }
    await until(() => records.length === 2, "two records");
    const byServer = Object.fromEntries(records.map(({ record }) => [record.serverName, record]));
    expect(byServer.Audited!.content).toEqual({ region: "Audited-answer" });
    expect(byServer.Deploy!.content).toBeUndefined();
    expect(JSON.stringify(byServer.Deploy)).not.toContain("Deploy-answer");
  });

  it("a timeout: one record, from its holder", async () => {
    const { instances: [a], records } = await instances(3);
    expect(await a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, timeoutMs: 300 })).toEqual({ action: "cancel" });
    const { instance, record } = await theOnly(records);
    expect([instance, record.action, record.cause]).toEqual([0, "cancel", "timeout"]);
    expect(record.closedAt - record.receivedAt).toBeGreaterThanOrEqual(290);
  });

  it("withdrawn by its tool call (the signal, on its holder), and over through another instance (relay.withdraw, recorded by the instance that closed it): one record each", async () => {
    const { instances: [a, b], records } = await instances(3);
    const call = new AbortController();
    const byCall = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, signal: call.signal, context: { toolCallId: "t1" } });
    const byHost = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { toolCallId: "t2" } });
    byCall.catch(() => undefined);
    await pause(200);
    call.abort(new Error("the tool call ended"));
    await expect(byCall).rejects.toThrow("the tool call ended");
    expect(await b!.relay.withdraw({ owner: "ada", context: { toolCallId: "t2" } })).toBe(1);
    expect(await byHost).toEqual({ action: "cancel" });
    await until(() => records.length >= 2, "two records");
    await pause(700);
    const seen = records.map(({ instance, record }) => [record.context!.toolCallId, instance, record.action, record.cause]).sort();
    expect(seen).toEqual([
      ["t1", 0, "cancel", "withdrawn"],
      ["t2", 1, "cancel", "over"],
    ]);
  });

  it("the chat's Stop through another instance: one record, `stopped` — the run's signal or the withdrawal, whichever closed it", async () => {
    const { instances: [a, b], records } = await instances(3);
    const run = a!.relay.stopSignal({ owner: "ada", context: { chatId: "c1" } });
    const withSignal = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, signal: run, context: { chatId: "c1", toolCallId: "t1" } });
    const withoutSignal = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1", toolCallId: "t2" } });
    const other = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c2" } });
    withSignal.catch(() => undefined);
    await pause(200);
    await b!.relay.stop({ owner: "ada", context: { chatId: "c1" } });
    await until(() => run.aborted, "the run was stopped");
    await withSignal.catch(() => undefined);
    expect(await withoutSignal).toEqual({ action: "cancel" });
    await until(() => records.length >= 2, "two records");
    await pause(700);
    expect(records.map(({ record }) => [record.context!.toolCallId, record.cause]).sort()).toEqual([
      ["t1", "stopped"],
      ["t2", "stopped"],
    ]);
    // The other chat's question is still open, unrecorded.
    await a!.relay.withdraw({ owner: "ada", context: { chatId: "c2" } });
    await other;
  });

  it("a shutdown (relay.close): one record per question, `shutdown`, written before close() resolves", async () => {
    const records: ElicitationRecord[] = [];
    const { instances: [a] } = await instances(2, {
      onRecord: async (record) => {
        await pause(50);
        records.push(record);
      },
    });
    const asked = [0, 1].map((n) => a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { n: String(n) } }));
    await pause(200);
    await a!.relay.close();
    expect(records.map((record) => [record.context!.n, record.action, record.cause]).sort()).toEqual([
      ["0", "cancel", "shutdown"],
      ["1", "cancel", "shutdown"],
    ]);
    await Promise.all(asked);
    await pause(500);
    expect(records).toHaveLength(2);
  });

  it("declined by the sensitive-fields policy: one record, `policy`", async () => {
    const { instances: [a], records } = await instances(2, { sensitiveFields: "decline" });
    const asking = { message: "Sign in", requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } } };
    expect(await a!.relay.request({ owner: "ada", serverName: "Bank", params: asking })).toEqual({ action: "decline" });
    const { record } = await theOnly(records);
    expect([record.serverName, record.action, record.cause]).toEqual(["Bank", "decline", "policy"]);
  });

  it("an instance killed with SIGKILL while it holds a question: one record, `holder-gone`, from a survivor", async () => {
    const prefix = `record${prefixes++}`;
    const child = await startChild(prefix);
    const { instances: [b], records } = await instances(2, {}, prefix);
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    child.send({ type: "request", key: "0", owner: "ada", serverName: "Deploy", params: form });
    const id = requestId(await window.next(isRequest, 5_000));
    process.kill(child.pid!, "SIGKILL");
    // Lease 600 ms, sweep every 200 ms.
    await window.next((event) => event.event === "closed", 8_000);
    const { record } = await theOnly(records);
    expect(record).toMatchObject({ id, owner: "ada", serverName: "Deploy", action: "cancel", cause: "holder-gone" });
  });

  it("an answer for a question whose holder died, before any sweep: refused (409), and one record, `holder-gone`, from the instance that took the answer", async () => {
    const prefix = `record${prefixes++}`;
    const child = await startChild(prefix);
    // The survivors sweep only once a minute: the answer reaches the dead holder's question first.
    const { instances: [b, c], records } = await instances(2, {}, prefix, { leaseMs: 600, sweepMs: 60_000 });
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    child.send({ type: "request", key: "0", owner: "ada", serverName: "Deploy", params: form });
    const id = requestId(await window.next(isRequest, 5_000));
    process.kill(child.pid!, "SIGKILL");
    await pause(1_200);
    expect(records).toEqual([]);
    expect(await postAnswer(c!.url, "ada", { id, result: { action: "accept", content: { region: "eu" } } })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
    const { instance, record } = await theOnly(records);
    expect(instance).toBe(1);
    expect(record).toMatchObject({ id, action: "cancel", cause: "holder-gone" });
  });

  it("a timeout the store refused at first (maxmemory): recorded once, when its write lands, as its MCP client was answered", async () => {
    const { instances: [a], records } = await instances(2, {}, undefined, { leaseMs: 3_000, sweepMs: 500 });
    const config = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    config.on("error", () => undefined);
    cleanup.push(() => config.quit().catch(() => undefined));
    const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, timeoutMs: 1_000 });
    await pause(300);
    await config.config("SET", "maxmemory", "1");
    cleanup.push(() => config.config("SET", "maxmemory", "0"));
    expect(await asked).toEqual({ action: "cancel" });
    await pause(400);
    // Not in the store yet: not recorded yet.
    expect(records).toEqual([]);
    await config.config("SET", "maxmemory", "0");
    const { instance, record } = await theOnly(records);
    expect([instance, record.action, record.cause]).toEqual([0, "cancel", "timeout"]);
  });

  it("an onRecord that throws or rejects is reported (`record-failed`, the error's name), and the answer is taken all the same", async () => {
    const events: { type: string; id?: string; error?: string }[] = [];
    let calls = 0;
    const { instances: [a, b] } = await instances(2, {
      onEvent: (event) => events.push(event),
      onRecord: () => {
        calls++;
        if (calls === 1) throw new TypeError("the log is full");
        return Promise.reject(new RangeError("the table is gone"));
      },
    });
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    for (const action of ["decline", "cancel"] as const) {
      const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form });
      const id = requestId(await window.next((event) => isRequest(event) && !events.some((seen) => seen.id === requestId(event) && seen.type === "record-failed"), 5_000));
      expect((await postAnswer(b!.url, "ada", { id, result: { action } })).status).toBe(200);
      expect(await asked).toEqual({ action });
      await until(() => events.some((event) => event.type === "record-failed" && event.id === id), "record-failed");
    }
    expect(events.filter((event) => event.type === "record-failed").map((event) => event.error)).toEqual(["TypeError", "RangeError"]);
  });

  /** An instance whose store loses the reply of one settle of `reason` (the write lands); `before` runs first. */
  async function losingReplies(prefix: string, reason: string, before: () => Promise<unknown> = async () => undefined) {
    const records: ElicitationRecord[] = [];
    const redisStore = createRedisRelayStore({ url: redis.url, prefix, leaseMs: 600, sweepMs: 200 });
    let lose = true;
    const store: ElicitationRelayStore = {
      ...redisStore,
      settle: async (id, settlement, owner) => {
        if (settlement.reason !== reason || !lose) return redisStore.settle(id, settlement, owner);
        lose = false;
        await before();
        await redisStore.settle(id, settlement, owner);
        throw new Error("the reply was lost");
      },
    };
    const relay: ElicitationRelay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, onRecord: (record) => void records.push(record) });
    cleanup.push(() => redisStore.close(), () => relay.close());
    return { relay, records };
  }

  it("a timeout whose write landed but whose reply was lost: recorded once, by its repair", async () => {
    const { relay, records } = await losingReplies(`record${prefixes++}`, "timeout");
    expect(await relay.request({ owner: "ada", serverName: "Deploy", params: form, timeoutMs: 300 })).toEqual({ action: "cancel" });
    const record = await theOnly(records);
    expect([record.action, record.cause]).toEqual(["cancel", "timeout"]);
  });

  it("a closing whose reply was lost while another instance closed it first: one record, the other instance's", async () => {
    const prefix = `record${prefixes++}`;
    const { instances: [b], records: fromB } = await instances(1, {}, prefix);
    const { relay: a, records: fromA } = await losingReplies(prefix, "closed", () => b!.relay.withdraw({ owner: "ada", context: { chatId: "c1" } }));
    const asked = a.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    await pause(200);
    await a.withdraw({ owner: "ada", context: { chatId: "c1" } });
    expect(await asked).toEqual({ action: "cancel" });
    await until(() => fromB.length > 0, "B's record");
    // A's repair finds it closed as A closed it, and would record it but for the claim B's record made.
    await pause(1_500);
    expect(fromB.map(({ record }) => record.cause)).toEqual(["over"]);
    expect(fromA).toEqual([]);
  });
});
