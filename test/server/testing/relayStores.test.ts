// @vitest-environment node
// The store conformance suite ("react-mcp-elicitation/server/testing"), run as a store's author runs
// it: on the memory store, and on the Redis store with four handles (the instances of one
// deployment, each with its own connections) on one real redis-server and on a real Redis Cluster
// of three masters through ioredis' Cluster client. Then what only the Redis store does.
import { Cluster, Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RelaySettlement } from "../../../src/server/ElicitationRelayStore";
import { createRedisRelayStore, type RedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { registerRelayStoreConformance } from "../../../src/server/testing";
import { relayStoreKinds } from "../helpers/relayStoreKinds";

const stores = relayStoreKinds("s");
beforeAll(stores.start, 60_000);
afterAll(stores.stop);

describe.each(stores.kinds)("the %s store keeps the store contract", (_kind, make) => {
  registerRelayStoreConformance(it, () => make(4));
});

const record = (id: string, owner = "alice", holder = "h1") => ({
  id,
  owner,
  serverName: "S",
  params: { message: "m", requestedSchema: { type: "object" as const, properties: {}, required: [] } },
  receivedAt: Date.now(),
  deadline: Date.now() + 60_000,
  holder,
});

describe("the Redis store on a Redis Cluster", () => {
  const clients: Cluster[] = [];
  const opened: RedisRelayStore[] = [];
  let prefixes = 0;
  afterAll(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await Promise.all(clients.map((client) => client.quit()));
  });
  const storeOn = (prefix = `k${prefixes++}`) => {
    const client = new Cluster(stores.clusterNodes());
    clients.push(client);
    const store = createRedisRelayStore({ client, prefix });
    opened.push(store);
    return { client, store };
  };

  it("spreads people over the masters: each person's keys in one slot, different people on different nodes", async () => {
    const { client, store } = storeOn();
    for (let i = 0; i < 12; i++) expect(await store.open(record(`spread${i}`, `person-${i}`), 10)).toBe(true);
    const holding = await Promise.all(client.nodes("master").map(async (node) => (await node.keys(`k${prefixes - 1}:open:*`)).length));
    expect(holding.filter((count) => count > 0).length).toBeGreaterThan(1);
    expect(holding.reduce((a, b) => a + b, 0)).toBe(12);
  });

  it("takes an answer for a holder that listens through any node, and none for one that does not", async () => {
    const prefix = `k${prefixes++}`;
    const [answering, holding] = [storeOn(prefix), storeOn(prefix)];
    // A holder whose lease is fresh but who listens nowhere.
    await answering.client.set(`${prefix}:lease:{h-deaf}`, "1", "PX", 10_000);
    const answer: RelaySettlement = { reason: "answered", result: { action: "decline" } };
    expect(await answering.store.open(record("cdeaf", "alice", "h-deaf"), 10)).toBe(true);
    expect(await answering.store.settle("cdeaf", answer, "alice")).toEqual({ status: "unreachable" });
    // A holder whose subscription is on one node: answers from another handle are taken every time.
    const told: string[] = [];
    await holding.store.attach("h-live", (id) => told.push(id));
    const ids = Array.from({ length: 6 }, (_, i) => `clive${i}`);
    for (const id of ids) expect(await holding.store.open(record(id, `p-${id}`, "h-live"), 10)).toBe(true);
    for (const id of ids) expect(await answering.store.settle(id, answer, `p-${id}`)).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(told.sort()).toEqual(ids));
  });

  it("keeps a person whose id holds braces in one slot (her hash tag escaped), and refuses a prefix with braces", async () => {
    const { client, store } = storeOn();
    await store.attach("h1", () => undefined);
    for (const [i, owner] of ["}{team}/ana", "{", "%7B"].entries()) {
      expect(await store.open(record(`brace${i}`, owner), 10)).toBe(true);
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
    const prefix = "s-deaf";
    const admin = new Redis(stores.redisUrl());
    const deaf = createRedisRelayStore({ url: stores.redisUrl(), prefix });
    const listening = createRedisRelayStore({ url: stores.redisUrl(), prefix });
    // A holder whose lease is fresh but whose subscription is gone (reconnecting, or just killed).
    await admin.set(`${prefix}:lease:{h-deaf}`, "1", "PX", 10_000);
    expect(await deaf.open(record("deaf1", "alice", "h-deaf"), 10)).toBe(true);
    const answer: RelaySettlement = { reason: "answered", result: { action: "accept", content: {} } };
    expect(await deaf.settle("deaf1", answer, "alice")).toEqual({ status: "unreachable" });
    expect(await deaf.get("deaf1")).toMatchObject({ record: { id: "deaf1" } });
    // Listening again: the retry is taken, and the holder hears it.
    const told: string[] = [];
    await listening.attach("h-deaf", (id) => told.push(id));
    expect(await deaf.settle("deaf1", answer, "alice")).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(told).toEqual(["deaf1"]));
    await Promise.all([deaf.close(), listening.close(), admin.quit()]);
  });
});
