// @vitest-environment node
// What reaches a person who looked away — remembered decisions, answers from a notification's action,
// the push route — when the store fails under it: a real redis-server, reached through a proxy that
// cuts, refuses and stalls connections (the fault set off the moment the relay makes the call in
// question), relays over real HTTP, and an instance in its own process killed with SIGKILL. What must
// hold: a question is asked of the person rather than answered by a guess or lost; an answer reaches its
// MCP client once; no 200 for an answer nobody receives; one record per question; every route answers
// in bounded time.
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import webPush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationRecord, ElicitationRelayEvent, ElicitationRelayOptions } from "../../../src/server/types";
import { createElicitationPush } from "../../../src/server/web-push/createElicitationPush";
import { startTcpFaultProxy, type TcpFaultProxy } from "../faults/tcpFaultProxy";
import { makeDevice } from "../helpers/pushService";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type StreamEvent } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

// Long enough that a Redis client reconnecting after a cut (its back-off) is through well within the next call's time.
const STORE_TIMEOUT_MS = 1_500;
const form = {
  message: "Deploy where?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu-west-1", "us-east-1"] } }, required: ["region"] },
};
const accept = { action: "accept", content: { region: "us-east-1" } } as const;

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(() => redis?.stop());
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (condition: () => boolean, what: string, ms = 8_000) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > ms) throw new Error(`never: ${what}`);
    await pause(20);
  }
};
/** Whether `work` settles within `ms`. */
const within = (work: Promise<unknown>, ms: number) => Promise.race([work.then(() => "settled" as const), pause(ms).then(() => "still waiting" as const)]);

type Fault = "cut" | "stall";
/** The store unreachable through `proxy`: every connection cut and new ones refused, or its bytes held. Returns its end. */
function breakStore(proxy: TcpFaultProxy, fault: Fault): () => void {
  if (fault === "stall") {
    proxy.stall(true);
    return () => proxy.stall(false);
  }
  proxy.refuse(true);
  proxy.cut();
  return () => proxy.refuse(false);
}

async function withProxy(): Promise<TcpFaultProxy> {
  const proxy = await startTcpFaultProxy(redis.port);
  cleanup.push(() => proxy.close());
  return proxy;
}

let prefixes = 0;
/**
 * A relay on a Redis store reached at `url`, served over HTTP. `trap`: called before each `kept` and
 * `keep` with its kind, so a test sets off a fault the moment the relay makes that call.
 */
async function instance(url: string, prefix: string, trap?: (call: "kept" | "keep", kind: string) => void, options: Partial<ElicitationRelayOptions> = {}) {
  const redisStore = createRedisRelayStore({ url, prefix, heartbeatMs: 400, leaseMs: 3_000, sweepMs: 500 });
  const store: ElicitationRelayStore = {
    ...redisStore,
    kept: (owner, kind) => {
      trap?.("kept", kind);
      return redisStore.kept(owner, kind);
    },
    keep: (owner, kind, key, value) => {
      trap?.("keep", kind);
      return redisStore.keep(owner, kind, key, value);
    },
  };
  const events: ElicitationRelayEvent[] = [];
  const records: ElicitationRecord[] = [];
  const relay = createElicitationRelay({
    identify: identifyByHeader,
    store,
    rateLimit: false,
    storeTimeoutMs: STORE_TIMEOUT_MS,
    remember: { chat: "chatId", server: true },
    onEvent: (event) => void events.push(event),
    onRecord: (record) => void records.push(record),
    ...options,
  });
  const served = await serve(relay.handle);
  cleanup.push(() => redisStore.close(), () => relay.close(), () => served.close());
  return { relay, url: served.url, events, records };
}

async function window(url: string, person = "ada"): Promise<EventReader> {
  const reader = await openStream(url, person);
  cleanup.push(() => reader.close());
  await reader.next((event) => event.event === "ready", 5_000);
  return reader;
}

type RequestData = { id: string; remember?: string[]; remembered?: { key: string } };
const dataOf = (event: StreamEvent) => event.data as RequestData;

