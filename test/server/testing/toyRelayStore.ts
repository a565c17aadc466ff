// A store written as a store's author writes one, from the public kit alone (createRelayStore): its "database" is
// an object in this process that several handles share, each with its own line to a message bus. Every operation
// is one synchronous block — its atomic step, as a Lua script or a transaction holding a row lock is elsewhere — and
// a message reaches the other lines a turn later, as over a network. It is a model to read, not a store to run.
import { createRelayStore, type RelayCloseReason, type RelayCompletion, type RelayFeedConnection, type RelayFeedHearing, type RelayRecord, type RelayRound, type RelaySettlement, type RelayStoreOperations } from "../../../src/server";

const [leaseMs, sweepMs, heartbeatMs, recentMs, recentPerPerson] = [15_000, 5_000, 5_000, 60_000, 32];

interface Person {
  position: number;
  open: Set<string>;
  closed: { position: number; id: string; reason: RelayCloseReason; at: number }[];
  completed: ({ position: number; at: number } & RelayCompletion)[];
}

/** A request while open (`record`), then why and how it closed, until forgotten. */
interface Request {
  owner: string;
  record?: RelayRecord;
  closed?: { reason: RelayCloseReason; settlement: RelaySettlement; at: number };
}

type Line = { hear(channel: string, text: string): void };

/** What every handle of one deployment shares: the data, and who listens on each channel. */
export function createToyDatabase() {
  const people = new Map<string, Person>();
  const requests = new Map<string, Request>();
  const rounds = new Map<string, RelayRound>();
  const leases = new Map<string, number>();
  const claims = new Map<string, number>();
  const kept = new Map<string, Map<string, string>>();
  const listening = new Map<string, Set<Line>>();
  // A message is heard a turn later, in the order it was sent.
  const send = (channel: string, text: string) => {
    for (const line of listening.get(channel) ?? []) setTimeout(() => line.hear(channel, text));
  };
  return { people, requests, rounds, leases, claims, kept, listening, send };
}

type ToyDatabase = ReturnType<typeof createToyDatabase>;

const channels = { holder: (holder: string) => `holder:${holder}`, person: (owner: string) => `person:${owner}`, stops: "stops" };

