// @vitest-environment node
// The relay when what it stands on fails: a real redis-server reached through a proxy that cuts,
// refuses and stalls connections, Redis refusing writes (maxmemory, noeviction), Redis killed and
// started again with its data gone, and relay.close() racing a stream being set up. What must hold:
// no stream alive but deaf, no 200 for an answer nobody receives, every request settled once, and
// every open request visible to its owner again once the store is back.
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { connectElicitationRelay } from "../../../src/client/relay/connectElicitationRelay";
import type { ElicitationRelayError } from "../../../src/client/relay/ElicitationRelayError";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { ElicitationRelayRequestError } from "../../../src/server/ElicitationRelayRequestError";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import { createRedisRelayStore, type RedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationRelayEvent, ElicitationRelayOptions } from "../../../src/server/types";
import { startTcpFaultProxy, type TcpFaultProxy } from "../faults/tcpFaultProxy";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, told, type EventReader } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const form = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};
const accept = { action: "accept", content: { region: "eu" } } as const;

const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;

let redis: RunningRedis;
let prefixes = 0;
const cleanup: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  redis = await startRedis();
}, 20_000);
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await redis?.stop();
});

/** A relay on a Redis store (through `url`, a proxy or Redis itself), served over real HTTP; `wrap` puts something between them. */
async function start(url: string, options: Partial<ElicitationRelayOptions> = {}, prefix = `f${prefixes++}`, wrap = (redisStore: RedisRelayStore): ElicitationRelayStore => redisStore) {
  const redisStore = createRedisRelayStore({ url, prefix, heartbeatMs: 400, leaseMs: 3_000, sweepMs: 500 });
  const store = wrap(redisStore);
  const events: ElicitationRelayEvent[] = [];
  const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, storeTimeoutMs: 700, onEvent: (event) => events.push(event), ...options });
  const server = await serve(relay.handle);
  const readers: EventReader[] = [];
  cleanup.push(async () => {
    for (const reader of readers) reader.close();
    await relay.close();
    await server.close();
    await redisStore.close();
  });
  const open = async (user: string, headers: Record<string, string> = {}) => {
    const reader = await openStream(server.url, user, headers);
    readers.push(reader);
    return reader;
  };
  /** Opens streams until one is served (the store may still be coming back), within `timeoutMs`. */
  const openServed = async (user: string, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const reader = await open(user);
      if (reader.status === 200) {
        await reader.next((event) => event.event === "ready", 5_000);
        return reader;
      }
      reader.close();
      if (Date.now() > until) throw new Error(`no stream served within ${timeoutMs} ms (last status ${reader.status})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return { relay, store: redisStore, server, events, open, openServed, prefix };
}

async function withProxy(): Promise<TcpFaultProxy> {
  const proxy = await startTcpFaultProxy(redis.port);
  cleanup.push(() => proxy.close());
  return proxy;
}

/** A client of Redis itself, beside the relay's, for CONFIG and the like. */
function admin(url = redis.url): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on("error", () => undefined);
  cleanup.push(() => client.quit().catch(() => undefined));
  return client;
}

describe("a short Redis outage", () => {
  it("ends the streams that could no longer hear live events, answers 503 meanwhile, and a stream after it hears every new request", async () => {
    const proxy = await withProxy();
    const { relay, server, open, openServed } = await start(proxy.url);
    const before = await openServed("alice");
    proxy.refuse(true);
    proxy.cut();
    // A stream kept alive but deaf would leave the person's next card unseen: it ends, and its window reconnects.
    await expect(Promise.race([before.ended.then(() => "ended"), new Promise((resolve) => setTimeout(resolve, 3_000, "still open"))])).resolves.toBe("ended");
    const during = await open("alice");
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBe("2");
    const answerDuring = await postAnswer(server.url, "alice", { id: "a".repeat(22), result: accept });
    expect(answerDuring).toEqual({ status: 503, body: { error: "store-unavailable" } });
    proxy.refuse(false);
    const after = await openServed("alice");
    const asked = relay.request({ owner: "alice", serverName: "Deployer", params: form });
    const shown = await after.next(isRequest, 5_000);
    expect((await postAnswer(server.url, "alice", { id: requestId(shown), result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 40_000);

  it("shutting down during it: relay.close() and the store's close() return within their bounds, and the MCP client gets cancel", async () => {
    const proxy = await withProxy();
    const { relay, store, openServed } = await start(proxy.url);
    const stream = await openServed("alice");
    const asked = relay.request({ owner: "alice", serverName: "Deployer", params: form });
    await stream.next(isRequest, 5_000);
    proxy.refuse(true);
    proxy.cut();
    const bounded = <T>(work: Promise<T>, ms: number) => Promise.race([work.then(() => "returned"), new Promise((resolve) => setTimeout(resolve, ms, "still waiting"))]);
    // Each store call of the shutdown waits at most storeTimeoutMs (700 ms here): a settle, then the detach.
    await expect(bounded(relay.close(), 3_000)).resolves.toBe("returned");
    await expect(asked).resolves.toEqual({ action: "cancel" });
    // QUIT to a Redis that is not there waits a heartbeat (400 ms here), then the socket is dropped.
    await expect(bounded(store.close(), 2_000)).resolves.toBe("returned");
  }, 20_000);

  it("a connection that stalls (bytes held, nothing closed) is found by its heartbeat: streams end, and hear again once it flows", async () => {
    const proxy = await withProxy();
    const { relay, server, openServed } = await start(proxy.url);
    const before = await openServed("bob");
    proxy.stall(true);
    await expect(Promise.race([before.ended.then(() => "ended"), new Promise((resolve) => setTimeout(resolve, 4_000, "still open"))])).resolves.toBe("ended");
    proxy.stall(false);
    proxy.cut();
    const after = await openServed("bob");
    const asked = relay.request({ owner: "bob", serverName: "Deployer", params: form });
    const shown = await after.next(isRequest, 5_000);
    expect((await postAnswer(server.url, "bob", { id: requestId(shown), result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 40_000);
});

/** A store whose `open` and `park` calls are kept in `opened` (the request ids the relay tried), an open optionally held up `delayMs` before it goes out. */
function watchOpens(opened: string[], delayMs = () => 0) {
  return (redisStore: RedisRelayStore): ElicitationRelayStore => ({
    ...redisStore,
    park: (round, records, maxOpen) => {
      opened.push(...records.map((record) => record.id));
      return redisStore.park(round, records, maxOpen);
    },
    open: async (record, maxOpen, json) => {
      opened.push(record.id);
      const delay = delayMs();
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return redisStore.open(record, maxOpen, json);
    },
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What an MCP server is told of a refusal: the relay's error as a host's handler throws it. */
const refusalOf = (error: unknown) => {
  const { name, reason, code, message, data } = error as ElicitationRelayRequestError;
  return { isRelayError: error instanceof ElicitationRelayRequestError, name, reason, code, message, data };
};
const storeRefusal = {
  isRelayError: true,
  name: "ElicitationRelayRequestError",
  reason: "store-unavailable",
  code: -32603,
  message: expect.stringMatching(/store failed or did not answer in time/),
  data: { reason: "store-unavailable" },
};

describe("a store that fails while a request is being opened", () => {
  /** A relay through a proxy that has joined the store (one question asked and answered), with Alice's window open. */
  async function joined(wrap: (redisStore: RedisRelayStore) => ElicitationRelayStore, options: Partial<ElicitationRelayOptions> = {}) {
    const proxy = await withProxy();
    const started = await start(proxy.url, options, undefined, wrap);
    const stream = await started.openServed("alice");
    const first = started.relay.request({ owner: "alice", serverName: "Deployer", params: form });
    expect((await postAnswer(started.server.url, "alice", { id: requestId(await stream.next(isRequest, 5_000)), result: accept })).status).toBe(200);
    await expect(first).resolves.toEqual(accept);
    return { ...started, proxy, stream };
  }

  it("refusing connections: relay.request is refused store-unavailable (-32603, the store's error its cause) only once the store has the open's closing; the open that goes out once the store is back is closed, never shown, never answered", async () => {
    const opened: string[] = [];
    const { relay, server, store, events, proxy, openServed } = await joined(watchOpens(opened));
    proxy.refuse(true);
    proxy.cut();
    const heard = told(relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    // The open failed (storeTimeoutMs is 700 ms here), and may yet land with the store: nothing is told before it decides.
    await vi.waitFor(() => expect(events.filter((event) => event.type === "store-failed").map((event) => event.error)).toContain("open"), { timeout: 5_000 });
    await sleep(1_500);
    expect(heard.outcome).toBeUndefined();
    proxy.refuse(false);
    // The Redis client sends the open once it reconnects; its closing follows it, and then the MCP side is told.
    await vi.waitFor(() => expect(heard.outcome).toBeDefined(), { timeout: 10_000, interval: 50 });
    const error = (heard.outcome as { error: unknown }).error;
    expect(refusalOf(error)).toEqual(storeRefusal);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(events.filter((event) => event.type === "rejected").map((event) => event.code)).toEqual([-32603]);
    const id = opened.at(-1)!;
    expect(await store.get(id)).toMatchObject({ closed: "closed" });
    const after = await openServed("alice");
    expect(after.events.filter(isRequest)).toEqual([]);
    expect(await postAnswer(server.url, "alice", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
    expect((await store.snapshot("alice")).open).toEqual([]);
  }, 40_000);

  it("refusing connections through the lookup of a remembered decision and then the open: relay.request is refused store-unavailable once the store is back, and nothing is left open", async () => {
    const opened: string[] = [];
    const { relay, store, events, proxy } = await joined(watchOpens(opened), { remember: { server: true } });
    proxy.refuse(true);
    proxy.cut();
    const heard = told(relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    // The lookup, then the open, each bounded by storeTimeoutMs (700 ms); then the open's closing is tried until the store answers.
    await vi.waitFor(() => expect(events.filter((event) => event.type === "store-failed").map((event) => event.error).slice(0, 3)).toEqual(["kept", "open", "settle"]), { timeout: 5_000 });
    expect(heard.outcome).toBeUndefined();
    proxy.refuse(false);
    await vi.waitFor(() => expect(heard.outcome).toBeDefined(), { timeout: 10_000, interval: 50 });
    expect(refusalOf((heard.outcome as { error: unknown }).error)).toEqual(storeRefusal);
    expect(await store.get(opened.at(-1)!)).toMatchObject({ closed: "closed" });
    expect((await store.snapshot("alice")).open).toEqual([]);
  }, 40_000);

  it("refusing connections before the relay joined it: relay.request rejects with store-unavailable too", async () => {
    const proxy = await withProxy();
    proxy.refuse(true);
    const { relay, events } = await start(proxy.url);
    const error = await relay.request({ owner: "alice", serverName: "Deployer", params: form }).then(() => "answered", (refused: unknown) => refused);
    expect(refusalOf(error)).toEqual(storeRefusal);
    expect(events.filter((event) => event.type === "store-failed").map((event) => event.error)).toEqual(["attach"]);
  }, 20_000);

  it("stalled past storeTimeoutMs: relay.request is refused store-unavailable once the bytes flow, the open landing and its closing after it", async () => {
    const opened: string[] = [];
    const { relay, server, store, proxy, openServed } = await joined(watchOpens(opened));
    proxy.stall(true);
    const heard = told(relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    await sleep(2_000);
    // Past storeTimeoutMs (700 ms), the open's reply and its closing's held up with it: nothing is told yet.
    expect(heard.outcome).toBeUndefined();
    proxy.stall(false);
    await vi.waitFor(() => expect(heard.outcome).toBeDefined(), { timeout: 10_000, interval: 50 });
    const error = (heard.outcome as { error: unknown }).error;
    expect(refusalOf(error)).toEqual(storeRefusal);
    expect(((error as Error).cause as Error).message).toBe("no reply within 700 ms");
    const id = opened.at(-1)!;
    expect(await store.get(id)).toMatchObject({ closed: "closed" });
    const after = await openServed("alice");
    expect(after.events.filter(isRequest)).toEqual([]);
    expect(await postAnswer(server.url, "alice", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
  }, 40_000);

  it("an open held up past storeTimeoutMs that lands after the relay gave up (and after its first closing found nothing): closed once it lands, shown in no window, answered through no instance", async () => {
    const opened: string[] = [];
    let delay = 0;
    const { relay, server, store, events, stream, prefix } = await joined(watchOpens(opened, () => delay));
    // Another instance on the same store, with a window of Alice's of its own.
    const other = await start(redis.url, {}, prefix);
    const otherStream = await other.openServed("alice");
    delay = 1_500;
    const from = stream.events.length;
    const error = await relay.request({ owner: "alice", serverName: "Deployer", params: form }).then(() => "answered", (refused: unknown) => refused);
    expect(refusalOf(error)).toEqual(storeRefusal);
    const id = opened.at(-1)!;
    // The open lands 1.5 s after it was sent (0.8 s after the MCP client was told it failed).
    await vi.waitFor(async () => expect(await store.get(id)).toMatchObject({ closed: "closed" }), { timeout: 10_000, interval: 100 });
    expect(stream.events.slice(from).filter(isRequest)).toEqual([]);
    expect(await postAnswer(other.server.url, "alice", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
    expect(await postAnswer(server.url, "alice", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
    expect(events.filter((event) => event.type === "requested")).toHaveLength(1);
    expect(events.filter((event) => event.type === "shown")).toHaveLength(1);
    // The other instance's window heard it open and close.
    expect(otherStream.events.filter((event) => event.event === "closed").map((event) => event.data)).toContainEqual({ id, reason: "closed" });
  }, 40_000);
});

describe("a store that fails while a round is being parked", () => {
  it("relay.park rejects with store-unavailable; the round that lands once the store is back is closed: no card taken, never resumed", async () => {
    const opened: string[] = [];
    const resumed: unknown[] = [];
    const proxy = await withProxy();
    const { relay, server, store } = await start(proxy.url, { onResume: (round) => void resumed.push(round), roundSweepMs: 200 }, undefined, watchOpens(opened));
    proxy.refuse(true);
    proxy.cut();
    const parked = relay.park({ owner: "alice", serverName: "Deployer", call: { name: "deploy" }, inputRequests: { region: { method: "elicitation/create", params: form } }, timeoutMs: 3_000 });
    const error = await parked.then(() => "parked", (refused: unknown) => refused);
    expect(refusalOf(error)).toEqual(storeRefusal);
    const [id] = opened;
    proxy.refuse(false);
    await vi.waitFor(async () => expect(await store.get(id!)).toMatchObject({ closed: "closed" }), { timeout: 10_000, interval: 200 });
    expect(await postAnswer(server.url, "alice", { id: id!, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
    // Past the round's deadline and a few sweeps: a call its host was told failed is never retried.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(resumed).toEqual([]);
  }, 40_000);
});

describe("a store that refuses writes (maxmemory reached, noeviction)", () => {
  it("at a request's timeout: the MCP client gets cancel, no later answer gets 200, and the card closes once the store takes writes again", async () => {
    const { relay, server, openServed, prefix } = await start(redis.url, { timeoutMs: 1_500 });
    const other = await start(redis.url, {}, prefix);
    const config = admin();
    const stream = await openServed("carol");
    const asked = relay.request({ owner: "carol", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    await config.config("SET", "maxmemory", "1");
    cleanup.push(() => config.config("SET", "maxmemory", "0"));
    await expect(asked).resolves.toEqual({ action: "cancel" });
    // Refused while the store cannot record it: retryable on another instance, never a 200; the holder knows it timed out.
    expect((await postAnswer(other.server.url, "carol", { id, result: accept })).status).toBe(503);
    expect(await postAnswer(server.url, "carol", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "timeout" } });
    await config.config("SET", "maxmemory", "0");
    // The timeout the store refused is written now: every window is told, and a late answer is refused.
    const closed = await stream.next((event) => event.event === "closed", 8_000);
    expect(closed.data).toEqual({ id, reason: "timeout" });
    expect(await postAnswer(other.server.url, "carol", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "timeout" } });
  }, 30_000);
});

describe("Redis restarted with its data gone", () => {
  it("the instance holding a request opens it again: its owner sees it and the answer reaches the MCP client; the reset is reported", async () => {
    const own = await startRedis();
    let current = own;
    cleanup.push(() => current.stop());
    const { relay, server, events, openServed } = await start(own.url);
    const stream = await openServed("dana");
    const asked = relay.request({ owner: "dana", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    await own.kill();
    await stream.ended;
    current = await startRedis(own.port);
    const again = await openServed("dana", 10_000);
    await again.next((event) => isRequest(event) && requestId(event) === id, 10_000);
    expect((await postAnswer(server.url, "dana", { id, result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
    expect(events.map((event) => event.type)).toContain("store-reset");
  }, 40_000);

  it("an answer given before its holder opened it again is not lost: the card keeps it through the 404s, and the MCP client gets it", async () => {
    const own = await startRedis();
    let current = own;
    cleanup.push(() => current.stop());
    // The holder's opening-again is slow (a busy instance): the store knows nothing of the request for 2.5 s.
    const redisStore = createRedisRelayStore({ url: own.url, prefix: `f${prefixes++}`, heartbeatMs: 400, leaseMs: 3_000, sweepMs: 500 });
    let slow = false;
    const store: ElicitationRelayStore = {
      ...redisStore,
      open: async (record, maxOpen) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 2_500));
        return redisStore.open(record, maxOpen);
      },
    };
    const events: ElicitationRelayEvent[] = [];
    const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, storeTimeoutMs: 4_000, onEvent: (event) => events.push(event) });
    const server = await serve(relay.handle);
    // The person's window: the package's own browser side, in this process.
    const queue = createElicitationQueue({ rateLimit: false });
    const errors: ElicitationRelayError[] = [];
    const window = connectElicitationRelay({ url: server.url, queue, headers: { "x-user": "erin" }, onError: (error) => errors.push(error), limits: { reconnectFirstMs: 200, reconnectMaxMs: 1_000 } });
    cleanup.push(async () => {
      window.close();
      queue.close();
      await relay.close();
      await server.close();
      await redisStore.close();
    });
    await vi.waitFor(() => expect(events.some((event) => event.type === "stream-opened")).toBe(true), { timeout: 10_000 });
    const asked = relay.request({ owner: "erin", serverName: "Deployer", params: form });
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toHaveLength(1), { timeout: 10_000 });
    const card = queue.getSnapshot().entries[0]!;
    slow = true;
    await own.kill();
    current = await startRedis(own.port);
    await vi.waitFor(() => expect(events.map((event) => event.type)).toContain("store-reset"), { timeout: 10_000 });
    // The person answers now, while the store does not know the request.
    const sent = queue.submit(card.id, accept);
    const lost = new Promise((resolve) => setTimeout(() => resolve("never reached the MCP client"), 20_000));
    await expect(Promise.race([asked, lost])).resolves.toEqual(accept);
    await expect(sent).resolves.toBe(true);
    expect(card.signal.aborted).toBe(false);
    expect(events.filter((event) => event.type === "answer-refused").map((event) => event.status)).toContain(404);
    expect(errors.filter((error) => error.code === "not-found")).toEqual([]);
    // One card all along: it never closed and came back.
    expect(queue.getSnapshot().entries).toHaveLength(0);
  }, 40_000);
});

describe("relay.close() racing a stream that is being set up", () => {
  it("leaves no keep-alive running for it, and the stream gets 503", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = createMemoryRelayStore();
    const store: ElicitationRelayStore = { ...inner, snapshot: async (owner) => (await gate, inner.snapshot(owner)) };
    const relay = createElicitationRelay({ identify: identifyByHeader, store, keepAliveMs: 20 });
    const created: unknown[] = [];
    const cleared = new Set<unknown>();
    const setInterval = vi.spyOn(globalThis, "setInterval").mockImplementation(((...args: Parameters<typeof globalThis.setInterval>) => {
      const timer = realSetInterval(...args);
      created.push(timer);
      return timer;
    }) as typeof globalThis.setInterval);
    const clearInterval = vi.spyOn(globalThis, "clearInterval").mockImplementation((timer) => {
      cleared.add(timer);
      realClearInterval(timer as Parameters<typeof realClearInterval>[0]);
    });
    cleanup.push(() => {
      setInterval.mockRestore();
      clearInterval.mockRestore();
      for (const timer of created) realClearInterval(timer as Parameters<typeof realClearInterval>[0]);
    });
    const response = relay.handle(new Request("http://127.0.0.1/api/elicitation", { headers: { accept: "text/event-stream", "x-user": "erin" } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.close();
    release();
    expect((await response).status).toBe(503);
    expect(created.filter((timer) => !cleared.has(timer))).toEqual([]);
  });
});

describe("a POST body that trickles", () => {
  it("gets 408 at its read deadline, and the request stays open for a real answer", async () => {
    const { relay, server, openServed } = await start(redis.url, { bodyTimeoutMs: 300 });
    const stream = await openServed("finn");
    const asked = relay.request({ owner: "finn", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"id":"${id}","result":`));
        // …and nothing more, ever.
      },
    });
    const started = Date.now();
    const response = await fetch(server.url, { method: "POST", headers: { "content-type": "application/json", "x-user": "finn" }, body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(408);
    expect(await response.json()).toEqual({ error: "body-timeout" });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect((await postAnswer(server.url, "finn", { id, result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 20_000);
});
