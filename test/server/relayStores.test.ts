// @vitest-environment node
// The store conformance suite ("react-mcp-elicitation/server/testing"), run as a store's author runs
// it: on the memory store, and on the Redis store with four handles (the instances of one
// deployment, each with its own connections) on one real redis-server, and on a real Redis Cluster
// of three masters through ioredis' Cluster client.
import { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import type { RelaySettlement } from "../../src/server/ElicitationRelayStore";
import { createRedisRelayStore, type RedisRelayStore } from "../../src/server/redis/createRedisRelayStore";
import { registerRelayStoreConformance } from "../../src/server/testing";
import { startRedisCluster, type RunningCluster } from "./redisCluster";
import { startRedis, type RunningRedis } from "./redisServer";

let redis: RunningRedis;
let cluster: RunningCluster;
const opened: RedisRelayStore[] = [];
const clients: Cluster[] = [];
let prefixes = 0;

beforeAll(async () => {
  [redis, cluster] = await Promise.all([startRedis(), startRedisCluster()]);
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await Promise.all(clients.map((client) => client.quit()));
  await Promise.all([redis?.stop(), cluster?.stop()]);
});

const redisStores = (count: number) => {
  const prefix = `s${prefixes++}`;
  const stores = Array.from({ length: count }, () => createRedisRelayStore({ url: redis.url, prefix }));
  opened.push(...stores);
  return { stores, prefix };
};

const record = (id: string, holder = "h1") => ({
  id,
  owner: "alice",
  serverName: "S",
  params: { message: "m", requestedSchema: { type: "object" as const, properties: {}, required: [] } },
  receivedAt: Date.now(),
  deadline: Date.now() + 60_000,
  holder,
});

describe("the memory store keeps the store contract", () => {
  registerRelayStoreConformance(it, () => [createMemoryRelayStore()]);
});

describe("the Redis store keeps the store contract", () => {
  registerRelayStoreConformance(it, () => redisStores(4).stores);
});

describe("the Redis store on a three-master Redis Cluster keeps the store contract", () => {
  registerRelayStoreConformance(it, () => {
    const prefix = `c${prefixes++}`;
    return Array.from({ length: 4 }, () => {
      const client = new Cluster(cluster.nodes);
      clients.push(client);
      const store = createRedisRelayStore({ client, prefix });
      opened.push(store);
      return store;
    });
  });

  it("spreads people over the masters: each person's keys in one slot, different people on different nodes", async () => {
    const client = new Cluster(cluster.nodes);
    clients.push(client);
    const prefix = `c${prefixes++}`;
    const store = createRedisRelayStore({ client, prefix });
    opened.push(store);
    const people = Array.from({ length: 12 }, (_, i) => `person-${i}`);
    for (const [i, owner] of people.entries()) expect(await store.open({ ...record(`spread${i}`), owner }, 10)).toBe(true);
    const masters = client.nodes("master");
    const holding = await Promise.all(masters.map(async (node) => (await node.keys(`${prefix}:open:*`)).length));
    expect(holding.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect(holding.reduce((a, b) => a + b, 0)).toBe(people.length);
  });
  it("keeps a person whose id holds braces in one slot (her hash tag escaped), and refuses a prefix with braces", async () => {
    const client = new Cluster(cluster.nodes);
    clients.push(client);
    const store = createRedisRelayStore({ client, prefix: `c${prefixes++}` });
    opened.push(store);
    await store.attach("h1", () => undefined);
    for (const [i, owner] of ["}{team}/ana", "{", "%7B"].entries()) {
      expect(await store.open({ ...record(`brace${i}`), owner }, 10)).toBe(true);
      await store.complete(owner, { serverName: "S", elicitationId: "e" }, [`brace${i}`]);
      expect((await store.snapshot(owner)).open.map((item) => [item.id, item.owner, item.completed])).toEqual([[`brace${i}`, owner, true]]);
      expect(await store.settle(`brace${i}`, { reason: "answered", result: { action: "decline" } }, owner)).toEqual({ status: "settled" });
      expect(await store.get(`brace${i}`)).toMatchObject({ owner, closed: "answered" });
    }
    expect(() => createRedisRelayStore({ client, prefix: "app:{relay}" })).toThrow(/prefix must not contain "\{" or "\}".*app:\{relay\}/);
  });
});

describe("the Redis store's holders", () => {
  it("takes no answer while its holder is not listening (alive by its lease, its feed down): nothing changes, the answer is tried again", async () => {
    const {
      stores: [store, other],
      prefix,
    } = redisStores(2);
    const { Redis } = await import("ioredis");
    const admin = new Redis(redis.url);
    // A holder whose lease is fresh but whose subscription is gone (reconnecting, or just killed).
    await admin.set(`${prefix}:lease:{h-deaf}`, "1", "PX", 10_000);
    expect(await store!.open(record("deaf1", "h-deaf"), 10)).toBe(true);
    const answer: RelaySettlement = { reason: "answered", result: { action: "accept", content: {} } };
    expect(await store!.settle("deaf1", answer, "alice")).toEqual({ status: "unreachable" });
    expect(await store!.get("deaf1")).toMatchObject({ record: { id: "deaf1" } });
    // Listening again: the retry is taken, and the holder hears it.
    const told: string[] = [];
    await other!.attach("h-deaf", (id) => told.push(id));
    expect(await store!.settle("deaf1", answer, "alice")).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(told).toEqual(["deaf1"]));
    await admin.quit();
  });
});