/** One handle (one instance of the deployment) on `db`; `line` lets a test cut its connection and bring it back. */
export function createToyRelayStore(db: ToyDatabase) {
  const leased = (holder: string) => (db.leases.get(holder) ?? 0) > Date.now();
  const personOf = (owner: string): Person => {
    let person = db.people.get(owner);
    // Positions start from the clock: a person forgotten and seen again never goes back.
    if (person === undefined) db.people.set(owner, (person = { position: Date.now() * 1000, open: new Set(), closed: [], completed: [] }));
    return person;
  };

  function add(record: RelayRecord): void {
    const person = personOf(record.owner);
    db.requests.set(record.id, { owner: record.owner, record });
    person.open.add(record.id);
    db.send(channels.person(record.owner), JSON.stringify({ type: "request", position: ++person.position, record }));
  }

  /** Closes an open request at a new position; a parked round's last answer takes the round out and returns it. */
  function close(id: string, settlement: RelaySettlement): RelayRound | undefined {
    const request = db.requests.get(id)!;
    const record = request.record!;
    const person = personOf(record.owner);
    const [position, at] = [++person.position, Date.now()];
    delete request.record;
    request.closed = { reason: settlement.reason, settlement, at };
    person.open.delete(id);
    person.closed = [...person.closed, { position, id, reason: settlement.reason, at }].slice(-recentPerPerson);
    db.send(channels.person(record.owner), JSON.stringify({ type: "closed", position, id, reason: settlement.reason }));
    if (record.holder !== "") db.send(channels.holder(record.holder), JSON.stringify({ id, settlement }));
    const round = record.round && db.rounds.get(record.round.id);
    if (round === undefined || record.round === undefined) return undefined;
    round.answers[record.round.key] = settlement.reason === "answered" ? settlement.result : { action: "cancel" };
    if (Object.keys(round.requests).some((key) => round.answers[key] === undefined)) return undefined;
    db.rounds.delete(round.id);
    return round;
  }

  // Each operation runs without an await: nothing else touches the database between its first line and its last.
  const operations: RelayStoreOperations = {
    async open(record, maxOpen) {
      if (personOf(record.owner).open.size >= maxOpen) return false;
      add(record);
      return true;
    },
    async get(id) {
      const request = db.requests.get(id);
      if (request?.record) return { owner: request.owner, record: request.record };
      if (request?.closed === undefined || request.closed.at <= Date.now() - recentMs) return undefined;
      return { owner: request.owner, closed: request.closed.reason, settlement: request.closed.settlement };
    },
    async settle(id, settlement, owner) {
      const request = db.requests.get(id);
      if (request === undefined || (owner !== undefined && request.owner !== owner)) return { status: "not-found" };
      const { record, closed } = request;
      if (record === undefined) return { status: "already-closed", reason: closed!.reason, ...(owner === undefined ? { settlement: closed!.settlement } : {}) };
      if (settlement.reason === "answered" && record.round === undefined) {
        // An answer nobody can receive is not taken: past the deadline "timeout", its holder's lease lapsed "closed".
        const late = record.deadline !== undefined && Date.now() > record.deadline ? "timeout" : leased(record.holder) ? undefined : "closed";
        if (late !== undefined) return close(id, { reason: late }), { status: "already-closed", reason: late, closedHere: record };
        // Leased but not listening (its line is down): nothing changes, the answer is tried again.
        if ((db.listening.get(channels.holder(record.holder))?.size ?? 0) === 0) return { status: "unreachable" };
      }
      const resume = close(id, settlement);
      return resume === undefined ? { status: "settled" } : { status: "settled", resume };
    },
    async snapshot(owner) {
      const person = db.people.get(owner);
      const since = Date.now() - recentMs;
      if (person === undefined) return { position: Date.now() * 1000, open: [], closed: [], completed: [] };
      return {
        position: person.position,
        open: [...person.open].map((id) => db.requests.get(id)!.record!).filter((record) => record.holder === "" || leased(record.holder)),
        closed: person.closed.filter(({ at }) => at > since).map(({ at: _at, ...closing }) => closing),
        completed: person.completed.filter(({ at }) => at > since).map(({ at: _at, ...completion }) => completion),
      };
    },
    async park(round, records, maxOpen) {
      if (personOf(round.owner).open.size + records.length > maxOpen) return false;
      db.rounds.set(round.id, { ...round, answers: { ...round.answers } });
      records.forEach(add);
      return true;
    },
    async expireRounds(now) {
      const due = [...db.rounds.values()].filter((round) => round.deadline <= now);
      for (const round of due) {
        db.rounds.delete(round.id);
        for (const [key, id] of Object.entries(round.requests)) {
          if (id !== undefined && db.requests.get(id)?.record) close(id, { reason: "timeout" });
          round.answers[key] ??= { action: "cancel" };
        }
      }
      return due;
    },
    async complete(owner, { serverName, elicitationId }, ids) {
      const person = personOf(owner);
      const open = ids.filter((id) => person.open.has(id));
      for (const id of open) Object.assign(db.requests.get(id)!, { record: { ...db.requests.get(id)!.record!, completed: true } });
      const completion = { position: ++person.position, serverName, elicitationId, ...(open[0] === undefined ? {} : { id: open[0] }) };
      person.completed = [...person.completed, { ...completion, at: Date.now() }].slice(-recentPerPerson);
      db.send(channels.person(owner), JSON.stringify({ type: "completed", ...completion }));
    },
    async claim(key, ttlMs) {
      if ((db.claims.get(key) ?? 0) > Date.now()) return false;
      db.claims.set(key, Date.now() + ttlMs);
      return true;
    },
    async keep(owner, kind, key, value) {
      const name = JSON.stringify([owner, kind]);
      const values = db.kept.get(name) ?? new Map<string, string>();
      if (value === undefined) values.delete(key);
      else db.kept.set(name, values.set(key, value));
    },
    async kept(owner, kind) {
      return Object.fromEntries(db.kept.get(JSON.stringify([owner, kind])) ?? []);
    },
  };

  // This handle's line to the bus: what it hears goes to the kit; cut, it hears nothing until it is back.
  let hearing: RelayFeedHearing | undefined;
  const subscribed = new Set<string>();
  const line: Line = { hear: (channel, text) => hearing?.message(channel, text) };
  const feed: RelayFeedConnection = {
    channels,
    connect: (heard) => void (hearing = heard).connected(false),
    async subscribe(channel) {
      subscribed.add(channel);
      db.listening.set(channel, (db.listening.get(channel) ?? new Set()).add(line));
    },
    async unsubscribe(channel) {
      subscribed.delete(channel);
      db.listening.get(channel)?.delete(line);
    },
    publish: async (channel, text) => db.send(channel, text),
    ping: async () => undefined,
    drop: () => undefined,
  };

  const store = createRelayStore({
    operations,
    leases: {
      lease: async (holder) => db.leases.set(holder, Date.now() + leaseMs),
      release: async (holder) => db.leases.delete(holder),
      async sweep() {
        const lapsed = [...db.requests.values()].flatMap(({ record }) => (record !== undefined && record.holder !== "" && !leased(record.holder) ? [record] : []));
        for (const { id } of lapsed) close(id, { reason: "closed" });
        for (const [id, { closed }] of db.requests) if (closed !== undefined && closed.at <= Date.now() - recentMs) db.requests.delete(id);
        return lapsed;
      },
    },
    feed,
    timings: { leaseMs, sweepMs, heartbeatMs },
  });
  return Object.assign(store, {
    /** Cuts this handle's line: every subscription on it is lost. */
    cut() {
      for (const channel of subscribed) db.listening.get(channel)?.delete(line);
      subscribed.clear();
      hearing?.dropped();
    },
    /** Brings the line back (`reset`: as if the database had lost its data). */
    back: (reset = false) => hearing!.connected(reset),
  });
}
