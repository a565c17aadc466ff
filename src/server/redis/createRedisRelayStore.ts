// The relay's store for several instances sharing one Redis or Redis Cluster (ioredis). A request held by instance A
// shows in streams served by B; an answer posted to C reaches A exactly once (a Lua script decides
// the one winner); an instance that dies stops refreshing its lease, and any other instance's sweep
// closes its requests ("closed"), which takes them out of every stream within leaseMs + sweepMs.
// Pub/sub loses what is published while its connection is down: a connection that closes, or stops
// answering its heartbeat, interrupts every subscription (the relay ends those streams, and its
// windows reconnect), and once it is back each holder checks what it holds (and learns whether
// Redis lost its data: the epoch key changed). Every script touches one person's keys (one Cluster
// slot); what spans holders (their leases, the sweep, rounds by deadline) is done here, key by key.
// Its steps and its feed's connection are put together by createRelayStore, which runs the rest.
import { randomBytes } from "node:crypto";
import { Redis, type Cluster } from "ioredis";
import { RELAY_REQUEST_ID, type RelayCloseReason } from "../../core/relay/relayWire";
import type { ElicitResult } from "../../core/types";
import { createRelayStore } from "../createRelayStore";
import { readStoreTimings, type RelayStoreTimings } from "../readStoreTimings";
import type { ElicitationRelayStore, RelayCompletion, RelayRecord, RelayRound, RelaySettlement, RelayStoreEvent } from "../ElicitationRelayStore";
import type { RelayFeedConnection, RelayStoreOperations } from "../RelayStoreParts";
import { createRedisSubscriber } from "./createRedisSubscriber";
import { relayKeys } from "./relayKeys";
import { COMPLETE_SCRIPT, EXPIRE_SCRIPT, FORGET_HOLDER_SCRIPT, OPEN_HERE_SCRIPT, OPEN_SCRIPT, PARK_SCRIPT, SETTLE_SCRIPT, SNAPSHOT_SCRIPT, TAKE_HELD_SCRIPT } from "./relayScripts";

export type RedisRelayStoreOptions = ({ url: string; client?: undefined } | { client: Redis | Cluster; url?: undefined }) &
  RelayStoreTimings & {
    /** Prefix of every key and channel, without braces (keys carry hash tags of their own). Default "rme:relay". */
    prefix?: string;
  };

export interface RedisRelayStore extends ElicitationRelayStore {
  /** Stops the sweep and the subscription; quits the connections it opened (a `client` given to it stays open). */
  close(): Promise<void>;
}

type SettleReply = [string, string | undefined, string | string[] | undefined, string | undefined, string | undefined];

interface Scripts {
  relayOpen(...args: (string | number)[]): Promise<number>;
  relayOpenHere(...args: (string | number)[]): Promise<number>;
  relaySettle(...args: (string | number)[]): Promise<SettleReply>;
  relayPark(...args: (string | number)[]): Promise<number>;
  relayExpire(...args: (string | number)[]): Promise<string[] | null>;
  relaySnapshot(...args: (string | number)[]): Promise<[string, string[], string[], string[], string[]]>;
  relayComplete(...args: (string | number)[]): Promise<number>;
  relayTakeHeld(...args: (string | number)[]): Promise<string[] | null>;
  relayForgetHolder(...args: (string | number)[]): Promise<number>;
}

/** Ids the relay makes are base64url; anything else cannot name a request (and never reaches a script). */
const ID = RELAY_REQUEST_ID;

/**
 * The text a record is kept and published as: made around its event's text when the relay gave that
 * (no second serialisation), which it then starts with, up to its closing brace (`eventLength`, else "").
 */
function recordText(record: RelayRecord, json: string | undefined): { text: string; eventLength: number | "" } {
  // The event carries neither a round nor a mark of completion: such a record is serialised whole.
  if (json === undefined || record.round !== undefined || record.completed !== undefined) return { text: JSON.stringify(record), eventLength: "" };
  return { text: `${json.slice(0, -1)},"owner":${JSON.stringify(record.owner)},"holder":${JSON.stringify(record.holder)}}`, eventLength: json.length };
}