/** Posts as the browser does: a 503 is tried again after a while; a 409 `answered` after a try of unknown outcome is its own answer taken. */
async function answerAsTheBrowser(url: string, body: unknown): Promise<number[]> {
  const statuses: number[] = [];
  for (let tries = 0; tries < 20; tries++) {
    const { status, body: reply } = await postAnswer(url, "ada", body);
    statuses.push(status);
    if (status === 409) expect(reply).toEqual({ error: "already-closed", reason: "answered" });
    if (status === 200 || status === 409) return statuses;
    expect(status).toBe(503);
    await pause(500);
  }
  throw new Error(`never taken: ${statuses.join(", ")}`);
}

describe.each(["cut", "stall"] as const)("remembered decisions, the store %s", (fault) => {
  it("during the lookup of a decision: the question is asked of the person (a card, in their stream), not answered by a guess, and their answer is taken", async () => {
    const proxy = await withProxy();
    const prefix = `attention${prefixes++}`;
    let armed = false;
    // The holder reaches Redis through the proxy; the window's instance, directly.
    const a = await instance(proxy.url, prefix, (call, kind) => {
      if (!armed || call !== "kept" || !kind.startsWith("remembered:")) return;
      armed = false;
      // Over just after the lookup's time has run out: the decision could not be read, the question can be opened.
      setTimeout(breakStore(proxy, fault), STORE_TIMEOUT_MS + 100);
    });
    const b = await instance(redis.url, prefix);
    const reader = await window(b.url);

    // The person remembered this form for the server: asked now, it would be answered without a card.
    const first = a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const card = dataOf(await reader.next(isRequest, 5_000));
    expect((await postAnswer(b.url, "ada", { id: card.id, result: accept, remember: "server" })).status).toBe(200);
    expect(await first).toEqual(accept);

    armed = true;
    const from = reader.events.length;
    let settled = false;
    const asked = a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const mark = () => (settled = true);
    void asked.then(mark, mark);
    const shown = dataOf(await reader.next(isRequest, 10_000, from));
    expect(armed).toBe(false);
    // A card to answer (with the offer to remember), not a line saying it was answered.
    expect(shown.remembered).toBeUndefined();
    expect(shown.remember).toEqual(["chat", "server"]);
    expect(a.events).toContainEqual(expect.objectContaining({ type: "store-failed", error: "kept" }));
    await pause(300);
    expect(settled).toBe(false);
    // Its holder's feed was cut too: until it listens again the answer waits (503), as the browser knows.
    expect((await answerAsTheBrowser(b.url, { id: shown.id, result: { action: "decline" } })).at(-1)).toBe(200);
    expect(await asked).toEqual({ action: "decline" });
    await until(() => b.records.some((record) => record.id === shown.id), "its record");
    expect(b.records.filter((record) => record.id === shown.id).map((record) => record.cause)).toEqual(["person"]);
  }, 40_000);

  it("during the keep of a new decision: the answer reaches its MCP client once, the keep's failure is reported, and no decision answers what the person's list does not show", async () => {
    const proxy = await withProxy();
    const prefix = `attention${prefixes++}`;
    let armed = true;
    // The answer goes through an instance reaching Redis through the proxy; the holder and the window, directly.
    const b = await instance(proxy.url, prefix, (call) => {
      if (!armed || call !== "keep") return;
      armed = false;
      setTimeout(breakStore(proxy, fault), STORE_TIMEOUT_MS + 100);
    });
    const a = await instance(redis.url, prefix);
    const reader = await window(a.url);

    const asked = a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const card = dataOf(await reader.next(isRequest, 5_000));
    const statuses = await answerAsTheBrowser(b.url, { id: card.id, result: accept, remember: "server" });
    expect(armed).toBe(false);
    // A stalled store is back before the settle's time runs out: taken at the first try. A cut one
    // may still be reconnecting then: 503, and the browser's next try is taken.
    if (fault === "stall") expect(statuses).toEqual([200]);
    expect(await asked).toEqual(accept);
    expect(b.events).toContainEqual(expect.objectContaining({ type: "store-failed", error: "keep" }));
    // Once: one answered event on the holder, one record.
    await pause(1_500);
    expect(a.events.filter((event) => event.type === "answered" && event.id === card.id)).toHaveLength(1);
    expect([...a.records, ...b.records].filter((record) => record.id === card.id).map((record) => [record.action, record.cause])).toEqual([["accept", "person"]]);

    // Whatever of the keep landed late, the same form is answered by a decision only if the person's
    // list shows it (and they can forget it): without a try that kept it whole, it shows none, and they are asked.
    const listed = await a.relay.remembered("ada");
    expect(listed).toHaveLength(statuses.length === 1 ? 0 : 1);
    const from = reader.events.length;
    let settled = false;
    const again = a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const mark = () => (settled = true);
    void again.then(mark, mark);
    const shown = dataOf(await reader.next(isRequest, 5_000, from));
    expect(shown.remembered?.key).toBe(listed[0]?.key);
    if (listed.length === 0) {
      await pause(300);
      expect(settled).toBe(false);
      expect((await postAnswer(a.url, "ada", { id: shown.id, result: { action: "decline" } })).status).toBe(200);
      expect(await again).toEqual({ action: "decline" });
    } else {
      expect(await again).toEqual(accept);
    }
  }, 40_000);
});

