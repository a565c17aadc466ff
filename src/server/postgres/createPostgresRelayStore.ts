// The relay's store for several instances sharing one Postgres (pg). Every change to a person's requests is
// one transaction that first locks that person's row: the first settle wins, racing opens count right, and
// positions grow in commit order. NOTIFY, sent at commit, carries the live feed (createPostgresFeed). An
// answer is taken only while its holder's lease is fresh and its LISTEN connection exists; a dead holder's
// lease lapses, and any instance's sweep closes its requests ("closed"). createRelayStore runs the rest.
import { createHash } from "node:crypto";
// The default import: pg is CommonJS, and Node finds no named exports in it before pg 8.15.
import pg, { type Pool, type PoolClient } from "pg";
import type { RelayCloseReason } from "../../core/relay/relayWire";
import type { ElicitResult } from "../../core/types";
import { createRelayStore } from "../createRelayStore";
import type { ElicitationRelayStore, RelayCompletion, RelayRecord, RelayRound, RelaySettlement } from "../ElicitationRelayStore";
import { readStoreTimings, type RelayStoreTimings } from "../readStoreTimings";
import type { RelayStoreOperations } from "../RelayStoreParts";
import { lateAnswer } from "../relay/lateAnswer";
import { createPostgresFeed } from "./createPostgresFeed";
import { createPostgresPersonValues } from "./createPostgresPersonValues";
import { NOW_MS, relayTables } from "./relayTables";

export type PostgresRelayStoreOptions = ({ connectionString: string; pool?: undefined } | { pool: Pool; connectionString?: undefined }) & RelayStoreTimings & {
  /** Prefix of its tables and channels: lower-case letters, digits and "_", at most 30. Default "rme_relay". */
  prefix?: string;
};

export interface PostgresRelayStore extends ElicitationRelayStore {
  /** Stops the sweep and the LISTEN connection; ends the pool it made (a `pool` given to it stays open). */
  close(): Promise<void>;
}

// A string as a literal, as pg.escapeLiteral writes it (E'' when it holds a backslash), but by native replaces: it writes each record, char by char.
const lit = (text: string) => (text.includes("\\") ? ` E'${text.replaceAll("\\", "\\\\").replaceAll("'", "''")}'` : `'${text.replaceAll("'", "''")}'`);
/** The owner of an id closed before its open arrived: nobody's (no person's id is empty: the relay refuses one). */
const UNOPENED = "";
/** NOTIFY payloads must stay under 8 000 bytes: an event or settlement larger than this goes by id, and is read from its row. */
const fits = (payload: string) => Buffer.byteLength(payload) <= 7_800;

/** A request as a settle sees it, with whether its holder can receive an answer now (a lease, and a LISTEN connection that exists). */
type Row = { owner: string; holder: string; record: string | null; deadline: string | null; round_id: string | null; round_key: string | null; reason: RelayCloseReason | null; settlement: string | null; leased: boolean | null; listening: boolean };
/** One person's transaction: its queries, the next position, NOTIFYs sent at commit. */
type Step = { owner: string; q<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>; next(): number; notify(channel: string, payload: string): void };

