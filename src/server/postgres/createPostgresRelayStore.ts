// The relay's store for several instances sharing one Postgres (pg). Every change to a person's
// requests is one transaction that first locks that person's row: the first settle wins, racing opens
// count right, and positions grow in commit order. NOTIFY (sent at commit) carries the live feed: a
// person's events on a channel named for them, settlements on one per holder. A notification is lost
// while its LISTEN connection is down: a connection that ends, or stops answering its heartbeat,
// interrupts every person's subscription (the relay ends those streams, their windows reconnect), and
// once it is back each holder checks what it holds. An answer is taken only while its holder's lease
// is fresh and its LISTEN connection exists (pg_stat_activity); an instance that dies stops refreshing
// its lease, and any instance's sweep closes its requests ("closed").
import { createHash, randomBytes } from "node:crypto";
// The default import: pg is CommonJS, and Node finds no named exports in it before pg 8.15.
import pg, { type Client, type ClientConfig, type Pool, type PoolClient } from "pg";
import type { RelayCloseReason } from "../../core/relay/relayWire";
import type { ElicitResult } from "../../core/types";
import type { ElicitationRelayStore, RelayInterruption, RelayRecord, RelayRound, RelaySettleOutcome, RelaySettlement, RelayStoreEvent } from "../ElicitationRelayStore";
import { NOW_MS, relayTables } from "./relayTables";

export type PostgresRelayStoreOptions = ({ connectionString: string; pool?: undefined } | { pool: Pool; connectionString?: undefined }) & {
  /** Prefix of its tables and channels: lower-case letters, digits and "_", at most 30. Default "rme_relay". */
  prefix?: string;
  /** How long an instance's lease lasts without being refreshed (it is refreshed every third of it). Default 15 000 ms. */
  leaseMs?: number;
  /** How often this instance closes the requests of instances whose lease expired, and forgets what is old. Default 5 000 ms. */
  sweepMs?: number;
  /** How long a closed request is remembered (late answers get 409, reconnecting windows their `closed` event). Default 60 000 ms. */
  recentMs?: number;
  /** Closed requests (and completions) a snapshot gives per person. Default 32. */
  recentPerPerson?: number;
  /** How long a parked round is kept past its deadline for a relay's sweep to expire (and resume) it; then it is dropped unresumed. Default 3 600 000 ms. */
  roundGraceMs?: number;
  /** How often the LISTEN connection is asked a `SELECT 1`; one that does not answer within half of it is taken for dead and made again. Default 5 000 ms. */
  heartbeatMs?: number;
};

export interface PostgresRelayStore extends ElicitationRelayStore {
  /** Stops the sweep and the LISTEN connection; ends the pool it made (a `pool` given to it stays open). */
  close(): Promise<void>;
}

/** NOTIFY payloads must stay under 8 000 bytes: an event or settlement larger than this is sent by id and read from its table. */
const MAX_PAYLOAD = 7_800;

interface Row {
  owner: string;
  holder: string;
  deadline: string | null;
  round_id: string | null;
  round_key: string | null;
  reason: RelayCloseReason | null;
  settlement: string | null;
  leased: boolean | null;
  listening: boolean;
}

/** One person's transaction: queries, the next position, NOTIFYs sent at commit. */
interface Step {
  owner: string;
  q<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  next(): number;
  notify(channel: string, payload: string): void;
}

interface Channel {
  listeners: Set<(payload: string) => void>;
  interrupted: Set<() => void>;
  ready: Promise<unknown>;
  /** A holder's channel is listened to again after a reconnection; a person's ends with it. */
  holder: boolean;
}

