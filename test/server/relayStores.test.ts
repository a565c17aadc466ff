// @vitest-environment node
// The store contract both stores keep, checked on each: one winner among racing settles (for Redis,
// each from its own connection), another person's request unknown, recent closings remembered,
// holders told once.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import type { ElicitationRelayStore, RelayRecord, RelayRound, RelaySettlement, RelayStoreEvent } from "../../src/server/ElicitationRelayStore";
import { createRedisRelayStore, type RedisRelayStore } from "../../src/server/redis/createRedisRelayStore";
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

const record = (id: string, owner = "alice", holder = "h1"): RelayRecord => ({
  id,
  owner,
  serverName: "S",
  params: { message: "m", requestedSchema: { type: "object", properties: {}, required: [] } },
  receivedAt: Date.now(),
  deadline: Date.now() + 60_000,
  holder,
});

const kinds: [string, () => ElicitationRelayStore[]][] = [
  ["memory", () => [createMemoryRelayStore()]],
  [
    "redis",
    () => {
      const prefix = `s${prefixes++}`;
      // Several stores, several connections: the instances of one deployment.
      const stores = Array.from({ length: 4 }, () => createRedisRelayStore({ url: redis.url, prefix }));
      opened.push(...stores);
      return stores;
    },
  ],
];

describe.each(kinds)("the %s store", (_kind, make) => {
  it("lets exactly one of many racing settles win, and tells the holder once", async () => {
    const stores = make();
    const told: [string, RelaySettlement][] = [];
    await stores[0]!.attach("h1", (id, settlement) => told.push([id, settlement]));
    expect(await stores[0]!.open(record("race1"), 10)).toBe(true);
    const attempts = Array.from({ length: 24 }, (_, i) =>
      stores[i % stores.length]!.settle("race1", i % 3 === 0 ? { reason: "timeout" } : { reason: "answered", result: { action: "accept", content: { n: i } } }, i % 3 === 0 ? undefined : "alice"),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o.status === "settled")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "already-closed")).toHaveLength(23);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(told).toHaveLength(1);
  });

  it("keeps a request from anyone but its owner, and remembers why a request closed", async () => {
    const [store] = make();
    expect(await store!.open(record("own1"), 10)).toBe(true);
    expect(await store!.settle("own1", { reason: "answered", result: { action: "decline" } }, "bob")).toEqual({ status: "not-found" });
    expect(await store!.get("own1")).toMatchObject({ owner: "alice", record: { id: "own1" } });
    expect(await store!.settle("own1", { reason: "withdrawn" })).toEqual({ status: "settled" });
    expect(await store!.get("own1")).toEqual({ owner: "alice", closed: "withdrawn", settlement: { reason: "withdrawn" } });
    expect(await store!.settle("own1", { reason: "answered", result: { action: "decline" } }, "bob")).toEqual({ status: "not-found" });
    expect(await store!.settle("own1", { reason: "answered", result: { action: "decline" } }, "alice")).toMatchObject({ status: "already-closed", reason: "withdrawn" });
    expect(await store!.get("nope")).toBeUndefined();
  });

  it("takes no answer nobody can receive: past its deadline it closes as timed out, with its holder gone as closed", async () => {
    const [store] = make();
    const told: [string, RelaySettlement][] = [];
    const stop = await store!.attach("h1", (id, settlement) => told.push([id, settlement]));
    // The holder's own timeout could not be written (the store refused it): the answer that comes later is not taken.
    expect(await store!.open({ ...record("late1"), deadline: Date.now() - 1 }, 10)).toBe(true);
    const answer: RelaySettlement = { reason: "answered", result: { action: "accept", content: {} } };
    expect(await store!.settle("late1", answer, "alice")).toEqual({ status: "already-closed", reason: "timeout" });
    expect(await store!.get("late1")).toMatchObject({ closed: "timeout" });
    // An instance that is gone (its lease lapsed, or it stopped holding): nobody would receive the answer.
    expect(await store!.open(record("gone1", "alice", "h-gone"), 10)).toBe(true);
    expect(await store!.settle("gone1", answer, "alice")).toEqual({ status: "already-closed", reason: "closed" });
    expect(await store!.open(record("live1"), 10)).toBe(true);
    expect(await store!.settle("live1", answer, "alice")).toEqual({ status: "settled" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(told).toEqual([
      ["late1", { reason: "timeout" }],
      ["live1", answer],
    ]);
    await stop();
  });

  it("refuses an open beyond the person's maximum, atomically", async () => {
    const stores = make();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.open(record(`max${i}`, "carol"), 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("gives a snapshot with growing positions, and events past it to subscribers", async () => {
    const [store] = make();
    await store!.attach("h1", () => undefined);
    const events: RelayStoreEvent[] = [];
    await store!.subscribe("dave", (event) => events.push(event));
    await store!.open(record("d1", "dave"), 10);
    await store!.open(record("d2", "dave"), 10);
    await store!.settle("d1", { reason: "timeout" });
    const snapshot = await store!.snapshot("dave");
    expect(snapshot.open.map((r) => r.id)).toEqual(["d2"]);
    expect(snapshot.open[0]).toEqual(expect.objectContaining({ id: "d2", params: record("d2").params }));
    expect(snapshot.closed.map(({ id, reason }) => ({ id, reason }))).toEqual([{ id: "d1", reason: "timeout" }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.map((e) => e.type)).toEqual(["request", "request", "closed"]);
    const positions = events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(3);
    expect(snapshot.position).toBe(positions[2]);
  });
});

const roundOf = (id: string, owner: string, deadline = Date.now() + 60_000): RelayRound => ({
  id,
  owner,
  serverName: "S",
  call: { name: "deploy", arguments: { app: "shop" } },
  requestState: "state-1",
  requests: { a: `${id}a`, b: `${id}b`, pre: undefined },
  answers: { pre: { action: "decline" } },
  deadline,
});
const parkedRecords = (round: RelayRound): RelayRecord[] =>
  ["a", "b"].map((key) => ({ ...record(`${round.id}${key}`, round.owner, ""), deadline: round.deadline, round: { id: round.id, key } }));

describe.each(kinds)("the %s store's parked rounds", (_kind, make) => {
  it("gives a round, with every answer, to exactly one of many racing settles: the one that records its last answer", async () => {
    const stores = make();
    const at = (i: number) => stores[i % stores.length]!;
    const round = roundOf("r1", "erin");
    expect(await stores[0]!.park(round, parkedRecords(round), 10)).toBe(true);
    expect((await at(1).snapshot("erin")).open.map((r) => r.id)).toEqual(["r1a", "r1b"]);
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        stores[i % stores.length]!.settle(i % 2 === 0 ? "r1a" : "r1b", { reason: "answered", result: { action: "accept", content: { n: i } } }, "erin"),
      ),
    );
    expect(outcomes.filter((o) => o.status === "settled")).toHaveLength(2);
    const resumes = outcomes.flatMap((o) => (o.status === "settled" && o.resume ? [o.resume] : []));
    expect(resumes).toHaveLength(1);
    const winners = outcomes.map((o, i) => (o.status === "settled" ? i : -1)).filter((i) => i >= 0);
    expect(resumes[0]).toEqual({
      ...round,
      answers: {
        pre: { action: "decline" },
        a: { action: "accept", content: { n: winners.find((i) => i % 2 === 0) } },
        b: { action: "accept", content: { n: winners.find((i) => i % 2 === 1) } },
      },
    });
    expect(await stores[0]!.expireRounds(Date.now() + 120_000)).toEqual([]);
  });

  it("expires a round once among racing sweeps: open requests close (timeout), unanswered keys are cancel", async () => {
    const stores = make();
    const at = (i: number) => stores[i % stores.length]!;
    const round = roundOf("r2", "finn", Date.now() + 1_000);
    expect(await stores[0]!.park(round, parkedRecords(round), 10)).toBe(true);
    expect(await at(1).settle("r2a", { reason: "answered", result: { action: "accept", content: { x: 1 } } }, "finn")).toEqual({ status: "settled" });
    expect(await at(2).expireRounds(Date.now())).toEqual([]);
    const swept = await Promise.all(stores.map((store) => store.expireRounds(round.deadline)));
    expect(swept.flat()).toEqual([{ ...round, answers: { pre: { action: "decline" }, a: { action: "accept", content: { x: 1 } }, b: { action: "cancel" } } }]);
    expect(await stores[0]!.get("r2b")).toEqual({ owner: "finn", closed: "timeout", settlement: { reason: "timeout" } });
    expect(await stores[0]!.settle("r2b", { reason: "answered", result: { action: "decline" } }, "finn")).toMatchObject({ status: "already-closed", reason: "timeout" });
  });

  it("parks all of a round or nothing: refused when its requests would pass the person's maximum", async () => {
    const [store] = make();
    await store!.attach("h1", () => undefined);
    expect(await store!.open(record("g0", "gail"), 3)).toBe(true);
    expect(await store!.open(record("g1", "gail"), 3)).toBe(true);
    const round = roundOf("r3", "gail");
    expect(await store!.park(round, parkedRecords(round), 3)).toBe(false);
    expect((await store!.snapshot("gail")).open.map((r) => r.id)).toEqual(["g0", "g1"]);
    expect(await store!.expireRounds(Date.now() + 120_000)).toEqual([]);
  });
});

describe("the redis store's holders", () => {
  it("takes no answer while its holder is not listening (alive by its lease, its feed down): nothing changes, the answer is tried again", async () => {
    const [store, other] = kinds[1]![1]();
    const { Redis } = await import("ioredis");
    const admin = new Redis(redis.url);
    // A holder whose lease is fresh but whose subscription is gone (reconnecting, or just killed).
    await admin.set(`s${prefixes - 1}:lease:h-deaf`, "1", "PX", 10_000);
    expect(await store!.open(record("deaf1", "alice", "h-deaf"), 10)).toBe(true);
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
