import type { RelayCloseReason } from "../core/relay/relayWire";
import type { ElicitationRelayStore, RelayRecord, RelaySettlement, RelayStoreEvent } from "./ElicitationRelayStore";

export interface MemoryRelayStoreOptions {
  /** How long a closed request is remembered (a late answer gets 409, a reconnecting window its `closed` event). Default 60 000 ms. */
  recentMs?: number;
  /** Closed requests remembered per person, at most. Default 32. */
  recentPerPerson?: number;
  /** Clock in ms, replaceable in tests. */
  now?: () => number;
}

interface Person {
  position: number;
  open: Map<string, RelayRecord>;
  closed: { position: number; id: string; reason: RelayCloseReason; at: number }[];
  listeners: Set<(event: RelayStoreEvent) => void>;
}

/**
 * The relay's default store: one process, nothing shared. Everything it keeps is bounded: open
 * requests (by the relay's limits), closed ones (by count and age, without their params).
 */
export function createMemoryRelayStore(options: MemoryRelayStoreOptions = {}): ElicitationRelayStore {
  const now = options.now ?? (() => Date.now());
  const recentMs = options.recentMs ?? 60_000;
  const recentPerPerson = options.recentPerPerson ?? 32;
  const open = new Map<string, RelayRecord>();
  // What is remembered of a closed request: who owned it and why it left, not its params.
  const closed = new Map<string, { owner: string; reason: RelayCloseReason; at: number }>();
  const people = new Map<string, Person>();
  const holders = new Map<string, (id: string, settlement: RelaySettlement) => void>();

  // Positions start from the clock, so a person forgotten and seen again never goes back to a
  // position a window already holds as its Last-Event-ID.
  const person = (owner: string): Person => {
    let found = people.get(owner);
    if (found === undefined) {
      found = { position: now() * 1000, open: new Map(), closed: [], listeners: new Set() };
      people.set(owner, found);
    }
    return found;
  };

  const dropIfIdle = (owner: string, who: Person) => {
    if (who.open.size === 0 && who.closed.length === 0 && who.listeners.size === 0) people.delete(owner);
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
  };

  const publish = (who: Person, event: RelayStoreEvent) => {
    for (const listener of [...who.listeners]) listener(event);
  };

  return {
    async attach(holder, onSettled) {
      holders.set(holder, onSettled);
      return async () => {
        holders.delete(holder);
      };
    },
    async open(record, maxOpen) {
      const who = person(record.owner);
      if (who.open.size >= maxOpen) return false;
      open.set(record.id, record);
      who.open.set(record.id, record);
      publish(who, { type: "request", position: ++who.position, record });
      return true;
    },
    async get(id) {
      const record = open.get(id);
      if (record !== undefined) return { owner: record.owner, record };
      const done = closed.get(id);
      if (done === undefined || done.at <= now() - recentMs) return undefined;
      return { owner: done.owner, closed: done.reason };
    },
    async settle(id, settlement, owner) {
      const record = open.get(id);
      if (record === undefined) {
        const done = closed.get(id);
        if (done === undefined || (owner !== undefined && done.owner !== owner)) return { status: "not-found" };
        return { status: "already-closed", reason: done.reason };
      }
      if (owner !== undefined && record.owner !== owner) return { status: "not-found" };
      open.delete(id);
      const who = person(record.owner);
      who.open.delete(id);
      const at = now();
      const position = ++who.position;
      closed.set(id, { owner: record.owner, reason: settlement.reason, at });
      who.closed.push({ position, id, reason: settlement.reason, at });
      while (who.closed.length > recentPerPerson) closed.delete(who.closed.shift()!.id);
      publish(who, { type: "closed", position, id, reason: settlement.reason });
      holders.get(record.holder)?.(id, settlement);
      forgetOld();
      return { status: "settled" };
    },
    async snapshot(owner) {
      forgetOld();
      const who = person(owner);
      return {
        position: who.position,
        open: [...who.open.values()],
        closed: who.closed.map(({ position, id, reason }) => ({ position, id, reason })),
      };
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