export function createPostgresRelayStore(options: PostgresRelayStoreOptions): PostgresRelayStore {
  const { leaseMs, sweepMs, recentMs, recentPerPerson, roundGraceMs, heartbeatMs } = readStoreTimings("createPostgresRelayStore", options);
  const t = relayTables(options.prefix ?? "rme_relay");
  const owned = options.pool === undefined;
  const pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString, connectionTimeoutMillis: heartbeatMs });
  // An idle pooled connection that dies is reported here; pg throws it when nobody listens.
  if (owned) pool.on("error", () => undefined);
  const query = async <T = Record<string, unknown>>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as T[];
  // Channel names are identifiers (at most 63 bytes): a hash of the name, never the name itself.
  const channelOf = (kind: "o" | "h" | "s", name: string) => `${t.prefix}_${kind}_${createHash("sha256").update(name).digest("base64url").slice(0, 22)}`;

  // Every connection renews the leases with its pid; one after a drop then has each holder check what it holds.
  const connection = createPostgresFeed({
    config: pool.options,
    tables: t,
    heartbeatMs,
    channels: { holder: (holder) => channelOf("h", holder), person: (owner) => channelOf("o", owner), stops: channelOf("s", "stops") },
    async publish(channel, text) {
      if (!fits(text)) throw new RangeError("createPostgresRelayStore: a stop's owner and context are longer than one notification carries (7 800 bytes).");
      await query("SELECT pg_notify($1, $2)", [channel, text]);
    },
  });
  let tablesMade: Promise<unknown> | undefined;
  const tables = () => (tablesMade ??= pool.query(t.create).catch((error: unknown) => ((tablesMade = undefined), Promise.reject(error))));
  // Begins and locks `owner`'s row (values written in, escaped). Positions start from the clock (µs), so a person forgotten and seen again never goes back.
  const lock = (owner: string) => `INSERT INTO ${t.people} VALUES (${lit(owner)}, ${Date.now() * 1000}, ${Date.now()}) ON CONFLICT (owner) DO UPDATE SET touched = EXCLUDED.touched RETURNING position`;
  /** Runs `work` in a transaction holding `owner`'s row lock; the positions it takes are written, and its NOTIFYs sent, at commit. */
  async function inPerson<T>(owner: string, work: (step: Step) => Promise<T>): Promise<T> {
    await tables();
    const client: PoolClient = await pool.connect();
    // Failed until committed; a checked-out connection that dies between two queries reports it here (pg throws it when nobody listens).
    let failed = true;
    const broken = () => (failed = true);
    client.on("error", broken);
    try {
      // One round trip to begin and lock, one to write the position, notify and commit.
      const start = Number(((await client.query(`BEGIN; ${lock(owner)}`)) as unknown as { rows: { position: string }[] }[])[1]!.rows[0]!.position);
      let position = start;
      const notes: string[] = [];
      const value = await work({ owner, q: async (text, values) => (await client.query(text, values)).rows, next: () => ++position, notify: (c, p) => notes.push(`(${lit(c)}, ${lit(p)})`) });
      const notify = notes.length > 0 ? `SELECT pg_notify(c, p) FROM (VALUES ${notes.join(", ")}) AS n(c, p);` : "";
      await client.query(`${position !== start ? `UPDATE ${t.people} SET position = ${position} WHERE owner = ${lit(owner)};` : ""} ${notify} COMMIT`);
      failed = false;
      return value;
    } finally {
      // A connection that failed mid-transaction is not given to anyone again.
      client.off("error", broken);
      client.release(failed);
    }
  }
  const readRow = async (step: Step, id: string) => (await step.q<Row>(ROW, [id]))[0];
  const ROW = `SELECT r.owner, r.holder, r.record, r.deadline, r.round_id, r.round_key, r.reason, r.settlement, h.lease_until > ${NOW_MS} AS leased,
    h.listener IS NOT NULL AND EXISTS (SELECT 1 FROM pg_stat_get_activity(h.listener)) AS listening FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder WHERE r.id = $1`;

  /** Closes one open request; a parked round's answer goes to its round, and the round leaves with its last one (returned, once). */
  async function close(step: Step, id: string, row: Row, settlement: RelaySettlement): Promise<RelayRound | undefined> {
    const position = step.next();
    // A parked round's answer is kept in the round alone, until it resumes.
    const kept = JSON.stringify(row.round_id === null ? settlement : { reason: settlement.reason });
    await step.q(`UPDATE ${t.requests} SET record = NULL, reason = $2, settlement = $3, closed_at = $4, closed_position = $5 WHERE id = $1`, [id, settlement.reason, kept, Date.now(), position]);
    step.notify(channelOf("o", step.owner), JSON.stringify({ type: "closed", position, id, reason: settlement.reason }));
    const told = `{"id":${JSON.stringify(id)},"settlement":${kept}}`;
    if (row.holder !== "") step.notify(channelOf("h", row.holder), fits(told) ? told : JSON.stringify({ id }));
    if (row.round_id === null || row.round_key === null) return undefined;
    const [round] = await step.q<{ round: string; answers: string; left_count: number }>(`SELECT round, answers, left_count FROM ${t.rounds} WHERE id = $1`, [row.round_id]);
    const answers = JSON.parse(round?.answers ?? "{}") as Record<string, ElicitResult>;
    // A round already gone (resumed, expired, or dropped after its grace) is never written again.
    if (round === undefined || answers[row.round_key] !== undefined) return undefined;
    answers[row.round_key] = settlement.reason === "answered" ? settlement.result : { action: "cancel" };
    if (round.left_count > 1) return void (await step.q(`UPDATE ${t.rounds} SET answers = $2, left_count = left_count - 1 WHERE id = $1`, [row.round_id, JSON.stringify(answers)]));
    await step.q(`DELETE FROM ${t.rounds} WHERE id = $1`, [row.round_id]);
    return { ...(JSON.parse(round.round) as RelayRound), answers };
  }
  /** The settle's decision, inside the person's lock (see ElicitationRelayStore.settle). */
  async function settleIn(step: Step, id: string, settlement: RelaySettlement, owner: string | undefined): Promise<Awaited<ReturnType<RelayStoreOperations["settle"]>>> {
    const row = await readRow(step, id);
    if (row === undefined || row.owner !== step.owner) return { status: "not-found" };
    if (row.reason !== null) return { status: "already-closed", reason: row.reason, ...(owner === undefined ? { settlement: JSON.parse(row.settlement!) as RelaySettlement } : {}) };
    // An answer nobody can receive any more is not taken: the request closes as what it is.
    if (settlement.reason === "answered" && row.round_id === null) {
      const late = lateAnswer(row.deadline === null ? undefined : Number(row.deadline), Date.now(), row.leased === true);
      if (late !== undefined) {
        await close(step, id, row, { reason: late });
        // Closed by this call itself, with no settle winning it.
        return { status: "already-closed", reason: late, ...(row.record ? { closedHere: JSON.parse(row.record) as RelayRecord } : {}) };
      }
      // Its holder is alive but not listening (its feed reconnecting): nothing is taken, the answer is tried again.
      if (!row.listening) return { status: "unreachable" };
    }
    const resume = await close(step, id, row, settlement);
    return resume === undefined ? { status: "settled" } : { status: "settled", resume };
  }

  async function get(id: string) {
    await tables();
    const [row] = await query<{ owner: string; record: string | null; completed: boolean; reason: RelayCloseReason | null; settlement: string | null; closed_at: string | null }>(`SELECT owner, record, completed, reason, settlement, closed_at FROM ${t.requests} WHERE id = $1 AND owner <> '${UNOPENED}'`, [id]);
    if (row?.record) return { owner: row.owner, record: { ...(JSON.parse(row.record) as RelayRecord), ...(row.completed ? { completed: true } : {}) } };
    if (!row?.reason || Number(row.closed_at) <= Date.now() - recentMs) return undefined;
    return { owner: row.owner, closed: row.reason, settlement: JSON.parse(row.settlement!) as RelaySettlement };
  }

  /** Closes the requests of holders whose lease expired, and forgets what is older than anyone needs (numbers of its own, written in). */
  async function sweep(): Promise<RelayRecord[]> {
    await tables();
    const orphans = `SELECT r.id, r.owner FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder WHERE r.record IS NOT NULL AND r.holder <> '' AND coalesce(h.lease_until, 0) <= ${NOW_MS}`;
    const closed: RelayRecord[] = [];
    for (const { id, owner } of await query<{ id: string; owner: string }>(orphans)) {
      const record = await inPerson(owner, async (step) => {
        const row = await readRow(step, id);
        if (row === undefined || row.reason !== null || row.leased === true) return null;
        await close(step, id, row, { reason: "closed" });
        return row.record;
      });
      if (record) closed.push(JSON.parse(record) as RelayRecord);
    }
    const [old, over, idle] = [Date.now() - recentMs, Date.now() - roundGraceMs, Date.now() - 7 * 86_400_000];
    await query(`DELETE FROM ${t.requests} WHERE closed_at < ${old} OR (record IS NOT NULL AND holder = '' AND deadline < ${over}); DELETE FROM ${t.rounds} WHERE deadline < ${over}; DELETE FROM ${t.completions} WHERE at < ${old};
      DELETE FROM ${t.people} p WHERE touched < ${idle} AND NOT EXISTS (SELECT 1 FROM ${t.requests} r WHERE r.owner = p.owner);
      DELETE FROM ${t.holders} h WHERE lease_until < ${NOW_MS} - ${recentMs} AND NOT EXISTS (SELECT 1 FROM ${t.requests} r WHERE r.holder = h.holder AND r.record IS NOT NULL)`);
    return closed;
  }
  const countOpen = async (step: Step) => (await step.q<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.requests} WHERE owner = $1 AND record IS NOT NULL`, [step.owner]))[0]!.n;
  /** One statement, run once the person's row is locked (so it sees her every open): below `maxOpen` open, `record` takes her next position, and her streams are told (by id when it is too large to notify). */
  function insert(record: RelayRecord, maxOpen = Number.MAX_SAFE_INTEGER): string {
    const [text, { id, owner, holder, deadline, round }, O] = [JSON.stringify(record), record, lit(record.owner)];
    const body = fits(`{"type":"request","position":${"9".repeat(20)},"record":${text}}`) ? `'"record":' || record || '}'` : lit(`"id":${JSON.stringify(id)}}`);
    return `WITH p AS (UPDATE ${t.people} SET position = position + 1 WHERE owner = ${O} AND (SELECT count(*) FROM ${t.requests} WHERE owner = ${O} AND record IS NOT NULL) < ${Math.min(Math.trunc(maxOpen), Number.MAX_SAFE_INTEGER)} RETURNING position),
      r AS (INSERT INTO ${t.requests} (id, owner, holder, record, deadline, round_id, round_key, position) SELECT ${[id, owner, holder, text].map(lit).join(", ")}, ${deadline === undefined ? "NULL" : `${lit(String(deadline))}::bigint`}, ${round ? `${lit(round.id)}, ${lit(round.key)}` : "NULL, NULL"}, position FROM p ON CONFLICT (id) DO NOTHING RETURNING position, record)
      SELECT pg_notify(${lit(channelOf("o", owner))}, '{"type":"request","position":' || position || ',' || ${body}) FROM r`;
  }
  // An open is one round trip. In a burst, opens asked while 4 messages are under way go in the next, one transaction (Postgres commits notifying
  // ones one at a time), locking people in one order (theirs) so messages never wait on each other; a failure fails it all (the relay closes any that landed).
  const opens: { owner: string; sql: string; done(opened: boolean): void; failed(error: unknown): void }[] = [];
  let flying = 0;
  const sendOpens = () => {
    for (; flying < 4 && opens.length > 0; flying++) {
      const batch = opens.splice(0, 100).sort((a, b) => (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0));
      void (pool.query(`BEGIN; ${batch.map(({ owner, sql }) => `${lock(owner)}; ${sql}`).join("; ")}; COMMIT`) as unknown as Promise<{ rowCount: number }[]>)
        .then((results) => batch.forEach(({ done }, i) => done(results[i * 2 + 2]!.rowCount === 1)), (error: unknown) => batch.forEach(({ failed }) => failed(error)))
        .finally(() => (flying--, sendOpens()));
    }
  };
  const operations: RelayStoreOperations = {
    open: async (record, maxOpen) => (await tables(), await new Promise((done, failed) => (opens.push({ owner: record.owner, sql: insert(record, maxOpen), done, failed }), sendOpens()))),
    get,
    async settle(id, settlement, owner) {
      await tables();
      // The person's answer names its owner: a request of anyone else's is not found in her lock.
      if (owner !== undefined) return await inPerson(owner, (step) => settleIn(step, id, settlement, owner));
      const [found] = await query<{ owner: string; reason: RelayCloseReason | null; settlement: string | null }>(`SELECT owner, reason, settlement FROM ${t.requests} WHERE id = $1`, [id]);
      // Closed before its open arrived (below): nobody's, closed as it was.
      if (found?.owner === UNOPENED) return { status: "already-closed", reason: found.reason!, settlement: JSON.parse(found.settlement!) as RelaySettlement };
      if (found !== undefined) return await inPerson(found.owner, (step) => settleIn(step, id, settlement, owner));
      if (settlement.reason === "answered") return { status: "not-found" };
      // A holder's closing of a request this store has not seen: its open may still be on its way (held up on a
      // stalled connection, or queued here) after the holder gave up on it. The id is kept closed, as nobody's,
      // so that open opens nothing when it lands; a row there already is the open, landed meanwhile: closed as any.
      const kept = await query(`INSERT INTO ${t.requests} (id, owner, holder, position, reason, settlement, closed_at) VALUES ($1, '${UNOPENED}', '', 0, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id`, [
        id,
        settlement.reason,
        JSON.stringify(settlement),
        Date.now(),
      ]);
      return kept.length === 1 ? { status: "not-found" } : await operations.settle(id, settlement);
    },
    async snapshot(owner) {
      await tables();
      // One statement, one view of the database: every event at or before its position is in it.
      type Found = { position: string | null; open: [string, boolean][]; closed: { position: number; id: string; reason: RelayCloseReason }[]; completed: string[] };
      const [row] = await query<Found>(
        `SELECT (SELECT position FROM ${t.people} WHERE owner = $1) AS position,
          (SELECT coalesce(json_agg(json_build_array(r.record, r.completed) ORDER BY r.position), '[]') FROM ${t.requests} r LEFT JOIN ${t.holders} h ON h.holder = r.holder
            WHERE r.owner = $1 AND r.record IS NOT NULL AND (r.holder = '' OR h.lease_until > ${NOW_MS})) AS open,
          (SELECT coalesce(json_agg(json_build_object('position', c.closed_position, 'id', c.id, 'reason', c.reason) ORDER BY c.closed_position), '[]')
            FROM (SELECT id, reason, closed_position FROM ${t.requests} WHERE owner = $1 AND closed_at > $2 ORDER BY closed_position DESC LIMIT $3) c) AS closed,
          (SELECT coalesce(json_agg(c.completion ORDER BY c.position), '[]') FROM (SELECT completion, position FROM ${t.completions} WHERE owner = $1 AND at > $2 ORDER BY position DESC LIMIT $3) c) AS completed`,
        [owner, Date.now() - recentMs, recentPerPerson],
      );
      const { position, open, closed, completed } = row!;
      // Nobody here yet: the clock (µs), below the position their first event will take.
      const records = open.map(([text, done]) => ({ ...(JSON.parse(text) as RelayRecord), ...(done ? { completed: true } : {}) }));
      return { position: position === null ? Date.now() * 1000 : Number(position), open: records, closed, completed: completed.map((text) => JSON.parse(text) as { position: number } & RelayCompletion) };
    },
    park: (round, records, maxOpen) =>
      inPerson(round.owner, async (step) => {
        if ((await countOpen(step)) + records.length > maxOpen) return false;
        const { answers, ...kept } = round;
        const values = [round.id, round.owner, JSON.stringify({ ...kept, answers: {} }), JSON.stringify(answers), records.length, round.deadline];
        await step.q(`INSERT INTO ${t.rounds} VALUES ($1, $2, $3, $4, $5, $6)`, values);
        for (const record of records) await step.q(insert(record));
        return true;
      }),
    async expireRounds(at) {
      await tables();
      const due: RelayRound[] = [];
      for (const { id, owner } of await query<{ id: string; owner: string }>(`SELECT id, owner FROM ${t.rounds} WHERE deadline <= $1`, [at])) {
        // Taken out in the person's lock: each round is returned to one caller only.
        const expired = await inPerson(owner, async (step) => {
          // Its open requests close ("timeout"); the one that records its last answer takes the round out.
          for (const { id: open } of await step.q<{ id: string }>(`SELECT id FROM ${t.requests} WHERE round_id = $1 AND reason IS NULL`, [id])) {
            const resumed = await close(step, open, (await readRow(step, open))!, { reason: "timeout" });
            if (resumed !== undefined) return resumed;
          }
          // Requests already gone cannot close: their keys are answered cancel here.
          const [left] = await step.q<{ round: string; answers: string }>(`DELETE FROM ${t.rounds} WHERE id = $1 RETURNING round, answers`, [id]);
          const [round, answers] = [left && (JSON.parse(left.round) as RelayRound), JSON.parse(left?.answers ?? "{}") as Record<string, ElicitResult>];
          for (const key of Object.keys(round?.requests ?? {})) answers[key] ??= { action: "cancel" };
          return round && { ...round, answers };
        });
        if (expired !== undefined) due.push(expired);
      }
      return due;
    },
    ...createPostgresPersonValues(t, tables, query),
    complete: (owner, { serverName, elicitationId }, ids) =>
      inPerson(owner, async (step) => {
        const sql = `UPDATE ${t.requests} SET completed = true WHERE owner = $1 AND id = ANY($2) AND record IS NOT NULL RETURNING id`;
        const marked = new Set((await step.q<{ id: string }>(sql, [owner, ids])).map(({ id }) => id));
        const first = ids.find((id) => marked.has(id));
        const entry = { position: step.next(), serverName, elicitationId, ...(first === undefined ? {} : { id: first }) };
        await step.q(`INSERT INTO ${t.completions} VALUES ($1, $2, $3, $4)`, [owner, entry.position, JSON.stringify(entry), Date.now()]);
        step.notify(channelOf("o", owner), JSON.stringify({ type: "completed", ...entry }));
      }),
  };
  return createRelayStore({
    operations,
    leases: {
      // By the database's clock, with the pid of the LISTEN connection that hears this holder's settlements.
      lease: (holder) => query(`INSERT INTO ${t.holders} VALUES ($1, ${NOW_MS} + $2, $3) ON CONFLICT (holder) DO UPDATE SET lease_until = EXCLUDED.lease_until, listener = EXCLUDED.listener`, [holder, leaseMs, connection.pid() ?? null]),
      release: (holder) => query(`DELETE FROM ${t.holders} WHERE holder = $1`, [holder]),
      sweep,
    },
    feed: connection.feed,
    timings: { leaseMs, sweepMs, heartbeatMs },
    // Ending a pool waits for its connections; one stuck in an outage is not waited for past the kit's wait.
    close: async () => (await connection.close(), owned && (await pool.end())),
  });
}
