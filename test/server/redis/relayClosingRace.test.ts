// @vitest-environment node
// A closing racing an answer across two instances on one real redis-server: the instance holding a
// request closes it (its server withdrew it, or relay.close()), but its write of the closing is held up
// on the way to Redis (a proxy that stalls its connections: a slow or reconnecting link), while
// another instance, reaching Redis directly, takes the person's answer. Whatever the order Redis
// decides, the MCP side gets what the person was told: a 200 for an answer means relay.request
// resolves with it; a withdrawal it was told of means the answer got 409. A Stop closes through the
// same path; a time limit is told at once, since past it the store takes no answer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import { ElicitationRelayRequestError } from "../../../src/server/ElicitationRelayRequestError";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationRelayOptions } from "../../../src/server/types";
import { startTcpFaultProxy } from "../faults/tcpFaultProxy";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, told } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const form = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};
const accept = { action: "accept", content: { region: "eu" } } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** One relay instance on the shared prefix, through `url` (Redis itself, or the proxy), served over HTTP. */
async function instance(url: string, prefix: string, options: Partial<ElicitationRelayOptions> = {}, wrap: (store: ElicitationRelayStore) => ElicitationRelayStore = (store) => store) {
  // A heartbeat slower than the stall: the holder's subscription stays up, so Redis takes it for listening.
  const store = createRedisRelayStore({ url, prefix, heartbeatMs: 10_000, leaseMs: 15_000, sweepMs: 1_000 });
  const relay = createElicitationRelay({ identify: identifyByHeader, store: wrap(store), rateLimit: false, storeTimeoutMs: 300, ...options });
  const server = await serve(relay.handle);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await relay.close();
    await server.close();
    await store.close();
  };
  cleanup.push(close);
  return { relay, server, close };
}

async function twoInstances(wrapHolder?: (store: ElicitationRelayStore) => ElicitationRelayStore) {
  const prefix = `race${prefixes++}`;
  const proxy = await startTcpFaultProxy(redis.port);
  cleanup.push(() => proxy.close());
  const holder = await instance(proxy.url, prefix, {}, wrapHolder);
  const other = await instance(redis.url, prefix);
  const stream = await openStream(other.server.url, "alice");
  cleanup.push(() => stream.close());
  await stream.next((event) => event.event === "ready", 5_000);
  return { proxy, holder, other, stream };
}

/**
 * The holder's store, whose first open lands in Redis but answers only once `release()` is called (a reply held up
 * past storeTimeoutMs); the holder's closing of that request is held until then too, once `closingAsked` says it came.
 */
function lateOpenReply() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let closingCame!: () => void;
  const closingAsked = new Promise<void>((resolve) => (closingCame = resolve));
  let lateId: string | undefined;
  const wrap = (store: ElicitationRelayStore): ElicitationRelayStore => ({
    ...store,
    async open(record, maxOpen, json) {
      const opened = await store.open(record, maxOpen, json);
      if (lateId === undefined) {
        lateId = record.id;
        await released;
      }
      return opened;
    },
    async settle(id, settlement, owner) {
      if (id === lateId && settlement.reason === "closed") {
        closingCame();
        await released;
      }
      return store.settle(id, settlement, owner);
    },
  });
  return { wrap, release, closingAsked };
}

describe("an open whose reply came too late, and an answer on another instance", () => {
  it("answered on another instance after the holder gave up on the open's reply, before its closing: the 200 is what relay.request resolves with", async () => {
    const late = lateOpenReply();
    const { holder, other, stream } = await twoInstances(late.wrap);
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    // The open landed: the other instance draws it, while the holder still waits for the reply.
    const id = requestId(await stream.next(isRequest, 5_000));
    // Past storeTimeoutMs (300 ms) the holder gave up on the reply and is writing the request's closing.
    await late.closingAsked;
    const toldBeforeAnswer = heard.outcome;
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    late.release();
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    expect(toldBeforeAnswer).toBeUndefined();
    expect({ post: post.status, told: heard.outcome }).toEqual({ post: 200, told: { result: accept } });
  }, 30_000);

  it("nobody answered before the holder's closing: relay.request is refused store-unavailable, and an answer after it gets 409", async () => {
    const late = lateOpenReply();
    const { holder, other, stream } = await twoInstances(late.wrap);
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    const id = requestId(await stream.next(isRequest, 5_000));
    await late.closingAsked;
    late.release();
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    const refusal = (heard.outcome as { error: unknown }).error;
    expect(refusal).toBeInstanceOf(ElicitationRelayRequestError);
    expect((refusal as ElicitationRelayRequestError).reason).toBe("store-unavailable");
    expect(await postAnswer(other.server.url, "alice", { id, result: accept })).toEqual({ status: 409, body: { error: "already-closed", reason: "closed" } });
  }, 30_000);
});

