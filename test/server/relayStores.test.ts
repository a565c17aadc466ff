// @vitest-environment node
// The store conformance suite ("react-mcp-elicitation/server/testing"), run as a store's author runs
// it: on the memory store, and on the Redis store with four handles (the instances of one
// deployment, each with its own connections) on one real redis-server.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import type { RelaySettlement } from "../../src/server/ElicitationRelayStore";
import { createRedisRelayStore, type RedisRelayStore } from "../../src/server/redis/createRedisRelayStore";
import { registerRelayStoreConformance } from "../../src/server/testing";
import { startRedis, type RunningRedis } from "./redisServer";

let redis: RunningRedis;
const opened: RedisRelayStore[] = [];
let prefixes = 0;

beforeAll(async () => {
  redis = await startRedis();
}, 20_000);
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await redis?.stop();
});

const redisStores = (count: number) => {
  const prefix = `s${prefixes++}`;
  const stores = Array.from({ length: count }, () => createRedisRelayStore({ url: redis.url, prefix }));
  opened.push(...stores);
  return { stores, prefix };
};

describe("the memory store keeps the store contract", () => {
  registerRelayStoreConformance(it, () => [createMemoryRelayStore()]);
});

describe("the Redis store keeps the store contract", () => {
  registerRelayStoreConformance(it, () => redisStores(4).stores);
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
    await admin.set(`${prefix}:lease:h-deaf`, "1", "PX", 10_000);
    const record = {
      id: "deaf1",
      owner: "alice",
      serverName: "S",
      params: { message: "m", requestedSchema: { type: "object" as const, properties: {}, required: [] } },
      receivedAt: Date.now(),
      deadline: Date.now() + 60_000,
      holder: "h-deaf",
    };
    expect(await store!.open(record, 10)).toBe(true);
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