describe("an answer from a notification's action", () => {
  it("is reported by its holder as the record says: `notification`, not a window's answer", async () => {
    const prefix = `attention${prefixes++}`;
    const a = await instance(redis.url, prefix);
    const b = await instance(redis.url, prefix);
    const asked = a.relay.request({ owner: "ada", serverName: "Deploy", params: form });
    await until(() => a.events.some((event) => event.type === "requested"), "the request opened");
    const id = a.events.find((event) => event.type === "requested")!.id!;
    expect((await postAnswer(b.url, "ada", { id, result: accept, via: "notification" })).status).toBe(200);
    expect(await asked).toEqual(accept);
    expect(a.events.filter((event) => event.type === "answered")).toEqual([expect.objectContaining({ id, action: "accept", cause: "notification" })]);
    await until(() => b.records.length > 0, "the record");
    expect(b.records.map((record) => [record.id, record.cause])).toEqual([[id, "notification"]]);
    // A window's answer is still the person's own.
    const second = a.relay.request({ owner: "ada", serverName: "Deploy", params: form });
    await until(() => a.events.filter((event) => event.type === "requested").length === 2, "the second request opened");
    const secondId = a.events.filter((event) => event.type === "requested")[1]!.id!;
    expect((await postAnswer(b.url, "ada", { id: secondId, result: { action: "decline" } })).status).toBe(200);
    await second;
    expect(a.events.find((event) => event.type === "answered" && event.id === secondId)).toMatchObject({ cause: "user" });
  });

  /** A relay instance in its own process (sweep 200 ms), that the test kills. */
  async function startChild(prefix: string, leaseMs: number): Promise<ChildProcess> {
    const child = fork(join(import.meta.dirname, "relayInstance.ts"), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, REDIS_URL: redis.url, RELAY_PREFIX: prefix, RELAY_LEASE_MS: String(leaseMs) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    cleanup.push(() => void child.kill("SIGKILL"));
    await new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`relay instance exited (${code}) before listening`)));
      child.on("message", (message: { type: string }) => message.type === "listening" && resolve());
    });
    return child;
  }

  it("for a question whose holder was killed (SIGKILL): never a 200 (503 while its lease runs, then 409 `closed`), the question closes for the person, and one record, `holder-gone`", async () => {
    const prefix = `attention${prefixes++}`;
    const child = await startChild(prefix, 3_000);
    const timing = { leaseMs: 3_000, sweepMs: 200 };
    const b = await instanceWithTiming(prefix, timing);
    const c = await instanceWithTiming(prefix, timing);
    const reader = await window(b.url);
    child.send({ type: "request", key: "0", owner: "ada", serverName: "Deploy", params: form });
    const id = requestId(await reader.next(isRequest, 5_000));
    process.kill(child.pid!, "SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    // The worker's POST, pressed at once and again (the notification outlived its question): the
    // store takes no answer its holder cannot hear. Pressed every 400 ms, within the relay's 30 answers
    // per person per 10 s (faster, a slow lapse of the lease would end in 429 instead).
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof postAnswer>>;
    do {
      last = await postAnswer(c.url, "ada", { id, result: accept, via: "notification" });
      statuses.push(last.status);
      if (last.status === 503) await pause(400);
    } while (last.status === 503 && statuses.length < 50);
    expect(statuses[0]).toBe(503);
    expect(statuses).not.toContain(200);
    expect(last).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });

    const closed = await reader.next((event) => event.event === "closed" && (event.data as { id: string }).id === id, 5_000);
    expect(closed.data).toEqual({ id, reason: "closed" });
    await pause(1_000);
    const records = [...b.records, ...c.records].filter((record) => record.id === id);
    expect(records.map((record) => [record.action, record.cause])).toEqual([["cancel", "holder-gone"]]);
    expect(c.events.filter((event) => event.type === "answer-refused" && event.id === id).map((event) => event.error)).toContain("holder-unreachable");
  }, 30_000);
});

