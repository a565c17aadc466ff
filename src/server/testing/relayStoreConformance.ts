// What the relay relies on from its store, as cases a store's author runs with any test runner
// (registerRelayStoreConformance). Each case makes a fresh store and throws an Error saying what broke.
import type { ElicitResult } from "../../core/types";
import type { ElicitationRelayStore, RelayRecord, RelayRound, RelaySettlement, RelayStop, RelayStoreEvent } from "../ElicitationRelayStore";
import { requestEventJson } from "../relay/requestEventJson";
import { check, eventually, has, pause, same } from "./checks";

/**
 * Makes one fresh, empty store and returns handles on it, one per instance of a deployment: a store
 * shared by several processes gives each its own connection (racing settles then come from several),
 * a store for one process may return itself once. Every call must start from nothing (a new prefix).
 */
export type MakeRelayStores = () => ElicitationRelayStore[] | Promise<ElicitationRelayStore[]>;

/** One behaviour the relay relies on: `run` resolves when the store keeps it, and throws an Error naming what broke. */
export interface RelayStoreConformanceCase {
  name: string;
  run(makeStores: MakeRelayStores): Promise<void>;
}

const form = { message: "Your name?", requestedSchema: { type: "object" as const, properties: { name: { type: "string" as const } }, required: [] } };

const record = (id: string, owner: string, holder = "h1", deadline = Date.now() + 60_000): RelayRecord => ({
  id,
  owner,
  serverName: "S",
  params: form,
  receivedAt: Date.now(),
  deadline,
  holder,
});

const answer = (content: Record<string, string | number | boolean | string[]> = {}): RelaySettlement => ({ reason: "answered", result: { action: "accept", content } });

async function handles(makeStores: MakeRelayStores): Promise<[ElicitationRelayStore, ...ElicitationRelayStore[]]> {
  const stores = await makeStores();
  check(stores.length > 0, "makeStores returned no store");
  return stores as [ElicitationRelayStore, ...ElicitationRelayStore[]];
}

const round = (id: string, owner: string, deadline = Date.now() + 60_000): RelayRound => ({
  id,
  owner,
  serverName: "S",
  call: { name: "deploy", arguments: { app: "shop" } },
  requestState: "state-1",
  requests: { a: `${id}a`, b: `${id}b`, pre: undefined },
  answers: { pre: { action: "decline" } },
  deadline,
});

const roundRecords = (parked: RelayRound): RelayRecord[] =>
  ["a", "b"].map((key) => ({ ...record(`${parked.id}${key}`, parked.owner, "", parked.deadline), round: { id: parked.id, key } }));

