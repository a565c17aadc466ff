// @vitest-environment node
// What only the Postgres store does, beside the conformance suite (test/server/testing/relayStores.test.ts):
// events and answers larger than a NOTIFY can carry still arrive whole, people's ids of any characters stay
// apart (the store writes some values into its SQL, escaped), a host's own pool is used and left open, the
// tables it makes are the documented ones, and a prefix that cannot name a table is refused.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RelayRecord, RelaySettlement, RelayStoreEvent } from "../../../src/server/ElicitationRelayStore";
import { createPostgresRelayStore, type PostgresRelayStore } from "../../../src/server/postgres/createPostgresRelayStore";
import { startPostgres, type RunningPostgres } from "../helpers/postgresServer";

let postgres: RunningPostgres;
const opened: PostgresRelayStore[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
}, 30_000);
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await postgres?.stop();
});

const store = (prefix: string, pool?: pg.Pool) => {
  const made = pool ? createPostgresRelayStore({ pool, prefix }) : createPostgresRelayStore({ connectionString: postgres.url, prefix });
  opened.push(made);
  return made;
};

// A select of 600 options: its record is some 20 000 bytes, more than twice what one NOTIFY carries.
const big = (id: string, owner: string): RelayRecord => ({
  id,
  owner,
  serverName: "Catalogue",
  params: { message: "Pick one — «ü»", requestedSchema: { type: "object", properties: { item: { type: "string", enum: Array.from({ length: 600 }, (_, i) => `item-${i}-ünïcødé`) } }, required: ["item"] } },
  receivedAt: Date.now(),
  deadline: Date.now() + 60_000,
  holder: "h-big",
});