const PUBLISHED_REQUEST = /^\{"type":"request","position":(\d+),"eventLength":(\d+),"record":/;

/** A request event as published with its event's text: that text handed on as it came, the record parsed only if it is read. */
class PublishedRequest {
  readonly type = "request";
  #text: string | undefined;
  #record: RelayRecord | undefined = undefined;

  constructor(
    readonly position: number,
    readonly json: string,
    text: string,
  ) {
    this.#text = text;
  }

  get record(): RelayRecord {
    if (this.#record === undefined) {
      this.#record = JSON.parse(this.#text!) as RelayRecord;
      this.#text = undefined;
    }
    return this.#record;
  }
}

/** A person's event as published: a request made around its event's text is not parsed (above), every other is. */
function storeEventOf(message: string): RelayStoreEvent {
  const head = PUBLISHED_REQUEST.exec(message);
  if (head === null) return JSON.parse(message) as RelayStoreEvent;
  const start = head[0].length;
  const eventLength = Number(head[2]);
  return new PublishedRequest(Number(head[1]), `${message.slice(start, start + eventLength - 1)}}`, message.slice(start, -1));
}

export function createRedisRelayStore(options: RedisRelayStoreOptions): RedisRelayStore {
  const prefix = options.prefix ?? "rme:relay";
  const { leaseMs, sweepMs, recentMs, recentPerPerson, roundGraceMs, heartbeatMs } = readStoreTimings("createRedisRelayStore", options);
  const keys = relayKeys(prefix);
  const owned = options.client === undefined;
  const client: Redis | Cluster = options.client ?? new Redis(options.url);
  const commands = client as unknown as Scripts;
  client.defineCommand("relayOpen", { numberOfKeys: 3, lua: OPEN_SCRIPT });
  client.defineCommand("relayOpenHere", { numberOfKeys: 5, lua: OPEN_HERE_SCRIPT });
  client.defineCommand("relaySettle", { numberOfKeys: 4, lua: SETTLE_SCRIPT });
  client.defineCommand("relaySnapshot", { numberOfKeys: 4, lua: SNAPSHOT_SCRIPT });
  client.defineCommand("relayPark", { numberOfKeys: 3, lua: PARK_SCRIPT });
  client.defineCommand("relayComplete", { numberOfKeys: 2, lua: COMPLETE_SCRIPT });
  client.defineCommand("relayExpire", { numberOfKeys: 4, lua: EXPIRE_SCRIPT });
  client.defineCommand("relayTakeHeld", { numberOfKeys: 2, lua: TAKE_HELD_SCRIPT });
  client.defineCommand("relayForgetHolder", { numberOfKeys: 1, lua: FORGET_HOLDER_SCRIPT });
  const subscriber = createRedisSubscriber(client);
  // Connection errors are retried by ioredis; without a listener it would print each one.
  subscriber.on("error", () => undefined);
  if (owned) client.on("error", () => undefined);
  let closed = false;
  /** The subscribed connection has been ready since it last closed. */
  let live = false;
  let epoch: string | undefined;

  /** Reads (and makes, when there is none) the epoch: true when it changed since this store last read it. */
  async function readEpoch(): Promise<boolean> {
    await client.set(keys.epoch, randomBytes(12).toString("base64url"), "NX");
    const now = await client.get(keys.epoch);
    const changed = epoch !== undefined && now !== epoch;
    epoch = now ?? undefined;
    return changed;
  }

  const feed: RelayFeedConnection = {
    channels: { holder: (holder) => `${keys.holderChannel}${holder}`, person: (owner) => keys.person(owner).channel, stops: keys.stopChannel },
    connect(hearing) {
      subscriber.on("message", hearing.message);
      subscriber.on("ready", () => {
        live = true;
        // Not through: connect again, and this runs again once ready.
        void readEpoch()
          .then(hearing.connected)
          .catch(() => closed || subscriber.disconnect(true));
      });
      subscriber.on("close", () => live && ((live = false), hearing.dropped()));
    },
    subscribe: (channel) => subscriber.subscribe(channel),
    unsubscribe: (channel) => subscriber.unsubscribe(channel),
    publish: (channel, text) => client.publish(channel, text),
    ping: () => (live ? subscriber.ping() : undefined),
    // Found stalled, the connection is dropped, and ioredis connects again.
    drop: () => live && subscriber.disconnect(true),
    // A request made around its event's text is handed on without being parsed.
    readEvent: storeEventOf,
  };

  // A person's positions start from the clock in ms (14 digits): Lua prints numbers with 14
  // significant digits, so a larger start would lose its last digits in the events it writes.
  const startPosition = () => String(Date.now());

  /** Closes every request of every holder whose lease expired ("closed"); a holder long gone is forgotten. */
  async function sweep(): Promise<RelayRecord[]> {
    const swept: RelayRecord[] = [];
    const listed = await client.zrange(keys.holders, "0", "-1", "WITHSCORES");
    for (let i = 0; i + 1 < listed.length; i += 2) {
      const holder = listed[i]!;
      const taken = await commands.relayTakeHeld(keys.lease(holder), keys.held(holder));
      if (taken === null) continue;
      for (let j = 0; j + 1 < taken.length; j += 2) {
        const [id, owner] = [taken[j]!, taken[j + 1]!];
        // Read before it closes (the settle drops it): what this handle closed is told to its holder.
        const record = await client.hget(`${keys.person(owner).req}${id}`, "record");
        const [status] = await settleIn(owner, id, { reason: "closed" }, "");
        if (status === "settled" && record) swept.push(JSON.parse(record) as RelayRecord);
      }
      await commands.relayForgetHolder(keys.holders, holder, listed[i + 1]!);
    }
    return swept;
  }

  /** A round as the scripts return it (its hash's fields), with every answer gathered. */
  function roundOf(fields: string[]): RelayRound {
    const round = JSON.parse(fields[fields.indexOf("round") + 1]!) as RelayRound;
    const answers: Record<string, ElicitResult> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i]!.startsWith("a:")) answers[fields[i]!.slice(2)] = JSON.parse(fields[i + 1]!) as ElicitResult;
    }
    return { ...round, answers };
  }

  /** Whether a holder can receive an answer: its lease, and a subscription to its channel on any node (a replica too). */
  const clustered = "isCluster" in client && client.isCluster === true;

  async function holderState(holder: string): Promise<"live" | "gone" | "deaf"> {
    if ((await client.exists(keys.lease(holder))) === 0) return "gone";
    const nodes: Redis[] = clustered ? (client as Cluster).nodes("all") : [client as Redis];
    const counts = await Promise.all(nodes.map((node) => node.pubsub("NUMSUB", `${keys.holderChannel}${holder}`) as Promise<[string, number]>));
    return counts.some(([, count]) => Number(count) > 0) ? "live" : "deaf";
  }

  /** One settle in the owner's slot; an answer whose holder must be looked at is settled again with what was seen. */
  async function settleIn(owner: string, id: string, settlement: RelaySettlement, ownerCheck: string): Promise<SettleReply> {
    const person = keys.person(owner);
    const run = (state: string) =>
      commands.relaySettle(
        `${person.req}${id}`,
        person.open,
        person.pos,
        person.closed,
        id,
        JSON.stringify(settlement),
        settlement.reason,
        ownerCheck,
        state,
        recentMs,
        Date.now(),
        startPosition(),
        recentPerPerson,
        JSON.stringify(settlement.reason === "answered" ? settlement.result : { action: "cancel" }),
        person.round,
        person.channel,
        keys.holderChannel,
        keys.leasePrefix,
      );
    // One Redis looks at the holder inside the settle; a Cluster cannot (another slot), and asks twice.
    let reply = await run(clustered ? "" : "inline");
    if (reply[0] === "check-holder") reply = await run(await holderState(reply[1]!));
    // Its holder no longer needs to find it; a round resumed needs no expiry.
    const holder = reply[0] === "settled" ? reply[1] : reply[0] === "already-closed" ? reply[3] : undefined;
    if (holder) void client.hdel(keys.held(holder), id).catch(() => undefined);
    if (reply[0] === "settled" && Array.isArray(reply[2])) void client.zrem(keys.rounds, JSON.stringify([owner, roundOf(reply[2]).id])).catch(() => undefined);
    return reply;
  }

  const operations: RelayStoreOperations = {
    async open(record, maxOpen, json) {
      // Kept a while past its deadline, so its holder's timeout finds it.
      const ttl = Math.max(1, (record.deadline ?? Date.now() + 86_400_000) - Date.now()) + leaseMs + recentMs;
      const deadline = record.deadline === undefined ? "" : String(record.deadline);
      const person = keys.person(record.owner);
      const { text, eventLength } = recordText(record, json);
      const args = [record.id, text, record.owner, record.holder, maxOpen, ttl, startPosition(), deadline, person.channel, eventLength] as const;
      // One Redis: where it lives and who holds it are written in the open's own step.
      if (!clustered && record.holder !== "") {
        return (await commands.relayOpenHere(`${person.req}${record.id}`, person.open, person.pos, keys.where(record.id), keys.held(record.holder), ...args)) === 1;
      }
      // Where it lives, and who holds it, first: a request is never open unfindable by its id or its holder's sweep.
      await Promise.all([client.set(keys.where(record.id), record.owner, "PX", ttl), record.holder === "" ? undefined : client.hset(keys.held(record.holder), record.id, record.owner)]);
      const opened = await commands.relayOpen(`${person.req}${record.id}`, person.open, person.pos, ...args);
      if (opened !== 1 && record.holder !== "") await client.hdel(keys.held(record.holder), record.id);
      return opened === 1;
    },
    async get(id) {
      if (!ID.test(id)) return undefined;
      const owner = await client.get(keys.where(id));
      if (owner === null) return undefined;
      const [record, reason, settlement] = await client.hmget(`${keys.person(owner).req}${id}`, "record", "closed", "settlement");
      if (record !== null && record !== undefined) return { owner, record: JSON.parse(record) as RelayRecord };
      if (reason === null || reason === undefined) return undefined;
      return { owner, closed: reason as RelayCloseReason, ...(settlement ? { settlement: JSON.parse(settlement) as RelaySettlement } : {}) };
    },
    async settle(id, settlement, owner) {
      if (!ID.test(id)) return { status: "not-found" };
      const found = owner ?? (await client.get(keys.where(id)));
      if (found === null) return { status: "not-found" };
      const [status, second, third, , closedRecord] = await settleIn(found, id, settlement, owner ?? "");
      if (status === "settled") return Array.isArray(third) ? { status: "settled", resume: roundOf(third) } : { status: "settled" };
      if (status === "not-found") return { status: "not-found" };
      if (status === "unreachable") return { status: "unreachable" };
      return {
        status: "already-closed",
        reason: second as RelayCloseReason,
        ...(typeof third === "string" && third !== "" ? { settlement: JSON.parse(third) as RelaySettlement } : {}),
        // Closed by this call itself (an answer nobody can receive).
        ...(closedRecord ? { closedHere: JSON.parse(closedRecord) as RelayRecord } : {}),
      };
    },
    async snapshot(owner) {
      const person = keys.person(owner);
      const [position, pairs, recent, completions, completedIds] = await commands.relaySnapshot(person.pos, person.open, person.closed, person.completed, startPosition(), person.req);
      // Without the requests whose holder is gone (its lease lives in its own slot).
      const holders = [...new Set(pairs.filter((_, i) => i % 2 === 1 && pairs[i] !== ""))];
      const leases = await Promise.all(holders.map(async (holder) => [holder, (await client.exists(keys.lease(holder))) === 1] as const));
      const alive = new Map(leases);
      const done = new Set(completedIds);
      const open: RelayRecord[] = [];
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        if (pairs[i + 1] !== "" && alive.get(pairs[i + 1]!) !== true) continue;
        const record = JSON.parse(pairs[i]!) as RelayRecord;
        open.push(done.has(record.id) ? { ...record, completed: true } : record);
      }
      return {
        position: Number(position),
        open,
        closed: recent.map((text) => JSON.parse(text) as { position: number; id: string; reason: RelayCloseReason }),
        completed: completions.map((text) => JSON.parse(text) as { position: number } & RelayCompletion),
      };
    },
    async park(round, records, maxOpen) {
      const roundTtl = Math.max(1, round.deadline - Date.now()) + roundGraceMs;
      const { answers, ...kept } = round;
      const person = keys.person(round.owner);
      const listed = JSON.stringify([round.owner, round.id]);
      // Listed for expiry, and findable by id, first: a round is never parked out of the expiry's sight.
      await client.zadd(keys.rounds, round.deadline, listed);
      await Promise.all(records.map((record) => client.set(keys.where(record.id), round.owner, "PX", roundTtl + recentMs)));
      const parked = await commands.relayPark(
        person.open,
        person.pos,
        `${person.round}${round.id}`,
        round.owner,
        maxOpen,
        startPosition(),
        JSON.stringify({ ...kept, answers: {} }),
        records.length,
        roundTtl,
        roundTtl + recentMs,
        person.req,
        person.channel,
        round.id,
        records.length,
        ...records.flatMap((record) => [record.id, JSON.stringify(record), record.round?.key ?? ""]),
        ...Object.entries(answers).flatMap(([key, answer]) => [`a:${key}`, JSON.stringify(answer)]),
      );
      if (parked !== 1) await client.zrem(keys.rounds, listed);
      return parked === 1;
    },
    async expireRounds(at) {
      const listed = await client.zrangebyscore(keys.rounds, "-inf", at);
      const due: RelayRound[] = [];
      for (const entry of listed) {
        const [owner, roundId] = JSON.parse(entry) as [string, string];
        const person = keys.person(owner);
        const fields = await commands.relayExpire(
          `${person.round}${roundId}`,
          person.open,
          person.pos,
          person.closed,
          at,
          recentMs,
          startPosition(),
          recentPerPerson,
          person.req,
          person.round,
          person.channel,
          keys.holderChannel,
        );
        if (fields !== null) due.push(roundOf(fields));
        await client.zrem(keys.rounds, entry);
      }
      return due;
    },
    async keep(owner, kind, key, value) {
      if (value === undefined) await client.hdel(keys.kept(owner, kind), key);
      else await client.hset(keys.kept(owner, kind), key, value);
    },
    async kept(owner, kind) {
      return await client.hgetall(keys.kept(owner, kind));
    },
    async claim(key, ttlMs) {
      return (await client.set(keys.claim(key), "1", "PX", Math.max(1, Math.ceil(ttlMs)), "NX")) === "OK";
    },
    async complete(owner, { serverName, elicitationId }, ids) {
      const open = ids.filter((id) => ID.test(id));
      const person = keys.person(owner);
      // The JSON of its fields is made here, so the script only puts a position before it.
      const fields = JSON.stringify({ serverName, elicitationId, ...(open[0] === undefined ? {} : { id: open[0] }) }).slice(1, -1);
      await commands.relayComplete(person.pos, person.completed, owner, startPosition(), recentMs, recentPerPerson, fields, person.req, person.channel, ...open);
    },
  };
  return createRelayStore({
    operations,
    leases: {
      // The lease, and the sweep's list of holders (a holder the sweep forgot is listed again here).
      lease: (holder) => Promise.all([client.set(keys.lease(holder), "1", "PX", leaseMs), client.zadd(keys.holders, Date.now(), holder)]),
      release: (holder) => client.del(keys.lease(holder)),
      sweep,
    },
    feed,
    timings: { leaseMs, sweepMs, heartbeatMs },
    async close(signal) {
      closed = true;
      subscriber.disconnect();
      // QUIT waits for a Redis that is not there (queued until it comes back): past the kit's wait, the socket is dropped.
      if (!owned) return;
      signal.addEventListener("abort", () => client.disconnect());
      await client.quit();
    },
  });
}
