// @vitest-environment node
// Several relay instances, each its own Node process, sharing one real redis-server (and again one
// real Postgres): a request held by one shows in streams served by another, an answer posted to a
// third reaches its holder exactly once, and an instance killed with SIGKILL takes its open requests
// out of every stream.
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRequest, openStream, postAnswer, requestId, type EventReader } from "../helpers/relayHarness";
import { startPostgres, type RunningPostgres } from "../helpers/postgresServer";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const form = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};

interface Instance {
  url: string;
  child: ChildProcess;
  /** Makes a request on this instance as its MCP client would; resolves with how it settled. */
  request(owner: string, serverName?: string): Promise<{ result?: unknown; error?: { code: number } }>;
  settledCount(): number;
  stop(): Promise<void>;
}

let redis: RunningRedis;
let postgres: RunningPostgres;
const children: ChildProcess[] = [];
const readers: EventReader[] = [];
let prefixCount = 0;

/** Where the instances keep what they share: REDIS_URL or POSTGRES_URL for relayInstance.ts. */
const shared = { Redis: () => ({ REDIS_URL: redis.url }), Postgres: () => ({ POSTGRES_URL: postgres.url }) };
let store: keyof typeof shared = "Redis";

async function startInstance(prefix: string, env: Record<string, string> = {}): Promise<Instance> {
  const child = fork(join(import.meta.dirname, "relayInstance.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...shared[store](), RELAY_PREFIX: prefix, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  children.push(child);
  const waiting = new Map<string, (value: { result?: unknown; error?: { code: number } }) => void>();
  let settled = 0;
  let nextKey = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`relay instance exited (${code}) before listening`)));
    child.on("message", (message: { type: string; url?: string; key?: string; result?: unknown; error?: { code: number } }) => {
      if (message.type === "listening") resolve(message.url!);
      if (message.type === "settled") {
        settled++;
        waiting.get(message.key!)?.({ result: message.result, error: message.error });
      }
    });
  });
  return {
    url,
    child,
    request(owner, serverName = "Deployer") {
      const key = String(nextKey++);
      return new Promise((resolve) => {
        waiting.set(key, resolve);
        child.send({ type: "request", key, owner, serverName, params: form });
      });
    },
    settledCount: () => settled,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.send({ type: "close" });
      }),
  };
}

async function open(url: string, user: string): Promise<EventReader> {
  const reader = await openStream(url, user);
  readers.push(reader);
  return reader;
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
}, 30_000);