export function createPostgresRelayStore(options: PostgresRelayStoreOptions): PostgresRelayStore {
  const prefix = options.prefix ?? "rme_relay";
  const leaseMs = options.leaseMs ?? 15_000;
  const sweepMs = options.sweepMs ?? 5_000;
  const recentMs = options.recentMs ?? 60_000;
  const recentPerPerson = options.recentPerPerson ?? 32;
  const roundGraceMs = options.roundGraceMs ?? 3_600_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  for (const [name, value] of Object.entries({ leaseMs, sweepMs, recentMs, recentPerPerson, roundGraceMs, heartbeatMs })) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`createPostgresRelayStore: ${name} must be a whole number > 0.`);
  }
  const t = relayTables(prefix);
  const owned = options.pool === undefined;
  const config: ClientConfig = options.pool?.options ?? { connectionString: options.connectionString, connectionTimeoutMillis: heartbeatMs };
  const pool = options.pool ?? new pg.Pool(config);
  // An idle pooled connection that dies is reported here; pg throws it when nobody listens.
  if (owned) pool.on("error", () => undefined);

  // Channel names are identifiers (at most 63 bytes): a hash of the name, never the name itself.
  const channelOf = (kind: "o" | "h", name: string) => `${prefix}_${kind}_${createHash("sha256").update(name).digest("base64url").slice(0, 22)}`;
  const query = async <T = Record<string, unknown>>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as T[];

  /** Runs `work` in a transaction holding `owner`'s row lock; positions it takes are written, and its NOTIFYs sent, at commit. */
  async function inPerson<T>(owner: string, work: (step: Step) => Promise<T>): Promise<T> {
    const client: PoolClient = await pool.connect();
    let failed = false;
    // A checked-out connection that dies between two queries reports it here (pg throws it when nobody listens).
    const broken = () => (failed = true);
    client.on("error", broken);
    try {
      await client.query("BEGIN");
      const now = Date.now();
      // Positions start from the clock (µs), so a person forgotten and seen again never goes back.
      const locked = await client.query<{ position: string }>(
        `INSERT INTO ${t.people} (owner, position, touched) VALUES ($1, $2, $3) ON CONFLICT (owner) DO UPDATE SET touched = EXCLUDED.touched RETURNING position`,
        [owner, now * 1000, now],
      );
      const start = Number(locked.rows[0]!.position);
      let position = start;
      const notes: [string, string][] = [];
      const value = await work({ owner, q: async (text, values) => (await client.query(text, values)).rows, next: () => ++position, notify: (channel, payload) => notes.push([channel, payload]) });
      if (position !== start) await client.query(`UPDATE ${t.people} SET position = $2 WHERE owner = $1`, [owner, position]);
      if (notes.length > 0) await client.query("SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS n(c, p, i) ORDER BY i", [notes.map(([c]) => c), notes.map(([, p]) => p)]);
      await client.query("COMMIT");
      return value;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // A connection that failed mid-transaction is not given to anyone again.
      client.off("error", broken);
      client.release(failed);
    }
  }

  /** A request as a settle sees it, with whether its holder can receive an answer now. */
  async function readRow(step: Step, id: string): Promise<Row | undefined> {
    const [row] = await step.q<Row>(
      `SELECT r.owner, r.holder, r.deadline, r.round_id, r.round_key, r.reason, r.settlement, h.lease_until > ${NOW_MS} AS leased,
        EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = h.listener) AS listening
       FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder WHERE r.id = $1`,
      [id],
    );
    return row;
  }

  /** Closes one open request; a parked round's answer goes to its round, and the round leaves with its last one (returned, once). */
  async function close(step: Step, id: string, row: Row, settlement: RelaySettlement): Promise<RelayRound | undefined> {
    const position = step.next();
    // A parked round's answer is kept in the round alone, until it resumes.
    const kept = JSON.stringify(row.round_id === null ? settlement : { reason: settlement.reason });
    await step.q(`UPDATE ${t.requests} SET record = NULL, reason = $2, settlement = $3, closed_at = $4, closed_position = $5 WHERE id = $1`, [id, settlement.reason, kept, Date.now(), position]);
    step.notify(channelOf("o", step.owner), JSON.stringify({ type: "closed", position, id, reason: settlement.reason }));
    if (row.holder !== "") {
      const told = `{"id":${JSON.stringify(id)},"settlement":${kept}}`;
      step.notify(channelOf("h", row.holder), told.length <= MAX_PAYLOAD ? told : JSON.stringify({ id }));
    }
    if (row.round_id === null || row.round_key === null) return undefined;
    const [round] = await step.q<{ round: string; answers: string; left_count: number }>(`SELECT round, answers, left_count FROM ${t.rounds} WHERE id = $1`, [row.round_id]);
    const answers = round === undefined ? undefined : (JSON.parse(round.answers) as Record<string, ElicitResult>);
    // A round already gone (resumed, expired, or dropped after its grace) is never written again.
    if (round === undefined || answers === undefined || answers[row.round_key] !== undefined) return undefined;
    answers[row.round_key] = settlement.reason === "answered" ? settlement.result : { action: "cancel" };
    if (round.left_count > 1) {
      await step.q(`UPDATE ${t.rounds} SET answers = $2, left_count = left_count - 1 WHERE id = $1`, [row.round_id, JSON.stringify(answers)]);
      return undefined;
    }
    await step.q(`DELETE FROM ${t.rounds} WHERE id = $1`, [row.round_id]);
    return { ...(JSON.parse(round.round) as RelayRound), answers };
  }

  /** The settle's decision, inside the person's lock (see ElicitationRelayStore.settle). */
  async function settleIn(step: Step, id: string, settlement: RelaySettlement, owner: string | undefined): Promise<RelaySettleOutcome> {
    const row = await readRow(step, id);
    if (row === undefined) return { status: "not-found" };
    if (row.reason !== null) {
      return owner === undefined ? { status: "already-closed", reason: row.reason, settlement: JSON.parse(row.settlement!) as RelaySettlement } : { status: "already-closed", reason: row.reason };
    }
    // An answer nobody can receive any more is not taken: the request closes as what it is.
    if (settlement.reason === "answered" && row.round_id === null) {
      const late = row.deadline !== null && Date.now() > Number(row.deadline) ? "timeout" : row.holder !== "" && row.leased !== true ? "closed" : undefined;
      if (late !== undefined) {
        await close(step, id, row, { reason: late });
        return { status: "already-closed", reason: late };
      }
      // Its holder is alive but not listening (its feed reconnecting): nothing is taken, the answer is tried again.
      if (!row.listening) return { status: "unreachable" };
    }
    const resume = await close(step, id, row, settlement);
    return resume === undefined ? { status: "settled" } : { status: "settled", resume };
  }

  // Tables are made once per store (and again by each LISTEN connection, for a database that lost them).
  let tablesMade: Promise<void> | undefined;
  const makeTables = (client: Pool | Client) =>
    client.query(`BEGIN; SELECT pg_advisory_xact_lock(hashtext(${pg.escapeLiteral(t.meta)})); ${t.create}
      INSERT INTO ${t.meta} (epoch) SELECT ${pg.escapeLiteral(randomBytes(12).toString("base64url"))} WHERE NOT EXISTS (SELECT 1 FROM ${t.meta}); COMMIT;`);
  const tables = () =>
    (tablesMade ??= makeTables(pool).then(
      () => undefined,
      (error: unknown) => {
        tablesMade = undefined;
        throw error;
      },
    ));

  // The LISTEN connection: one per store, made again whenever it ends.
  /** The LISTEN connection while it works; `ask` runs one query after another (pg takes one at a time). */
  let listener: { client: Client; pid: number; end(): void; ask(text: string): Promise<unknown> } | undefined;
  let epoch: string | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const channels = new Map<string, Channel>();
  const holdings = new Map<string, { timer: ReturnType<typeof setInterval>; onInterrupted: ((interruption: RelayInterruption) => void) | undefined }>();
  let waiting: (() => void)[] = [];
  const whenListening = () => (listener !== undefined ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));

  async function connect(): Promise<void> {
    const client = new pg.Client(config);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // A stalled socket never ends by itself: it is destroyed.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
      if (listener?.client === client) {
        listener = undefined;
        // What was notified meanwhile is lost: every person's subscription ends, and says so.
        for (const [name, channel] of [...channels]) {
          if (channel.holder) continue;
          channels.delete(name);
          for (const interrupted of [...channel.interrupted]) interrupted();
        }
      }
      if (!closed && retry === undefined) retry = setTimeout(() => ((retry = undefined), void connect()), Math.min(1_000, heartbeatMs));
    };
    client.on("error", end);
    client.on("end", end);
    client.on("notification", ({ channel, payload }) => {
      for (const deliver of [...(channels.get(channel)?.listeners ?? [])]) deliver(payload ?? "");
    });
    try {
      await client.connect();
      await makeTables(client);
      const [{ pid, now }] = (await client.query<{ pid: number; now: string }>(`SELECT pg_backend_pid() AS pid, (SELECT epoch FROM ${t.meta} LIMIT 1) AS now`)).rows as [{ pid: number; now: string }];
      for (const [name, channel] of channels) if (channel.holder) await client.query(`LISTEN ${pg.escapeIdentifier(name)}`);
      if (ended || closed) return end();
      const reset = epoch !== undefined && epoch !== now;
      const resumed = epoch !== undefined;
      epoch = now;
      let last: Promise<unknown> = Promise.resolve();
      const ask = (text: string) => (last = last.catch(() => undefined).then(() => client.query(text)));
      listener = { client, pid, end, ask };
      // Leases first (with the new connection's pid), then each holder checks what it holds.
      for (const holder of holdings.keys()) await refresh(holder);
      for (const resolve of waiting.splice(0)) resolve();
      if (resumed) for (const holding of holdings.values()) holding.onInterrupted?.({ reset });
    } catch {
      end();
    }
  }
  void connect();

  // A connection that stalls (bytes held, nothing closed) looks alive: a heartbeat unanswered in time ends it.
  const heartbeat = setInterval(() => {
    const current = listener;
    if (current === undefined) return;
    const late = setTimeout(() => current.end(), Math.max(1, Math.floor(heartbeatMs / 2)));
    void current.ask("SELECT 1").then(() => clearTimeout(late), () => undefined);
  }, heartbeatMs);
  heartbeat.unref?.();

  async function listen(name: string, deliver: (payload: string) => void, interrupted: () => void, holder: boolean): Promise<() => void> {
    await whenListening();
    let channel = channels.get(name);
    if (channel === undefined) {
      const created: Channel = { listeners: new Set(), interrupted: new Set(), holder, ready: listener!.ask(`LISTEN ${pg.escapeIdentifier(name)}`) };
      created.ready.catch(() => {
        if (channels.get(name) === created) channels.delete(name);
      });
      channels.set(name, created);
      channel = created;
    }
    channel.listeners.add(deliver);
    channel.interrupted.add(interrupted);
    const leave = () => {
      channel.listeners.delete(deliver);
      channel.interrupted.delete(interrupted);
      if (channels.get(name) !== channel || channel.listeners.size > 0) return;
      channels.delete(name);
      if (listener !== undefined) void listener.ask(`UNLISTEN ${pg.escapeIdentifier(name)}`).catch(() => undefined);
    };
    try {
      await channel.ready;
    } catch (error) {
      leave();
      throw error;
    }
    // Interrupted while it was being made: it may have missed events, so it is no subscription.
    if (channels.get(name) !== channel) throw new Error("The subscription was interrupted while it was being made.");
    return leave;
  }

  /** The lease, with the pid of the LISTEN connection that hears this holder's settlements (none while it is down). */
  const refresh = (holder: string) =>
    query(
      `INSERT INTO ${t.holders} (holder, lease_until, listener) VALUES ($1, ${NOW_MS} + $2, $3)
       ON CONFLICT (holder) DO UPDATE SET lease_until = EXCLUDED.lease_until, listener = EXCLUDED.listener`,
      [holder, leaseMs, listener?.pid ?? null],
    );

  async function get(id: string) {
    await tables();
    const [row] = await query<{ owner: string; record: string | null; completed: boolean; reason: RelayCloseReason | null; settlement: string | null; closed_at: string | null }>(
      `SELECT owner, record, completed, reason, settlement, closed_at FROM ${t.requests} WHERE id = $1`,
      [id],
    );
    if (row === undefined) return undefined;
    if (row.record !== null) {
      const record = JSON.parse(row.record) as RelayRecord;
      return { owner: row.owner, record: row.completed ? { ...record, completed: true } : record };
    }
    if (row.reason === null || Number(row.closed_at) <= Date.now() - recentMs) return undefined;
    return { owner: row.owner, closed: row.reason, settlement: JSON.parse(row.settlement!) as RelaySettlement };
  }

  /** Closes the requests of holders whose lease expired, and forgets what is older than anyone needs. */
  async function sweep(): Promise<void> {
    await tables();
    const orphans = await query<{ id: string; owner: string }>(
      `SELECT r.id, r.owner FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder
       WHERE r.record IS NOT NULL AND r.holder <> '' AND (h.lease_until IS NULL OR h.lease_until <= ${NOW_MS})`,
    );
    for (const { id, owner } of orphans) {
      await inPerson(owner, async (step) => {
        const row = await readRow(step, id);
        if (row !== undefined && row.reason === null && row.leased !== true) await close(step, id, row, { reason: "closed" });
      });
    }
    const now = Date.now();
    await query(`DELETE FROM ${t.requests} WHERE closed_at < $1 OR (record IS NOT NULL AND holder = '' AND deadline < $2)`, [now - recentMs, now - roundGraceMs]);
    await query(`DELETE FROM ${t.rounds} WHERE deadline < $1`, [now - roundGraceMs]);
    await query(`DELETE FROM ${t.completions} WHERE at < $1`, [now - recentMs]);
    await query(`DELETE FROM ${t.holders} h WHERE lease_until < ${NOW_MS} - $1 AND NOT EXISTS (SELECT 1 FROM ${t.requests} r WHERE r.holder = h.holder AND r.record IS NOT NULL)`, [recentMs]);
    await query(`DELETE FROM ${t.people} p WHERE touched < $1 AND NOT EXISTS (SELECT 1 FROM ${t.requests} r WHERE r.owner = p.owner)`, [now - 7 * 86_400_000]);
  }
  const sweeper = setInterval(() => void sweep().catch(() => undefined), sweepMs);
  sweeper.unref?.();

  const countOpen = async (step: Step) => (await step.q<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.requests} WHERE owner = $1 AND record IS NOT NULL`, [step.owner]))[0]!.n;

  /** Opens `record` at a new position in the person's transaction, and tells their streams (by id when the record is too large to notify). */
  async function insert(step: Step, record: RelayRecord): Promise<void> {
    const position = step.next();
    const text = JSON.stringify(record);
    await step.q(`INSERT INTO ${t.requests} (id, owner, holder, record, deadline, round_id, round_key, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      record.id,
      record.owner,
      record.holder,
      text,
      record.deadline ?? null,
      record.round?.id ?? null,
      record.round?.key ?? null,
      position,
    ]);
    const event = `{"type":"request","position":${position},"record":${text}}`;
    step.notify(channelOf("o", step.owner), event.length <= MAX_PAYLOAD ? event : JSON.stringify({ type: "request", position, id: record.id }));
  }

  return {
    async attach(holder, onSettled, onInterrupted) {
      await tables();
      const stop = await listen(
        channelOf("h", holder),
        (payload) => {
          const { id, settlement } = JSON.parse(payload) as { id: string; settlement?: RelaySettlement };
          if (settlement !== undefined) return onSettled(id, settlement);
          // Too large to notify: read from its row; when that fails, the holder checks what it holds.
          void get(id).then(
            (found) => found?.settlement && onSettled(id, found.settlement),
            () => onInterrupted?.({ reset: false }),
          );
        },
        () => undefined,
        true,
      );
      await refresh(holder);
      const timer = setInterval(() => void refresh(holder).catch(() => undefined), Math.max(1, Math.floor(leaseMs / 3)));
      timer.unref?.();
      holdings.set(holder, { timer, onInterrupted });
      return async () => {
        clearInterval(timer);
        holdings.delete(holder);
        stop();
        await query(`DELETE FROM ${t.holders} WHERE holder = $1`, [holder]).catch(() => undefined);
      };
    },
    async open(record, maxOpen) {
      await tables();
      return inPerson(record.owner, async (step) => {
        if ((await countOpen(step)) >= maxOpen) return false;
        await insert(step, record);
        return true;
      });
    },
    get,
    async settle(id, settlement, owner) {
      await tables();
      const [found] = await query<{ owner: string }>(`SELECT owner FROM ${t.requests} WHERE id = $1`, [id]);
      if (found === undefined || (owner !== undefined && found.owner !== owner)) return { status: "not-found" };
      return inPerson(found.owner, (step) => settleIn(step, id, settlement, owner));
    },
    async snapshot(owner) {
      await tables();
      // One statement, one view of the database: every event at or before its position is in it.
      const [row] = await query<{ position: string | null; open: [string, boolean][]; closed: { position: number; id: string; reason: RelayCloseReason }[]; completed: string[] }>(
        `SELECT (SELECT position FROM ${t.people} WHERE owner = $1) AS position,
          (SELECT coalesce(json_agg(json_build_array(r.record, r.completed) ORDER BY r.position), '[]') FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder
            WHERE r.owner = $1 AND r.record IS NOT NULL AND (r.holder = '' OR h.lease_until > ${NOW_MS})) AS open,
          (SELECT coalesce(json_agg(json_build_object('position', c.closed_position, 'id', c.id, 'reason', c.reason) ORDER BY c.closed_position), '[]')
            FROM (SELECT id, reason, closed_position FROM ${t.requests} WHERE owner = $1 AND closed_at > $2 ORDER BY closed_position DESC LIMIT $3) c) AS closed,
          (SELECT coalesce(json_agg(c.completion ORDER BY c.position), '[]')
            FROM (SELECT completion, position FROM ${t.completions} WHERE owner = $1 AND at > $2 ORDER BY position DESC LIMIT $3) c) AS completed`,
        [owner, Date.now() - recentMs, recentPerPerson],
      );
      return {
        // Nobody here yet: the clock (µs), below the position their first event will take.
        position: row!.position === null ? Date.now() * 1000 : Number(row!.position),
        open: row!.open.map(([text, completed]) => (completed ? { ...(JSON.parse(text) as RelayRecord), completed: true } : (JSON.parse(text) as RelayRecord))),
        closed: row!.closed.map(({ position, id, reason }) => ({ position: Number(position), id, reason })),
        completed: row!.completed.map((text) => JSON.parse(text) as { position: number; serverName: string; elicitationId: string; id?: string }),
      };
    },
    async park(round, records, maxOpen) {
      await tables();
      return inPerson(round.owner, async (step) => {
        if ((await countOpen(step)) + records.length > maxOpen) return false;
        const { answers, ...kept } = round;
        await step.q(`INSERT INTO ${t.rounds} (id, owner, round, answers, left_count, deadline) VALUES ($1, $2, $3, $4, $5, $6)`, [
          round.id,
          round.owner,
          JSON.stringify({ ...kept, answers: {} }),
          JSON.stringify(answers),
          records.length,
          round.deadline,
        ]);
        for (const record of records) await insert(step, record);
        return true;
      });
    },
    async expireRounds(at) {
      await tables();
      const due: RelayRound[] = [];
      for (const { id, owner } of await query<{ id: string; owner: string }>(`SELECT id, owner FROM ${t.rounds} WHERE deadline <= $1`, [at])) {
        const expired = await inPerson(owner, async (step) => {
          const [found] = await step.q<{ round: string; answers: string }>(`SELECT round, answers FROM ${t.rounds} WHERE id = $1`, [id]);
          if (found === undefined) return undefined;
          const round = JSON.parse(found.round) as RelayRound;
          const answered = JSON.parse(found.answers) as Record<string, ElicitResult>;
          // Its open requests close ("timeout"); the one that records its last answer takes the round out.
          for (const [key, requestId] of Object.entries(round.requests)) {
            if (answered[key] !== undefined || requestId === undefined) continue;
            const row = await readRow(step, requestId);
            const resumed = row !== undefined && row.reason === null ? await close(step, requestId, row, { reason: "timeout" }) : undefined;
            if (resumed !== undefined) return resumed;
          }
          // A request already gone cannot close: its key is answered cancel here.
          const [left] = await step.q<{ answers: string }>(`DELETE FROM ${t.rounds} WHERE id = $1 RETURNING answers`, [id]);
          if (left === undefined) return undefined;
          const answers = JSON.parse(left.answers) as Record<string, ElicitResult>;
          for (const key of Object.keys(round.requests)) answers[key] ??= { action: "cancel" };
          return { ...round, answers };
        });
        if (expired !== undefined) due.push(expired);
      }
      return due;
    },
    async complete(owner, { serverName, elicitationId }, ids) {
      await tables();
      await inPerson(owner, async (step) => {
        const marked = new Set(
          (await step.q<{ id: string }>(`UPDATE ${t.requests} SET completed = true WHERE owner = $1 AND id = ANY($2) AND record IS NOT NULL RETURNING id`, [owner, ids])).map(({ id }) => id),
        );
        const first = ids.find((id) => marked.has(id));
        const entry = { position: step.next(), serverName, elicitationId, ...(first === undefined ? {} : { id: first }) };
        await step.q(`INSERT INTO ${t.completions} (owner, position, completion, at) VALUES ($1, $2, $3, $4)`, [owner, entry.position, JSON.stringify(entry), Date.now()]);
        step.notify(channelOf("o", owner), JSON.stringify({ type: "completed", ...entry }));
      });
    },
    async subscribe(owner, listener, onInterrupted) {
      await tables();
      // Events are handed on in the order they came, a large one after its record is read.
      let order = Promise.resolve();
      let over = false;
      const interrupted = () => {
        if (over) return;
        over = true;
        onInterrupted?.();
      };
      const deliver = (payload: string) => {
        const event = JSON.parse(payload) as RelayStoreEvent | { type: "request"; position: number; id: string; record?: undefined };
        order = order.then(async () => {
          if (over) return;
          if (event.type !== "request" || event.record !== undefined) return listener(event as RelayStoreEvent);
          const found = await get((event as { id: string }).id).catch(() => null);
          if (found === null) return interrupted();
          if (found?.record !== undefined) listener({ type: "request", position: event.position, record: found.record });
        });
      };
      const stop = await listen(channelOf("o", owner), deliver, interrupted, false);
      return () => {
        over = true;
        stop();
      };
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      clearInterval(heartbeat);
      clearTimeout(retry);
      for (const { timer } of holdings.values()) clearInterval(timer);
      holdings.clear();
      channels.clear();
      const current = listener;
      listener = undefined;
      await current?.client.end().catch(() => undefined);
      // Ending a pool waits for its connections; one stuck in an outage is not waited for past a heartbeat.
      if (!owned) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([pool.end().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, heartbeatMs)))]);
      clearTimeout(timer);
    },
  };
}
