// @vitest-environment node
// A store built from the public kit (createRelayStore) by someone outside the package: the toy store beside this
// file, its data an object in this process, passes the conformance suite its author would run; and the kit does
// what the store's feed tells it (a line cut, a line back) as the relay needs.
import { afterAll, describe, expect, it, vi } from "vitest";
import { createRelayStore, type RelayFeedConnection, type RelaySettlement, type RelayStoreEvent, type RelayStoreOperations, type RelayStoreParts } from "../../../src/server";
import { registerRelayStoreConformance } from "../../../src/server/testing";
import { createToyDatabase, createToyRelayStore } from "./toyRelayStore";

const opened: ReturnType<typeof createToyRelayStore>[] = [];
const handles = (count: number) => {
  const db = createToyDatabase();
  const stores = Array.from({ length: count }, () => createToyRelayStore(db));
  opened.push(...stores);
  return stores;
};
afterAll(() => Promise.all(opened.map((store) => store.close())));

const record = (id: string, holder = "h1") => ({
  id,
  owner: "alice",
  serverName: "S",
  params: { message: "m", requestedSchema: { type: "object" as const, properties: {}, required: [] } },
  receivedAt: Date.now(),
  deadline: Date.now() + 60_000,
  holder,
});
const answer: RelaySettlement = { reason: "answered", result: { action: "decline" } };

describe("a store built with createRelayStore keeps the store contract", () => {
  registerRelayStoreConformance(it, () => handles(3));
});

describe("createRelayStore, hearing the store's feed", () => {
  it("ends a person's subscription when the line drops, and once it is back has each holder check, hearing its settlements again", async () => {
    const [holding, answering] = handles(2) as [ReturnType<typeof createToyRelayStore>, ReturnType<typeof createToyRelayStore>];
    const [told, checks, ended] = [[] as string[], [] as boolean[], [] as string[]];
    await holding.attach("h1", (id) => told.push(id), ({ reset }) => checks.push(reset));
    const events: RelayStoreEvent[] = [];
    await holding.subscribe("alice", (event) => events.push(event), () => ended.push("alice"));
    expect(await answering.open(record("k1"), 10)).toBe(true);
    await vi.waitFor(() => expect(events.map((event) => event.type)).toEqual(["request"]));

    holding.cut();
    // What was sent meanwhile is lost: the person's subscription is over, and says so once.
    expect(ended).toEqual(["alice"]);
    // Its holder is leased but deaf: an answer is not taken.
    expect(await answering.settle("k1", answer, "alice")).toEqual({ status: "unreachable" });

    await holding.back(true);
    expect(checks).toEqual([true]);
    expect(await answering.settle("k1", answer, "alice")).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(told).toEqual(["k1"]));
    expect(ended).toEqual(["alice"]);
  });

  // A feed whose connection never answers a ping, and a store whose close() never ends: what the kit does with each.
  const stuck = (close?: RelayStoreParts["close"]) => {
    const dropped: number[] = [];
    const feed: RelayFeedConnection = {
      channels: { holder: (holder) => `h:${holder}`, person: (owner) => `p:${owner}`, stops: "stops" },
      connect: () => undefined,
      subscribe: async () => undefined,
      unsubscribe: async () => undefined,
      publish: async () => undefined,
      ping: () => new Promise(() => undefined),
      drop: () => void dropped.push(Date.now()),
    };
    const leases = { lease: async () => undefined, release: async () => undefined, sweep: async () => [] };
    const none = async () => undefined as never;
    const operations: RelayStoreOperations = { open: none, get: none, settle: none, snapshot: none, park: none, expireRounds: none, complete: none, claim: none, keep: none, kept: none };
    const parts: RelayStoreParts = { operations, leases, feed, timings: { leaseMs: 60_000, sweepMs: 60_000, heartbeatMs: 200 }, ...(close ? { close } : {}) };
    return { parts, dropped };
  };

  it("drops a connection that does not answer its ping within half the heartbeat, and pings no more once closed", async () => {
    const { parts, dropped } = stuck();
    const store = createRelayStore(parts);
    const start = Date.now();
    await vi.waitFor(() => expect(dropped.length).toBeGreaterThan(0), { timeout: 2_000 });
    expect(dropped[0]! - start).toBeGreaterThanOrEqual(250);
    await store.close();
    const count = dropped.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(dropped.length).toBe(count);
  });

  it("waits for the store's close() at most a heartbeat, then aborts its signal; one that ends in time is not aborted", async () => {
    let abandoned: AbortSignal | undefined;
    const hanging = createRelayStore(stuck((signal) => ((abandoned = signal), new Promise(() => undefined))).parts);
    const start = Date.now();
    await hanging.close();
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(abandoned?.aborted).toBe(true);
    let ended: AbortSignal | undefined;
    await createRelayStore(stuck(async (signal) => void (ended = signal)).parts).close();
    expect(ended?.aborted).toBe(false);
  });

  it("refuses a part without one of its steps, and timings that are not whole numbers > 0, naming what is wrong", () => {
    const { parts: whole } = stuck();
    const parts = { ...whole, operations: { ...whole.operations, settle: undefined } } as unknown as RelayStoreParts;
    expect(() => createRelayStore(parts)).toThrow(/createRelayStore: operations\.settle must be a function/);
    expect(() => createRelayStore({ ...whole, timings: { ...whole.timings, leaseMs: 0 } })).toThrow(/createRelayStore: leaseMs must be a whole number > 0/);
  });
});
