// @vitest-environment node
// The relay on the Postgres store when Postgres fails: a real Postgres reached through a proxy that
// cuts, refuses and stalls connections, and Postgres killed and started again. What must hold, as on
// Redis: no stream alive but deaf, 503 while the store is away, every request settled once, and every
// open request visible to its owner again (with its answer reaching the MCP client) once it is back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createPostgresRelayStore } from "../../../src/server/postgres/createPostgresRelayStore";
import type { ElicitationRelayEvent, ElicitationRelayOptions } from "../../../src/server/types";
import { startTcpFaultProxy, type TcpFaultProxy } from "../faults/tcpFaultProxy";
import { initPostgres, startPostgres, type RunningPostgres } from "../helpers/postgresServer";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader } from "../helpers/relayHarness";

const form = {
  message: "Which region?",
  requestedSchema: { type: "object", properties: { region: { type: "string", enum: ["eu", "us"] } }, required: ["region"] },
};
const accept = { action: "accept", content: { region: "eu" } } as const;

let postgres: RunningPostgres;
let prefixes = 0;
const cleanup: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 30_000);
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await postgres?.stop();
});

const urlAt = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

/** A relay on a Postgres store (through `url`: a proxy or Postgres itself), served over real HTTP. */
async function start(url: string, options: Partial<ElicitationRelayOptions> = {}, prefix = `f${prefixes++}`) {
  const store = createPostgresRelayStore({ connectionString: url, prefix, heartbeatMs: 400, leaseMs: 3_000, sweepMs: 500 });
  const events: ElicitationRelayEvent[] = [];
  const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, storeTimeoutMs: 700, onEvent: (event) => events.push(event), ...options });
  const server = await serve(relay.handle);
  const readers: EventReader[] = [];
  cleanup.push(async () => {
    for (const reader of readers) reader.close();
    await relay.close();
    await server.close();
    await store.close();
  });
  const open = async (user: string) => {
    const reader = await openStream(server.url, user);
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
  return { relay, store, server, events, open, openServed, prefix };
}

async function withProxy(port = postgres.port): Promise<TcpFaultProxy> {
  const proxy = await startTcpFaultProxy(port);
  cleanup.push(() => proxy.close());
  return proxy;
}

const within = <T>(work: Promise<T>, ms: number) => Promise.race([work.then(() => "done"), new Promise((resolve) => setTimeout(resolve, ms, "still waiting"))]);

describe("a short Postgres outage", () => {
  it("ends the streams that could no longer hear live events, answers 503 meanwhile, and a stream after it hears every new request", async () => {
    const proxy = await withProxy();
    const { relay, server, open, openServed } = await start(urlAt(proxy.port));
    const before = await openServed("alice");
    proxy.refuse(true);
    proxy.cut();
    await expect(within(before.ended, 3_000)).resolves.toBe("done");
    const during = await open("alice");
    expect(during.status).toBe(503);
    expect(await postAnswer(server.url, "alice", { id: "a".repeat(22), result: accept })).toEqual({ status: 503, body: { error: "store-unavailable" } });
    proxy.refuse(false);
    const after = await openServed("alice");
    const asked = relay.request({ owner: "alice", serverName: "Deployer", params: form });
    const shown = await after.next(isRequest, 5_000);
    expect((await postAnswer(server.url, "alice", { id: requestId(shown), result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 40_000);

  it("takes no answer while the holder cannot hear (503, tried again), and the retry once it hears again reaches the MCP client", async () => {
    const proxy = await withProxy();
    const holder = await start(urlAt(proxy.port));
    // Another instance, straight to Postgres: it takes the answer while the holder cannot hear.
    const other = await start(postgres.url, {}, holder.prefix);
    const stream = await holder.openServed("bob");
    const asked = holder.relay.request({ owner: "bob", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    proxy.refuse(true);
    proxy.cut();
    // Its holder is not listening: nothing is taken (503, tried again), never a 200 for an answer nobody hears.
    expect((await postAnswer(other.server.url, "bob", { id, result: accept })).status).toBe(503);
    proxy.refuse(false);
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await postAnswer(other.server.url, "bob", { id, result: accept })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 40_000);

  it("a connection that stalls (bytes held, nothing closed) is found by its heartbeat: streams end, and hear again once it flows", async () => {
    const proxy = await withProxy();
    const { relay, server, openServed } = await start(urlAt(proxy.port));
    const before = await openServed("carol");
    proxy.stall(true);
    await expect(within(before.ended, 4_000)).resolves.toBe("done");
    proxy.stall(false);
    proxy.cut();
    const after = await openServed("carol");
    const asked = relay.request({ owner: "carol", serverName: "Deployer", params: form });
    const shown = await after.next(isRequest, 5_000);
    expect((await postAnswer(server.url, "carol", { id: requestId(shown), result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
  }, 40_000);
});

describe("Postgres killed and started again", () => {
  it("keeps what it held: the owner sees the request again, the answer reaches the MCP client, and no reset is reported", async () => {
    const own = await startPostgres();
    let current = own;
    cleanup.push(() => current.stop());
    const { relay, server, events, openServed } = await start(own.url);
    const stream = await openServed("dana");
    const asked = relay.request({ owner: "dana", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    await own.kill();
    await stream.ended;
    current = await startPostgres(own);
    const again = await openServed("dana", 10_000);
    await again.next((event) => isRequest(event) && requestId(event) === id, 10_000);
    expect((await postAnswer(server.url, "dana", { id, result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
    expect(events.map((event) => event.type)).not.toContain("store-reset");
  }, 40_000);

  it("started empty (a new cluster on the same port): the holder opens its request again, its owner answers it, and the reset is reported", async () => {
    const [own, empty] = [await startPostgres(), initPostgres()];
    let current = own;
    cleanup.push(() => current.stop());
    const { relay, server, events, openServed } = await start(own.url);
    const stream = await openServed("erin");
    const asked = relay.request({ owner: "erin", serverName: "Deployer", params: form });
    const id = requestId(await stream.next(isRequest));
    await own.stop();
    await stream.ended;
    current = await startPostgres({ dataDir: await empty, port: own.port });
    const again = await openServed("erin", 15_000);
    await again.next((event) => isRequest(event) && requestId(event) === id, 10_000);
    expect((await postAnswer(server.url, "erin", { id, result: accept })).status).toBe(200);
    await expect(asked).resolves.toEqual(accept);
    expect(events.map((event) => event.type)).toContain("store-reset");
  }, 40_000);
});
