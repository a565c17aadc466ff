// @vitest-environment node
// Two relay instances on a real three-master Redis Cluster (ioredis' Cluster client passed as
// `{ client }`): a request held by one shows in a stream served by the other, racing answers through
// both reach the holder once, and an instance that stops holding (its lease lapsed) has its requests
// closed in every stream by the other's sweep.
import { Cluster } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore, type RedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationRelay } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type Served } from "../helpers/relayHarness";
import { startRedisCluster, type RunningCluster } from "../helpers/redisCluster";

const form = {
  message: "Which region?",
  requestedSchema: { type: "object" as const, properties: { region: { type: "string" as const, enum: ["eu", "us"] } }, required: ["region"] },
};

let cluster: RunningCluster;
let prefixes = 0;
const cleanup: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await cluster?.stop();
});

async function instance(prefix: string, options: { leaseMs?: number; sweepMs?: number } = {}): Promise<{ relay: ElicitationRelay; url: string; store: RedisRelayStore }> {
  const client = new Cluster(cluster.nodes);
  const store = createRedisRelayStore({ client, prefix, ...options });
  const relay = createElicitationRelay({ identify: identifyByHeader, store });
  const server: Served = await serve(relay.handle);
  cleanup.push(
    () => client.quit(),
    () => store.close(),
    () => relay.close(),
    () => server.close(),
  );
  return { relay, url: server.url, store };
}

async function stream(url: string, user: string): Promise<EventReader> {
  const reader = await openStream(url, user);
  cleanup.push(() => reader.close());
  await reader.next((event) => event.event === "ready");
  return reader;
}

describe("the relay on a Redis Cluster", () => {
  it("shows a request held by one instance in another's stream; of two racing answers one is taken, and reaches the holder once", async () => {
    const prefix = `rc${prefixes++}`;
    const a = await instance(prefix);
    const b = await instance(prefix);
    const alice = await stream(b.url, "alice");
    const bob = await stream(b.url, "bob");
    const answer = a.relay.request({ owner: "alice", serverName: "Deployer", params: form });
    const id = requestId(await alice.next(isRequest));
    const replies = await Promise.all([
      postAnswer(a.url, "alice", { id, result: { action: "accept", content: { region: "eu" } } }),
      postAnswer(b.url, "alice", { id, result: { action: "accept", content: { region: "us" } } }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const region = replies[0]!.status === 200 ? "eu" : "us";
    expect(await answer).toEqual({ action: "accept", content: { region } });
    expect((await alice.next((event) => event.event === "closed")).data).toEqual({ id, reason: "answered" });
    expect(bob.events.filter(isRequest)).toEqual([]);
    // Another person cannot answer it, nor see it.
    expect((await postAnswer(b.url, "bob", { id, result: { action: "decline" } })).status).toBe(404);
  }, 30_000);

  it("closes the requests of an instance whose lease lapsed in every stream (the other instance's sweep)", async () => {
    const prefix = `rc${prefixes++}`;
    const a = await instance(prefix, { leaseMs: 400, sweepMs: 100 });
    const b = await instance(prefix, { leaseMs: 400, sweepMs: 100 });
    const alice = await stream(b.url, "alice");
    void a.relay.request({ owner: "alice", serverName: "Deployer", params: form }).catch(() => undefined);
    const id = requestId(await alice.next(isRequest));
    // A's store stops refreshing its lease and hearing settlements, as a dead instance would.
    await a.store.close();
    expect((await alice.next((event) => event.event === "closed", 5_000)).data).toEqual({ id, reason: "closed" });
    expect((await postAnswer(b.url, "alice", { id, result: { action: "decline" } })).status).toBe(409);
  }, 30_000);
});