afterAll(async () => {
  for (const reader of readers) reader.close();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

describe.each(Object.keys(shared) as (keyof typeof shared)[])("several relay instances, one %s", (kind) => {
  beforeAll(() => {
    store = kind;
  });

  it("shows a request held by A in B's stream; the answer posted to C reaches A exactly once; a second answer gets 409", async () => {
    const prefix = `t${prefixCount++}`;
    const [a, b, c] = await Promise.all([startInstance(prefix), startInstance(prefix), startInstance(prefix)]);
    const onB = await open(b.url, "alice");
    await onB.next((e) => e.event === "ready");
    const settled = a.request("alice");
    const shown = await onB.next(isRequest, 15_000);
    const id = requestId(shown);
    expect(shown.data).toMatchObject({ serverName: "Deployer", params: form });
    // Not Bob's, on any instance.
    expect(await postAnswer(c.url, "bob", { id, result: { action: "decline" } })).toEqual({ status: 404, body: { error: "not-found" } });
    // The server's check runs on the instance that takes the answer, too.
    expect((await postAnswer(c.url, "alice", { id, result: { action: "accept", content: { region: "mars" } } })).status).toBe(400);
    // Two windows, two instances, the same moment.
    const replies = await Promise.all([
      postAnswer(c.url, "alice", { id, result: { action: "accept", content: { region: "eu" } } }),
      postAnswer(b.url, "alice", { id, result: { action: "accept", content: { region: "us" } } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = replies[0]!.status === 200 ? "eu" : "us";
    await expect(settled).resolves.toEqual({ result: { action: "accept", content: { region: won } }, error: undefined });
    expect((await onB.next((e) => e.event === "closed", 15_000)).data).toEqual({ id, reason: "answered" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.settledCount()).toBe(1);
    // A window that connects to C now sees nothing open.
    const onC = await open(c.url, "alice");
    expect((await onC.next((e) => e.event === "ready")).data).toEqual({ open: [] });
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  }, 30_000);

  it("takes the requests of an instance killed with SIGKILL out of every stream within its lease", async () => {
    const prefix = `t${prefixCount++}`;
    const [a, b] = await Promise.all([startInstance(prefix), startInstance(prefix)]);
    const onB = await open(b.url, "alice");
    await onB.next((e) => e.event === "ready");
    void a.request("alice");
    const survivor = b.request("alice", "Other");
    await onB.next(() => onB.events.filter(isRequest).length === 2, 15_000);
    // Told apart by server, not by order: the two instances' requests may reach the stream either way.
    const idOf = (serverName: string) => requestId(onB.events.filter(isRequest).find((e) => (e.data as { serverName: string }).serverName === serverName)!);
    const [deadId, liveId] = [idOf("Deployer"), idOf("Other")];
    const killedAt = Date.now();
    process.kill(a.child.pid!, "SIGKILL");
    // Lease 600 ms, sweep every 200 ms.
    expect((await onB.next((e) => e.event === "closed", 15_000)).data).toEqual({ id: deadId, reason: "closed" });
    expect(Date.now() - killedAt).toBeLessThan(3_000);
    // Nothing of it on a new connection; an answer to it is refused; the other instance's request is untouched.
    const again = await open(b.url, "alice");
    expect((await again.next((e) => e.event === "ready")).data).toEqual({ open: [liveId] });
    expect((await postAnswer(b.url, "alice", { id: deadId!, result: { action: "decline" } })).body).toEqual({ error: "already-closed", reason: "closed" });
    expect((await postAnswer(b.url, "alice", { id: liveId!, result: { action: "decline" } })).status).toBe(200);
    await expect(survivor).resolves.toEqual({ result: { action: "decline" }, error: undefined });
    await b.stop();
  }, 30_000);

  it("an instance killed after it took an answer, before replying: the retry through another gets 409 answered, and the MCP client got the answer once", async () => {
    const prefix = `t${prefixCount++}`;
    const [a, b, c] = await Promise.all([startInstance(prefix), startInstance(prefix, { RELAY_DIE_AFTER_ANSWER: "1" }), startInstance(prefix)]);
    const onC = await open(c.url, "alice");
    await onC.next((e) => e.event === "ready");
    const settled = a.request("alice");
    const id = requestId(await onC.next(isRequest, 15_000));
    const answer = { id, result: { action: "accept", content: { region: "eu" } } };
    await expect(postAnswer(b.url, "alice", answer)).rejects.toThrow();
    // The browser cannot tell whether it was taken: it tries again, here through C.
    expect(await postAnswer(c.url, "alice", answer)).toEqual({ status: 409, body: { error: "already-closed", reason: "answered" } });
    await expect(settled).resolves.toEqual({ result: { action: "accept", content: { region: "eu" } }, error: undefined });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.settledCount()).toBe(1);
    await Promise.all([a.stop(), c.stop()]);
  }, 30_000);

  it("an instance killed while an answer's body is still arriving: the retry through another is taken (200), once", async () => {
    const prefix = `t${prefixCount++}`;
    const [a, b, c] = await Promise.all([startInstance(prefix), startInstance(prefix), startInstance(prefix)]);
    const onC = await open(c.url, "alice");
    await onC.next((e) => e.event === "ready");
    const settled = a.request("alice");
    const id = requestId(await onC.next(isRequest, 15_000));
    const text = JSON.stringify({ id, result: { action: "accept", content: { region: "us" } } });
    let sendRest!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 20)));
        sendRest = () => {
          controller.enqueue(new TextEncoder().encode(text.slice(20)));
          controller.close();
        };
      },
    });
    const inFlight = fetch(b.url, { method: "POST", headers: { "content-type": "application/json", "x-user": "alice" }, body, duplex: "half" } as RequestInit);
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(b.child.pid!, "SIGKILL");
    await expect(inFlight).rejects.toThrow();
    sendRest();
    expect((await postAnswer(c.url, "alice", JSON.parse(text))).status).toBe(200);
    await expect(settled).resolves.toEqual({ result: { action: "accept", content: { region: "us" } }, error: undefined });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.settledCount()).toBe(1);
    await Promise.all([a.stop(), c.stop()]);
  }, 30_000);

  it("answers cancel on its holder when it times out, and tells the streams on other instances", async () => {
    const prefix = `t${prefixCount++}`;
    const [a, b] = await Promise.all([startInstance(prefix, { RELAY_TIMEOUT_MS: "300" }), startInstance(prefix)]);
    const onB = await open(b.url, "alice");
    await onB.next((e) => e.event === "ready");
    const settled = a.request("alice");
    const id = requestId(await onB.next(isRequest, 15_000));
    await expect(settled).resolves.toEqual({ result: { action: "cancel" }, error: undefined });
    expect((await onB.next((e) => e.event === "closed", 15_000)).data).toEqual({ id, reason: "timeout" });
    await Promise.all([a.stop(), b.stop()]);
  }, 30_000);
});