describe("the Postgres store", () => {
  it("carries a request and an answer too large for a NOTIFY whole, in order with the events around them", async () => {
    const [holding, watching] = [store("big"), store("big")];
    const told: [string, RelaySettlement][] = [];
    await holding.attach("h-big", (id, settlement) => told.push([id, settlement]));
    const events: RelayStoreEvent[] = [];
    await watching.subscribe("ann", (event) => events.push(event));
    const record = big("big1", "ann");
    expect(await holding.open({ ...record, id: "small0", params: { message: "Hi", requestedSchema: { type: "object", properties: {} } } }, 10)).toBe(true);
    expect(await holding.open(record, 10)).toBe(true);
    // Read from its row when its notification arrives (one closed before that is skipped: its `closed` follows).
    await vi.waitFor(() => expect(events).toHaveLength(2));
    const answer: RelaySettlement = { reason: "answered", result: { action: "accept", content: { note: "ü".repeat(6_000) } } };
    expect(await watching.settle("big1", answer, "ann")).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(events.map((event) => event.type)).toEqual(["request", "request", "closed"]));
    expect(events[1]).toEqual({ type: "request", position: events[1]!.position, record });
    expect(events.map((event) => event.position)).toEqual([...events.map((event) => event.position)].sort((a, b) => a - b));
    await vi.waitFor(() => expect(told).toEqual([["big1", answer]]));
  });

  it("a holder's closing of a request whose open has not arrived yet keeps that open from opening when it lands: nothing is shown, nothing is answered", async () => {
    const [holding, watching] = [store("unopened"), store("unopened")];
    await holding.attach("h-late", () => undefined);
    const events: RelayStoreEvent[] = [];
    await watching.subscribe("uma", (event) => events.push(event));
    const record: RelayRecord = { ...big("late1", "uma"), params: { message: "Hi", requestedSchema: { type: "object", properties: {} } }, holder: "h-late" };
    // The holder gave up on the open (its reply did not come in time) and closes it; the store has not seen it.
    expect(await holding.settle("late1", { reason: "closed" })).toEqual({ status: "not-found" });
    // The open, held up on the way, lands after: it opens nothing, and the next one of hers opens as usual.
    expect(await holding.open(record, 10)).toBe(false);
    expect(await holding.open({ ...record, id: "late2" }, 10)).toBe(true);
    await vi.waitFor(() => expect(events.map((event) => event.type)).toEqual(["request"]));
    expect((events[0] as { record: RelayRecord }).record.id).toBe("late2");
    expect((await watching.snapshot("uma")).open.map(({ id }) => id)).toEqual(["late2"]);
    expect(await watching.get("late1")).toBeUndefined();
    expect(await watching.settle("late1", { reason: "answered", result: { action: "accept", content: {} } }, "uma")).toEqual({ status: "not-found" });
    // Her holder's closing written again finds it closed as it wrote it, and is done.
    expect(await holding.settle("late1", { reason: "closed" })).toEqual({ status: "already-closed", reason: "closed", settlement: { reason: "closed" } });
  });

  it("a holder's closing racing its open: whichever the database takes first, the request ends closed and nobody's answer is taken", async () => {
    const [holding, watching] = [store("unopenedrace"), store("unopenedrace")];
    await holding.attach("h-race", () => undefined);
    const base: RelayRecord = { ...big("race0", "rae"), params: { message: "Hi", requestedSchema: { type: "object", properties: {} } }, holder: "h-race" };
    for (let i = 0; i < 20; i++) {
      const id = `race${i}`;
      const [opened, closing] = await Promise.all([holding.open({ ...base, id }, 100), holding.settle(id, { reason: "closed" })]);
      // The open first: it opened, and the closing closed it. The closing first: the open opened nothing.
      expect({ opened, closing: closing.status }).toEqual(opened ? { opened, closing: "settled" } : { opened, closing: "not-found" });
      expect((await watching.settle(id, { reason: "answered", result: { action: "accept", content: {} } }, "rae")).status).toBe(opened ? "already-closed" : "not-found");
    }
    expect((await watching.snapshot("rae")).open).toEqual([]);
  });

  it("hands on the events right behind a large request after it, in position order, while its row is read", async () => {
    const [holding, watching] = [store("bigorder"), store("bigorder")];
    await holding.attach("h-big", () => undefined);
    const events: RelayStoreEvent[] = [];
    await watching.subscribe("ann", (event) => events.push(event));
    const small = (id: string): RelayRecord => ({ ...big(id, "ann"), params: { message: "Hi", requestedSchema: { type: "object", properties: {} } } });
    // Sent together: the large one's notification (by id) arrives just before the small ones (whole).
    await Promise.all([holding.open(big("big2", "ann"), 10), holding.open(small("small2"), 10), holding.open(small("small3"), 10)]);
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events.map((event) => event.position)).toEqual([...events.map((event) => event.position)].sort((a, b) => a - b));
    expect(events.map((event) => (event.type === "request" ? event.record.id : event.type)).sort()).toEqual(["big2", "small2", "small3"]);
  });

  it("its sweep closes the requests of a holder whose lease lapsed, and tells one attached holder of one handle (the record's), once", async () => {
    const timings = { leaseMs: 300, sweepMs: 100 };
    const made = () => {
      const handle = createPostgresRelayStore({ connectionString: postgres.url, prefix: "swept", ...timings });
      opened.push(handle);
      return handle;
    };
    const [dying, survivorA, survivorB] = [made(), made(), made()];
    const closedByStore: [string, string, string][] = [];
    for (const [handle, holder] of [[survivorA, "h-a"], [survivorB, "h-b"]] as const) {
      await handle.attach(holder, () => undefined, undefined, undefined, (record, reason) => closedByStore.push([holder, record.id, reason]));
    }
    await dying.attach("h-dead", () => undefined);
    expect(await dying.open({ ...big("dead1", "ann"), holder: "h-dead", params: { message: "Hi", requestedSchema: { type: "object", properties: {} } } }, 10)).toBe(true);
    // The instance dies: its lease is no longer refreshed (nothing is detached).
    await dying.close();
    await vi.waitFor(() => expect(closedByStore).toHaveLength(1), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(closedByStore.map(([, id, reason]) => [id, reason])).toEqual([["dead1", "closed"]]);
  });

  it("keeps people apart whatever their ids hold (quotes, backslashes, braces, emoji): each sees and answers only her own", async () => {
    const [one, two] = [store("odd"), store("odd")];
    await one.attach("h1", () => undefined);
    const owners = ["O'Brien", "back\\slash\\", "'; DROP TABLE odd_requests; --", "}{team}/ana", "🦊 ü", "E'x'"];
    for (const [i, owner] of owners.entries()) expect(await one.open({ ...big(`odd${i}`, owner), holder: "h1" }, 1)).toBe(true);
    for (const [i, owner] of owners.entries()) {
      expect((await two.snapshot(owner)).open.map((record) => [record.id, record.owner])).toEqual([[`odd${i}`, owner]]);
      expect(await two.settle(`odd${(i + 1) % owners.length}`, { reason: "answered", result: { action: "decline" } }, owner)).toEqual({ status: "not-found" });
      expect(await two.settle(`odd${i}`, { reason: "answered", result: { action: "decline" } }, owner)).toEqual({ status: "settled" });
    }
  });

  it("uses a pool the host gives it, makes only its own tables, and leaves the pool open when it closes", async () => {
    const pool = new pg.Pool({ connectionString: postgres.url, max: 3 });
    const made = createPostgresRelayStore({ pool, prefix: "hosted" });
    expect(await made.open({ ...big("p1", "bo"), holder: "h1" }, 10)).toBe(true);
    const tables = await pool.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE tablename LIKE 'hosted%' ORDER BY tablename");
    expect(tables.rows.map((row) => row.tablename)).toEqual(["hosted_claims", "hosted_completions", "hosted_holders", "hosted_kept", "hosted_meta", "hosted_people", "hosted_requests", "hosted_rounds"]);
    await made.close();
    expect((await pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it("runs as a role that may only read and write its tables once they exist (no CREATE): answers reach their holder", async () => {
    // Made once by their owner (this role may create them)...
    await store("granted").snapshot("nobody");
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const tables = ["people", "requests", "rounds", "completions", "holders", "meta", "claims", "kept"].map((name) => `granted_${name}`).join(", ");
    // ...then used by a role with the rights docs/relay.md lists (Postgres 15 gives nobody CREATE on public by default).
    await admin.query(`CREATE ROLE relay_app LOGIN; GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables} TO relay_app`);
    await admin.end();
    const asApp = postgres.url.replace("postgres@", "relay_app@");
    const [holding, answering] = [createPostgresRelayStore({ connectionString: asApp, prefix: "granted" }), createPostgresRelayStore({ connectionString: asApp, prefix: "granted" })];
    opened.push(holding, answering);
    const told: string[] = [];
    await holding.attach("h-app", (id) => told.push(id));
    expect(await holding.open({ ...big("app1", "cy"), holder: "h-app" }, 10)).toBe(true);
    expect(await answering.settle("app1", { reason: "answered", result: { action: "decline" } }, "cy")).toEqual({ status: "settled" });
    await vi.waitFor(() => expect(told).toEqual(["app1"]));
  });

  it("refuses a prefix that cannot name its tables, and a timing that is not a whole number > 0, naming it", () => {
    expect(() => createPostgresRelayStore({ connectionString: postgres.url, prefix: "App-Relay" })).toThrow(/prefix must be lower-case letters.*"App-Relay"/);
    expect(() => createPostgresRelayStore({ connectionString: postgres.url, leaseMs: 0 })).toThrow("createPostgresRelayStore: leaseMs must be a whole number > 0.");
  });
});