describe("a closing and an answer racing across instances on one Redis", () => {
  it("withdrawn by its server while the holder's write is held up, and answered on another instance: the 200 is what relay.request resolves with", async () => {
    const { proxy, holder, other, stream } = await twoInstances();
    const controller = new AbortController();
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form, signal: controller.signal }));
    const id = requestId(await stream.next(isRequest, 5_000));
    // The holder's link to Redis stalls as its server withdraws the request: its closing is not written.
    proxy.stall(true);
    controller.abort(new Error("withdrawn by its server"));
    await sleep(800);
    // The store has not decided: the MCP side must not have been told anything yet.
    const toldBeforeAnswer = heard.outcome;
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    proxy.stall(false);
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    // The store took the answer (it never heard the closing): the MCP side receives exactly that.
    expect({ post: post.status, told: heard.outcome }).toEqual({ post: 200, told: { result: accept } });
    expect(toldBeforeAnswer).toBeUndefined();
  }, 30_000);

  it("withdrawn, and its closing recorded once the link is back: a later answer on another instance gets 409, and the MCP side hears the withdrawal", async () => {
    const { proxy, holder, other, stream } = await twoInstances();
    const controller = new AbortController();
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form, signal: controller.signal }));
    const id = requestId(await stream.next(isRequest, 5_000));
    proxy.stall(true);
    controller.abort(new Error("withdrawn by its server"));
    await sleep(800);
    proxy.stall(false);
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    expect(heard.outcome).toEqual({ error: new Error("withdrawn by its server") });
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    expect(post).toEqual({ status: 409, body: { error: "already-closed", reason: "withdrawn" } });
  }, 30_000);

  it("stopped (the chat's Stop on the holder, its run's stopSignal the request's signal) while the holder's writes are held up, and answered on another instance: the 200 is what relay.request resolves with", async () => {
    const { proxy, holder, other, stream } = await twoInstances();
    const chat = { owner: "alice", context: { chatId: "c1" } };
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form, signal: holder.relay.stopSignal(chat), context: chat.context }));
    const id = requestId(await stream.next(isRequest, 5_000));
    proxy.stall(true);
    // Its run aborts here at once; carrying the Stop to the store cannot, so relay.stop says so.
    const stopping = holder.relay.stop(chat).then(
      () => "carried",
      () => "not carried",
    );
    await sleep(800);
    const toldBeforeAnswer = heard.outcome;
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    proxy.stall(false);
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    expect(toldBeforeAnswer).toBeUndefined();
    expect({ post: post.status, told: heard.outcome }).toEqual({ post: 200, told: { result: accept } });
    expect(await stopping).toBe("not carried");
  }, 30_000);

  it("run out (its time limit) while the holder's write is held up: the MCP side hears cancel at once, and an answer on another instance right after gets 409", async () => {
    const { proxy, holder, other, stream } = await twoInstances();
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form, timeoutMs: 1_500 }));
    const id = requestId(await stream.next(isRequest, 5_000));
    proxy.stall(true);
    // Told without the store's word: past its deadline the store takes no answer, on any instance.
    await expect.poll(() => heard.outcome, { timeout: 5_000, interval: 5 }).toBeDefined();
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    proxy.stall(false);
    expect(heard.outcome).toEqual({ result: { action: "cancel" } });
    expect(post).toEqual({ status: 409, body: { error: "already-closed", reason: "timeout" } });
  }, 30_000);

  it("the holder shutting down (relay.close()) while its write is held up past its bound, and answered on another instance: the 200 is what relay.request resolves with", async () => {
    const { proxy, holder, other, stream } = await twoInstances();
    const heard = told(holder.relay.request({ owner: "alice", serverName: "Deployer", params: form }));
    const id = requestId(await stream.next(isRequest, 5_000));
    proxy.stall(true);
    const closing = holder.close();
    const post = await postAnswer(other.server.url, "alice", { id, result: accept });
    // Past the holder's first try (300 ms), within its shutdown's bound: the link is back.
    await sleep(450);
    const toldBeforeVerdict = heard.outcome;
    proxy.stall(false);
    await closing;
    await expect.poll(() => heard.outcome, { timeout: 5_000 }).toBeDefined();
    expect(toldBeforeVerdict).toBeUndefined();
    expect({ post: post.status, told: heard.outcome }).toEqual({ post: 200, told: { result: accept } });
  }, 30_000);
});
