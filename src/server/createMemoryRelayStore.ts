import type { RelayCloseReason } from "../core/relay/relayWire";
import type { ElicitResult } from "../core/types";
import type { ElicitationRelayStore, RelayCompletion, RelayRecord, RelayRound, RelaySettleOutcome, RelaySettlement, RelayStop, RelayStoreEvent } from "./ElicitationRelayStore";
import { readStoreTimings, type RelayStoreTimings } from "./readStoreTimings";
import { createStoreUpkeep } from "./relay/createStoreUpkeep";
import { lateAnswer } from "./relay/lateAnswer";

/** The timings a shared store takes that mean something in one process (leases, the sweep, what is remembered), and its clock. */
export interface MemoryRelayStoreOptions extends Pick<RelayStoreTimings, "leaseMs" | "sweepMs" | "recentMs" | "recentPerPerson"> {
  /** Clock in ms, replaceable in tests. */
  now?: () => number;
}

interface Person {
  position: number;
  open: Map<string, RelayRecord>;
  closed: { position: number; id: string; reason: RelayCloseReason; at: number }[];
  completed: ({ position: number; at: number } & RelayCompletion)[];
  listeners: Set<(event: RelayStoreEvent) => void>;
}

/**
 * The relay's default store: one process, nothing shared. Everything it keeps is bounded: open
 * requests (by the relay's limits), closed ones (by count and age, without their params). It keeps
 * leases as a shared store does (by its clock, renewed and swept by the relay's upkeep), so it is
 * a model of one: an answer for a holder whose lease lapsed closes its request, a sweep closes the rest.
 */