export const relayStoreConformance: readonly RelayStoreConformanceCase[] = [
  {
    name: "settles a request exactly once among racing answers and timeouts from every handle, and tells its holder once",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const told: [string, RelaySettlement][] = [];
      const detach = await stores[0].attach("h1", (id, settlement) => told.push([id, settlement]));
      check(await stores[0].open(record("race1", "alice"), 10), "open refused a request below the person's maximum");
      const outcomes = await Promise.all(
        Array.from({ length: 24 }, (_, i) => {
          const store = stores[i % stores.length]!;
          return i % 3 === 0 ? store.settle("race1", { reason: "timeout" }) : store.settle("race1", answer({ n: i }), "alice");
        }),
      );
      const winners = outcomes.flatMap((outcome, i) => (outcome.status === "settled" ? [i] : []));
      same(winners.length, 1, "settles that won among 24 racing ones");
      const won: RelaySettlement = winners[0]! % 3 === 0 ? { reason: "timeout" } : answer({ n: winners[0]! });
      for (const outcome of outcomes.filter((item) => item.status !== "settled")) has(outcome, { status: "already-closed", reason: won.reason }, "a settle that lost the race");
      await eventually(() => told.length > 0, "the holder was never told how its request was settled");
      await pause(100);
      same(told, [["race1", won]], "what the holder was told");
      same(await stores[stores.length - 1]!.get("race1"), { owner: "alice", closed: won.reason, settlement: won }, "get after the race");
      await detach();
    },
  },
  {
    name: "tells a request's holder how it was settled from another handle (the settlement whole, `via` too), and gives it to its holder's later calls",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const other = stores[stores.length - 1]!;
      const told: [string, RelaySettlement][] = [];
      const detach = await stores[0].attach("h1", (id, settlement) => told.push([id, settlement]));
      check(await stores[0].open(record("tell1", "alice"), 10), "open refused a request");
      // Answered from a notification's action: the holder reports it so.
      const given: RelaySettlement = { reason: "answered", result: { action: "accept", content: { name: "Ada" } }, via: "notification" };
      same(await other.settle("tell1", given, "alice"), { status: "settled" }, "an answer to an open request");
      await eventually(() => told.length > 0, "the holder was never told of the answer given through another handle");
      same(told, [["tell1", given]], "what the holder was told");
      // The holder's own timeout, too late: it learns the answer (a lost notification loses nothing).
      same(await stores[0].settle("tell1", { reason: "timeout" }), { status: "already-closed", reason: "answered", settlement: given }, "the holder's settle after the answer");
      // The person's own late answer learns only why it closed.
      same(await other.settle("tell1", answer(), "alice"), { status: "already-closed", reason: "answered" }, "the owner's second answer");
      await detach();
    },
  },
  {
    name: "carries a chat's stop to every attached handle, the stopping one included, with its owner and context as given",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const heard: { holder: string; stop: RelayStop }[] = [];
      const detaches = await Promise.all(
        stores.map((store, i) => store.attach(`h-stop-${i}`, () => undefined, undefined, (stop) => heard.push({ holder: `h-stop-${i}`, stop }))),
      );
      await stores[stores.length - 1]!.stop({ owner: "alice", context: { chatId: "c1" } });
      await eventually(() => heard.length >= stores.length, "a stop did not reach every attached handle");
      await pause(100);
      same(
        heard.sort((a, b) => a.holder.localeCompare(b.holder)),
        stores.map((_, i) => ({ holder: `h-stop-${i}`, stop: { owner: "alice", context: { chatId: "c1" } } })),
        "the stops each handle heard",
      );
      for (const detach of detaches) await detach();
      // Detached: no longer told.
      await stores[0].stop({ owner: "alice", context: { chatId: "c2" } });
      await pause(100);
      same(heard.length, stores.length, "stops heard after every handle detached");
    },
  },
  {
    name: "gives a claim to one caller among racing handles, and gives it again once its time has passed",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.claim("claim-1", 60_000)));
      same(outcomes.filter(Boolean).length, 1, "claims that won among 12 racing ones");
      same(await stores[0].claim("claim-2", 60_000), true, "a claim of another key");
      check(await stores[stores.length - 1]!.claim("short-1", 150), "a first claim was refused");
      same(await stores[0].claim("short-1", 150), false, "a claim while the first one lasts");
      await pause(400);
      same(await stores[0].claim("short-1", 150), true, "a claim after the first one's time passed");
    },
  },
  {
    name: "keeps a person's small values by kind and key for every handle, apart from another person's and another kind's",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const other = stores[stores.length - 1]!;
      await stores[0].keep("alice", "push", "https://push.example/1", '{"n":1}');
      await stores[0].keep("alice", "push", "https://push.example/2", '{"n":2}');
      await stores[0].keep("bob", "push", "https://push.example/3", '{"n":3}');
      await stores[0].keep("alice", "other", "https://push.example/1", "x");
      same(await other.kept("alice", "push"), { "https://push.example/1": '{"n":1}', "https://push.example/2": '{"n":2}' }, "alice's push values through another handle");
      same(await other.kept("bob", "push"), { "https://push.example/3": '{"n":3}' }, "bob's push values");
      await other.keep("alice", "push", "https://push.example/1", undefined);
      same(await stores[0].kept("alice", "push"), { "https://push.example/2": '{"n":2}' }, "alice's push values after one was removed");
      same(await stores[0].kept("carol", "push"), {}, "the values of a person with none");
    },
  },
  {
    name: "keeps a request from anyone but its owner, and remembers why it closed",
    async run(makeStores) {
      const [store] = await handles(makeStores);
      check(await store.open(record("own1", "alice"), 10), "open refused a request");
      same(await store.settle("own1", answer(), "bob"), { status: "not-found" }, "another person's answer to an open request");
      has(await store.get("own1"), { owner: "alice", record: { id: "own1", owner: "alice", params: form } }, "get of an open request");
      same(await store.settle("own1", { reason: "withdrawn" }), { status: "settled" }, "a withdrawal");
      same(await store.get("own1"), { owner: "alice", closed: "withdrawn", settlement: { reason: "withdrawn" } }, "get of a withdrawn request");
      same(await store.settle("own1", answer(), "bob"), { status: "not-found" }, "another person's answer to a closed request");
      same(await store.settle("own1", answer(), "alice"), { status: "already-closed", reason: "withdrawn" }, "the owner's answer to a withdrawn request");
      same(await store.get("nothing-here"), undefined, "get of an unknown id");
      same(await store.settle("nothing-here", { reason: "timeout" }), { status: "not-found" }, "a settle of an unknown id");
    },
  },
  {
    name: "takes no answer nobody can receive: past its deadline it closes as timed out, with its holder gone as closed, and tells an attached holder of that handle once",
    async run(makeStores) {
      const [store] = await handles(makeStores);
      const told: [string, RelaySettlement][] = [];
      // What the store closed by itself (the relay records it): never what a settle closed.
      const closedByStore: [string, string, string][] = [];
      const onClosed = (closed: RelayRecord, reason: string) => closedByStore.push([closed.id, closed.owner, reason]);
      const detach = await store.attach("h1", (id, settlement) => told.push([id, settlement]), undefined, undefined, onClosed);
      check(await store.open(record("late1", "alice", "h1", Date.now() - 1), 10), "open refused a request");
      same(await store.settle("late1", answer(), "alice"), { status: "already-closed", reason: "timeout" }, "an answer past the deadline");
      same(await store.get("late1"), { owner: "alice", closed: "timeout", settlement: { reason: "timeout" } }, "get of the request answered past its deadline");
      // A holder that never attached (or stopped holding) would receive nothing.
      check(await store.open(record("gone1", "alice", "h-gone"), 10), "open refused a request");
      same(await store.settle("gone1", answer(), "alice"), { status: "already-closed", reason: "closed" }, "an answer to a request whose holder is gone");
      has(await store.get("gone1"), { owner: "alice", closed: "closed" }, "get of the request whose holder is gone");
      // Closing is not answering: a timeout past the deadline is taken.
      check(await store.open(record("late2", "alice", "h1", Date.now() - 1), 10), "open refused a request");
      same(await store.settle("late2", { reason: "timeout" }), { status: "settled" }, "the holder's timeout past the deadline");
      check(await store.open(record("live1", "alice"), 10), "open refused a request");
      same(await store.settle("live1", answer(), "alice"), { status: "settled" }, "an answer in time to a holder that listens");
      await eventually(() => told.length >= 3, "the holder was not told of each of its requests' settlements");
      await pause(100);
      same(
        told,
        [
          ["late1", { reason: "timeout" }],
          ["late2", { reason: "timeout" }],
          ["live1", answer()],
        ],
        "what the holder was told",
      );
      same(
        closedByStore,
        [
          ["late1", "alice", "timeout"],
          ["gone1", "alice", "closed"],
        ],
        "the requests the store closed by itself, as told to onClosed",
      );
      await detach();
    },
  },
  {
    name: "refuses an open beyond the person's maximum, atomically among racing opens",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.open(record(`max${i}`, "carol"), 5)));
      same(results.filter(Boolean).length, 5, "opens taken among 12 racing ones with a maximum of 5");
      check(await stores[0].open(record("other-person", "dave"), 5), "another person's open was refused by carol's maximum");
    },
  },
  {
    name: "gives a snapshot at a position, with recent closings, and events past it to subscribers at growing positions",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const [store] = stores;
      const other = stores[stores.length - 1]!;
      const detach = await store.attach("h1", () => undefined);
      const events: RelayStoreEvent[] = [];
      const strangers: RelayStoreEvent[] = [];
      const stop = await other.subscribe("dave", (event) => events.push(event));
      const stopStranger = await other.subscribe("erin", (event) => strangers.push(event));
      check(await store.open(record("d1", "dave"), 10), "open refused a request");
      const d2 = record("d2", "dave");
      check(await store.open(d2, 10), "open refused a request");
      same(await store.settle("d1", { reason: "timeout" }), { status: "settled" }, "a timeout");
      const snapshot = await other.snapshot("dave");
      same(snapshot.open, [d2], "the snapshot's open requests");
      same(
        snapshot.closed.map(({ id, reason }) => ({ id, reason })),
        [{ id: "d1", reason: "timeout" }],
        "the snapshot's recent closings",
      );
      await eventually(() => events.length >= 3, `a subscriber heard ${events.length} of 3 events`);
      same(
        events.map((event) => event.type),
        ["request", "request", "closed"],
        "the events a subscriber heard",
      );
      has(events[2], { type: "closed", id: "d1", reason: "timeout" }, "the closed event");
      const positions = events.map((event) => event.position);
      check(positions[0]! < positions[1]! && positions[1]! < positions[2]!, `positions must grow, got ${positions.join(", ")}`);
      same(snapshot.position, positions[2], "the snapshot's position (its last event's)");
      same(snapshot.closed[0]!.position, positions[2], "a recent closing's position (its event's)");
      stop();
      check(await store.open(record("d3", "dave"), 10), "open refused a request");
      await pause(100);
      same(events.length, 3, "events heard after unsubscribing");
      const later = await store.snapshot("dave");
      check(later.position > snapshot.position, "a snapshot's position did not grow with a new request");
      same(strangers, [], "what another person's subscriber heard");
      stopStranger();
      await detach();
    },
  },
  {
    name: "gives subscribers an opened request's record as opened and, when it hands on the request's event text, the text open was given",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const [store] = stores;
      const other = stores[stores.length - 1]!;
      const detach = await store.attach("h1", () => undefined);
      const events: RelayStoreEvent[] = [];
      const stop = await other.subscribe("jude", (event) => events.push(event));
      // A context, and params with keys a record has too: the text is the event's, not the record's.
      const given: RelayRecord = { ...record("j1", "jude"), context: { chat: "c-1" }, params: { ...form, message: 'Say "owner", "holder"' } };
      const json = requestEventJson(given);
      check(await store.open(given, 10, json), "open refused a request");
      // Opened without its text: the store makes whatever it hands on from the record.
      const bare = record("j2", "jude");
      check(await store.open(bare, 10), "open refused a request");
      await eventually(() => events.length >= 2, `a subscriber heard ${events.length} of 2 events`);
      const [first, second] = events;
      check(first?.type === "request" && second?.type === "request", "the events a subscriber heard were not two requests");
      if (first?.type !== "request" || second?.type !== "request") return;
      same(first.record, given, "the record of a request opened with its event's text");
      check(first.json === undefined || first.json === json, `the event's text handed on is not the one open was given: ${first.json}`);
      same(second.record, bare, "the record of a request opened without its event's text");
      check(second.json === undefined || second.json === requestEventJson(bare), `the event's text handed on is not the record's: ${second.json}`);
      same((await other.snapshot("jude")).open, [given, bare], "the snapshot's open requests");
      stop();
      await detach();
    },
  },
  {
    name: "gives a parked round, with every answer, to exactly one of many racing settles: the one that records its last answer",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const parked = round("r1", "erin");
      check(await stores[0].park(parked, roundRecords(parked), 10), "park refused a round below the person's maximum");
      same(
        (await stores[stores.length - 1]!.snapshot("erin")).open.map((item) => item.id),
        ["r1a", "r1b"],
        "the parked round's requests in the person's snapshot",
      );
      const outcomes = await Promise.all(Array.from({ length: 24 }, (_, i) => stores[i % stores.length]!.settle(i % 2 === 0 ? "r1a" : "r1b", answer({ n: i }), "erin")));
      const winners = outcomes.flatMap((outcome, i) => (outcome.status === "settled" ? [i] : []));
      same(winners.length, 2, "settles that won (one per request of the round)");
      const resumes = outcomes.flatMap((outcome) => (outcome.status === "settled" && outcome.resume ? [outcome.resume] : []));
      same(resumes.length, 1, "settles given the round to resume");
      const answerOf = (even: boolean): ElicitResult => ({ action: "accept", content: { n: winners.find((i) => i % 2 === (even ? 0 : 1))! } });
      same(resumes[0], { ...parked, answers: { pre: { action: "decline" }, a: answerOf(true), b: answerOf(false) } }, "the resumed round");
      same(await stores[0].expireRounds(Date.now() + 120_000), [], "rounds expired after the round resumed");
    },
  },
  {
    name: "expires a round once among racing sweeps: its open requests close (timeout), unanswered keys are cancel",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const parked = round("r2", "finn", Date.now() + 1_000);
      check(await stores[0].park(parked, roundRecords(parked), 10), "park refused a round");
      same(await stores[1 % stores.length]!.settle("r2a", answer({ x: 1 }), "finn"), { status: "settled" }, "an answer to a parked request");
      same(await stores[2 % stores.length]!.expireRounds(Date.now()), [], "rounds expired before the deadline");
      const swept = await Promise.all(stores.concat(stores).map((store) => store.expireRounds(parked.deadline)));
      same(swept.flat(), [{ ...parked, answers: { pre: { action: "decline" }, a: { action: "accept", content: { x: 1 } }, b: { action: "cancel" } } }], "rounds expired by racing sweeps");
      same(await stores[0].get("r2b"), { owner: "finn", closed: "timeout", settlement: { reason: "timeout" } }, "get of the expired round's open request");
      has(await stores[0].settle("r2b", answer(), "finn"), { status: "already-closed", reason: "timeout" }, "an answer after the round expired");
    },
  },
  {
    name: "parks all of a round or nothing: refused when its requests would pass the person's maximum",
    async run(makeStores) {
      const [store] = await handles(makeStores);
      const detach = await store.attach("h1", () => undefined);
      check(await store.open(record("g0", "gail"), 3), "open refused a request");
      check(await store.open(record("g1", "gail"), 3), "open refused a request");
      const parked = round("r3", "gail");
      same(await store.park(parked, roundRecords(parked), 3), false, "a park past the person's maximum");
      same(
        (await store.snapshot("gail")).open.map((item) => item.id),
        ["g0", "g1"],
        "the person's open requests after a refused park",
      );
      same(await store.expireRounds(Date.now() + 120_000), [], "rounds kept by a refused park");
      same(await store.get("r3a"), undefined, "get of a request of a refused park");
      await detach();
    },
  },
  {
    name: "tells the owner's subscribers of a completion at a new position, marks her open request, and remembers it",
    async run(makeStores) {
      const stores = await handles(makeStores);
      const [store] = stores;
      const other = stores[stores.length - 1]!;
      const detach = await store.attach("h1", () => undefined);
      const events: RelayStoreEvent[] = [];
      const strangers: RelayStoreEvent[] = [];
      const stop = await other.subscribe("hana", (event) => events.push(event));
      const stopStranger = await other.subscribe("ivan", (event) => strangers.push(event));
      check(await store.open(record("c1", "hana"), 10), "open refused a request");
      check(await store.open(record("c2", "ivan"), 10), "open refused a request");
      await store.complete("hana", { serverName: "GitHub", elicitationId: "link-1" }, ["c1", "c2"]);
      await eventually(() => events.length >= 2, `a subscriber heard ${events.length} of 2 events`);
      has(events[1], { type: "completed", serverName: "GitHub", elicitationId: "link-1", id: "c1" }, "the completed event");
      check(events[1]!.position > events[0]!.position, "a completion's position did not follow the request's");
      const snapshot = await other.snapshot("hana");
      same(snapshot.completed, [{ position: events[1]!.position, serverName: "GitHub", elicitationId: "link-1", id: "c1" }], "the snapshot's recent completions");
      same(
        snapshot.open.map((item) => [item.id, item.completed === true]),
        [["c1", true]],
        "the snapshot's open requests, marked when completed",
      );
      same(
        (await other.snapshot("ivan")).open.map((item) => [item.id, item.completed === true]),
        [["c2", false]],
        "another person's request named in the completion",
      );
      await pause(100);
      same(
        strangers.map((event) => event.type),
        ["request"],
        "what another person's subscriber heard",
      );
      // A completion with nothing open still reaches the person's windows.
      await store.complete("hana", { serverName: "GitHub", elicitationId: "link-2" }, []);
      await eventually(() => events.length >= 3, "a completion with no open request was not heard");
      same(events[2], { type: "completed", position: events[2]!.position, serverName: "GitHub", elicitationId: "link-2" }, "the completion with no open request");
      stop();
      stopStranger();
      await detach();
    },
  },
];