/** An instance on Redis itself with the store timings given (as the killed instance's own). */
async function instanceWithTiming(prefix: string, timing: { leaseMs: number; sweepMs: number }) {
  const store = createRedisRelayStore({ url: redis.url, prefix, ...timing });
  const events: ElicitationRelayEvent[] = [];
  const records: ElicitationRecord[] = [];
  const relay = createElicitationRelay({
    identify: identifyByHeader,
    store,
    rateLimit: false,
    onEvent: (event) => void events.push(event),
    onRecord: (record) => void records.push(record),
  });
  const served = await serve(relay.handle);
  cleanup.push(() => store.close(), () => relay.close(), () => served.close());
  return { relay, url: served.url, events, records };
}

describe("the push route (push.handle) on a store that stalls", () => {
  it("answers 503 store-unavailable within storeTimeoutMs, keeps the device once the store answers again", async () => {
    const proxy = await withProxy();
    const store = createRedisRelayStore({ url: proxy.url, prefix: `attention${prefixes++}`, heartbeatMs: 400 });
    cleanup.push(() => store.close());
    const push = createElicitationPush({
      store,
      vapid: { subject: "mailto:ops@example.com", ...webPush.generateVAPIDKeys() },
      url: () => "/",
      isPushService: (endpoint) => endpoint.hostname === "push.example",
      storeTimeoutMs: 700,
    });
    const served = await serve((request) => push.handle(request, { owner: request.headers.get("x-user") }));
    cleanup.push(() => served.close());
    const call = (method: string, body: unknown) =>
      fetch(served.url, { method, headers: { "content-type": "application/json", origin: served.origin, "x-user": "ada" }, body: JSON.stringify(body) });
    const phone = makeDevice("https://push.example/device-1");
    expect((await call("POST", phone.subscription)).status).toBe(204);

    proxy.stall(true);
    for (const [method, body] of [
      ["POST", phone.subscription],
      ["DELETE", { endpoint: phone.subscription.endpoint }],
    ] as const) {
      const started = performance.now();
      const reply = call(method, body);
      expect(await within(reply, 3_000)).toBe("settled");
      const response = await reply;
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(await response.json()).toEqual({ error: "store-unavailable" });
    }
    // push.subscribe (for a route of the host's own) is bounded alike.
    await expect(push.subscribe("ada", phone.subscription)).rejects.toThrow(/did not complete/);
    proxy.stall(false);
    proxy.cut();
    let status = 0;
    for (let tries = 0; tries < 20 && status !== 204; tries++) {
      status = (await call("POST", phone.subscription)).status;
      if (status !== 204) await pause(200);
    }
    expect(status).toBe(204);
  }, 30_000);
});