export function createMemoryRelayStore(options: MemoryRelayStoreOptions = {}): ElicitationRelayStore {
  const now = options.now ?? (() => Date.now());
  const { leaseMs, sweepMs, recentMs, recentPerPerson } = readStoreTimings("createMemoryRelayStore", options);
  const open = new Map<string, RelayRecord>();
  // What is remembered of a closed request: who owned it, why it left and, for its holder, how (not its params).
  const closed = new Map<string, { owner: string; reason: RelayCloseReason; at: number; settlement: RelaySettlement }>();
  const people = new Map<string, Person>();
  // Attached holders (they listen: their settlements reach them), and each holder's lease: until when, by `now`.
  const holders = new Map<string, (id: string, settlement: RelaySettlement) => void>();
  const leases = new Map<string, number>();
  const leased = (holder: string) => (leases.get(holder) ?? -Infinity) > now();
  const stopListeners = new Map<string, (stop: RelayStop) => void>();
  const upkeep = createStoreUpkeep(
    {
      lease: async (holder) => leases.set(holder, now() + leaseMs),
      release: async (holder) => leases.delete(holder),
      async sweep() {
        const lapsed = [...open.values()].filter((record) => record.holder !== "" && !leased(record.holder));
        for (const record of lapsed) settle(record.id, { reason: "closed" });
        forgetOld();
        return lapsed;
      },
    },
    // No close() to stop them: its timers run while a holder is attached.
    { leaseMs, sweepMs, whileAttached: true },
  );
  // Claimed keys and until when, oldest claim first (expired ones are dropped from the front as claims come).
  const claims = new Map<string, number>();
  // Small values kept per person and kind (store.keep).
  const keptValues = new Map<string, Map<string, string>>();
  // Parked rounds, until their last answer or their deadline takes them out (with their answers).
  const rounds = new Map<string, RelayRound>();
  // Whose completions are remembered, oldest first, so they are forgotten by age as closings are.
  const completions: { owner: string; at: number }[] = [];

  // Positions start from the clock, so a person forgotten and seen again never goes back to a
  // position a window already holds as its Last-Event-ID.
  const person = (owner: string): Person => {
    let found = people.get(owner);
    if (found === undefined) {
      found = { position: now() * 1000, open: new Map(), closed: [], completed: [], listeners: new Set() };
      people.set(owner, found);
    }
    return found;
  };

  const dropIfIdle = (owner: string, who: Person) => {
    if (who.open.size === 0 && who.closed.length === 0 && who.completed.length === 0 && who.listeners.size === 0) people.delete(owner);
  };

  // Closed requests leave by age (oldest first: the map keeps insertion order) and by count per person.
  const forgetOld = () => {
    const since = now() - recentMs;
    for (const [id, done] of closed) {
      if (done.at > since) break;
      closed.delete(id);
      const who = people.get(done.owner);
      if (who === undefined) continue;
      const at = who.closed.findIndex((entry) => entry.id === id);
      if (at >= 0) who.closed.splice(at, 1);
      dropIfIdle(done.owner, who);
    }
    while (completions.length > 0 && completions[0]!.at <= since) {
      const { owner } = completions.shift()!;
      const who = people.get(owner);
      if (who === undefined) continue;
      who.completed = who.completed.filter((entry) => entry.at > since);
      dropIfIdle(owner, who);
    }
  };

  const publish = (who: Person, event: RelayStoreEvent) => {
    for (const listener of [...who.listeners]) listener(event);
  };

  function settle(id: string, settlement: RelaySettlement, owner?: string): RelaySettleOutcome {
    const record = open.get(id);
    if (record === undefined) {
      const done = closed.get(id);
      if (done === undefined || (owner !== undefined && done.owner !== owner)) return { status: "not-found" };
      return owner === undefined ? { status: "already-closed", reason: done.reason, settlement: done.settlement } : { status: "already-closed", reason: done.reason };
    }
    if (owner !== undefined && record.owner !== owner) return { status: "not-found" };
    // An answer nobody can receive any more is not taken: the request closes as what it is.
    if (settlement.reason === "answered" && record.round === undefined) {
      const late = lateAnswer(record.deadline, now(), leased(record.holder));
      if (late !== undefined) {
        settle(id, { reason: late });
        // Closed by the store itself: one attached holder hears it (its record).
        upkeep.closedHere(record, late);
        return { status: "already-closed", reason: late };
      }
      // Leased but not listening: nothing is taken, the answer is tried again.
      if (!holders.has(record.holder)) return { status: "unreachable" };
    }
    open.delete(id);
    const who = person(record.owner);
    who.open.delete(id);
    const at = now();
    const position = ++who.position;
    closed.set(id, { owner: record.owner, reason: settlement.reason, at, settlement });
    who.closed.push({ position, id, reason: settlement.reason, at });
    while (who.closed.length > recentPerPerson) closed.delete(who.closed.shift()!.id);
    publish(who, { type: "closed", position, id, reason: settlement.reason });
    holders.get(record.holder)?.(id, settlement);
    forgetOld();
    const resume = record.round === undefined ? undefined : answerRound(record.round.id, record.round.key, settlement.reason === "answered" ? settlement.result : { action: "cancel" });
    return resume === undefined ? { status: "settled" } : { status: "settled", resume };
  }

  /** Records one key's answer; the round leaves with its last one, and is returned (once). */
  function answerRound(roundId: string, key: string, answer: ElicitResult): RelayRound | undefined {
    const round = rounds.get(roundId);
    if (round === undefined) return undefined;
    round.answers[key] = answer;
    if (Object.keys(round.requests).some((name) => round.answers[name] === undefined)) return undefined;
    rounds.delete(roundId);
    return round;
  }

  return {
    async attach(holder, onSettled, onInterrupted, onStopped, onClosed) {
      holders.set(holder, onSettled);
      if (onStopped !== undefined) stopListeners.set(holder, onStopped);
      const leave = await upkeep.join(holder, { onInterrupted, onClosed });
      return async () => {
        holders.delete(holder);
        stopListeners.delete(holder);
        await leave();
      };
    },
    async keep(owner, kind, key, value) {
      const name = JSON.stringify([owner, kind]);
      const values = keptValues.get(name) ?? new Map<string, string>();
      if (value === undefined) values.delete(key);
      else values.set(key, value);
      if (values.size === 0) keptValues.delete(name);
      else keptValues.set(name, values);
    },
    async kept(owner, kind) {
      return Object.fromEntries(keptValues.get(JSON.stringify([owner, kind])) ?? []);
    },
    async claim(key, ttlMs) {
      const at = now();
      for (const [claimedKey, until] of claims) {
        if (until > at) break;
        claims.delete(claimedKey);
      }
      const until = claims.get(key);
      if (until !== undefined && until > at) return false;
      claims.delete(key);
      claims.set(key, at + ttlMs);
      return true;
    },
    async stop(stop) {
      const heard = { owner: stop.owner, context: { ...stop.context } };
      for (const listener of [...stopListeners.values()]) listener(heard);
    },
    async open(record, maxOpen, json) {
      const who = person(record.owner);
      if (who.open.size >= maxOpen) return false;
      open.set(record.id, record);
      who.open.set(record.id, record);
      publish(who, json === undefined ? { type: "request", position: ++who.position, record } : { type: "request", position: ++who.position, record, json });
      return true;
    },
    async get(id) {
      const record = open.get(id);
      if (record !== undefined) return { owner: record.owner, record };
      const done = closed.get(id);
      if (done === undefined || done.at <= now() - recentMs) return undefined;
      return { owner: done.owner, closed: done.reason, settlement: done.settlement };
    },
    async settle(id, settlement, owner) {
      return settle(id, settlement, owner);
    },
    async snapshot(owner) {
      forgetOld();
      const who = person(owner);
      const snapshot = {
        position: who.position,
        // Without those whose holder's lease lapsed (its sweep closes them).
        open: [...who.open.values()].filter((record) => record.holder === "" || leased(record.holder)),
        closed: who.closed.map(({ position, id, reason }) => ({ position, id, reason })),
        completed: who.completed.map(({ at: _at, ...entry }) => entry),
      };
      // A look-up for someone with nothing here (relay.completeElicitation) keeps nothing of them.
      dropIfIdle(owner, who);
      return snapshot;
    },
    async park(round, records, maxOpen) {
      const who = person(round.owner);
      if (who.open.size + records.length > maxOpen) return false;
      // A copy: the answers gathered here are the store's, not the caller's object.
      rounds.set(round.id, { ...round, answers: { ...round.answers } });
      for (const record of records) {
        open.set(record.id, record);
        who.open.set(record.id, record);
        publish(who, { type: "request", position: ++who.position, record });
      }
      return true;
    },
    async expireRounds(at) {
      const due: RelayRound[] = [];
      for (const round of [...rounds.values()]) {
        if (round.deadline > at) continue;
        for (const [key, id] of Object.entries(round.requests)) {
          if (round.answers[key] !== undefined) continue;
          if (id !== undefined && open.has(id)) settle(id, { reason: "timeout" });
          round.answers[key] ??= { action: "cancel" };
        }
        // The last settle above may already have taken it out of the map; it is returned here, once.
        rounds.delete(round.id);
        due.push(round);
      }
      return due;
    },
    async complete(owner, { serverName, elicitationId }, ids) {
      const who = person(owner);
      let first: string | undefined;
      for (const id of ids) {
        const record = who.open.get(id);
        if (record === undefined) continue;
        first ??= id;
        // Replaced, not changed: a snapshot already handed out keeps what it said.
        const marked = { ...record, completed: true };
        who.open.set(id, marked);
        open.set(id, marked);
      }
      const position = ++who.position;
      const completion: RelayCompletion = { serverName, elicitationId, ...(first === undefined ? {} : { id: first }) };
      const at = now();
      who.completed.push({ position, at, ...completion });
      while (who.completed.length > recentPerPerson) who.completed.shift();
      completions.push({ owner, at });
      publish(who, { type: "completed", position, ...completion });
      forgetOld();
    },
    async subscribe(owner, listener) {
      const who = person(owner);
      who.listeners.add(listener);
      return () => {
        who.listeners.delete(listener);
        dropIfIdle(owner, who);
      };
    },
  };
}
