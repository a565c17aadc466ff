// @vitest-environment node
// The memory store keeps leases as a shared store does, driven by the relay's upkeep: a holder that stops
// renewing (a process stalled past its lease) has its requests closed "closed" by the sweep and by an answer,
// and left out of snapshots; one that renews keeps them; no timer runs once the last holder left.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import type { RelayRecord, RelaySettlement } from "../../src/server/ElicitationRelayStore";

afterEach(() => {
  vi.useRealTimers();
});

const form = { message: "Your name?", requestedSchema: { type: "object" as const, properties: {}, required: [] } };
const record = (id: string): RelayRecord => ({ id, owner: "ada", serverName: "S", params: form, receivedAt: Date.now(), deadline: Date.now() + 600_000, holder: "h1" });
const answer: RelaySettlement = { reason: "answered", result: { action: "decline" } };

async function holding() {
  vi.useFakeTimers();
  const store = createMemoryRelayStore({ leaseMs: 30_000, sweepMs: 1_000 });
  const [settled, closed] = [[] as [string, RelaySettlement][], [] as [string, string][]];
  const detach = await store.attach("h1", (id, settlement) => settled.push([id, settlement]), undefined, undefined, (gone, reason) => closed.push([gone.id, reason]));
  expect(await store.open(record("r1"), 10)).toBe(true);
  return { store, settled, closed, detach };
}

describe("createMemoryRelayStore's leases", () => {
  it("a holder whose lease lapsed (its renewals stalled): its request leaves snapshots, and the sweep closes it and tells the holder once", async () => {
    const { store, settled, closed } = await holding();
    // The clock moves past the lease with no renewal run (a process stalled that long).
    vi.setSystemTime(Date.now() + 31_000);
    expect((await store.snapshot("ada")).open).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(closed).toEqual([["r1", "closed"]]);
    expect(settled).toEqual([["r1", { reason: "closed" }]]);
    expect(await store.get("r1")).toMatchObject({ closed: "closed" });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(closed).toHaveLength(1);
  });

  it("an answer for a holder whose lease lapsed is not taken: the request closes (closed), told once", async () => {
    const { store, closed } = await holding();
    vi.setSystemTime(Date.now() + 31_000);
    expect(await store.settle("r1", answer, "ada")).toEqual({ status: "already-closed", reason: "closed" });
    expect(closed).toEqual([["r1", "closed"]]);
  });

  it("a holder that renews keeps its request past many leases, and no timer is left once it detached", async () => {
    const { store, settled, detach } = await holding();
    await vi.advanceTimersByTimeAsync(95_000);
    expect((await store.snapshot("ada")).open.map(({ id }) => id)).toEqual(["r1"]);
    expect(await store.settle("r1", answer, "ada")).toEqual({ status: "settled" });
    expect(settled).toEqual([["r1", answer]]);
    await detach();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("refuses a timing that is not a whole number > 0, naming it", () => {
    expect(() => createMemoryRelayStore({ leaseMs: 0 })).toThrow("createMemoryRelayStore: leaseMs must be a whole number > 0.");
    expect(() => createMemoryRelayStore({ recentMs: 1.5 })).toThrow("createMemoryRelayStore: recentMs must be a whole number > 0.");
  });
});
