// @vitest-environment node
// A store built from the public kit (createRelayStore) by someone outside the package: the toy store beside this
// file, its data an object in this process, passes the conformance suite its author would run; and the kit does
// what the store's feed tells it (a line cut, a line back) as the relay needs.
import { afterAll, describe, expect, it, vi } from "vitest";
import type { RelaySettlement, RelayStoreEvent } from "../../../src/server";
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

  it("refuses timings that are not whole numbers > 0, naming the option", async () => {
    const { createRelayStore } = await import("../../../src/server");
    const parts = { operations: {}, leases: {}, feed: {} } as unknown as Parameters<typeof createRelayStore>[0];
    expect(() => createRelayStore({ ...parts, timings: { leaseMs: 0, sweepMs: 5_000, heartbeatMs: 5_000 } })).toThrow(/createRelayStore: leaseMs must be a whole number > 0/);
  });
});
