// The Postgres store's tables (docs/relay.md describes each), made on first use. Times are ms since 1970 as
// bigint; JSON is kept as text, as the relay wrote it (jsonb refuses "\u0000").

/** The database's clock in ms: leases are judged by one clock, whatever the instances' clocks say. */
export const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

export function relayTables(prefix: string) {
  if (!/^[a-z_][a-z0-9_]{0,29}$/.test(prefix)) throw new RangeError(`createPostgresRelayStore: prefix must be lower-case letters, digits or "_" (at most 30, no digit first); got "${prefix}".`);
  const [people, requests, rounds, completions, holders, meta, claims, kept] = ["people", "requests", "rounds", "completions", "holders", "meta", "claims", "kept"].map(
    (name) => `${prefix}_${name}`,
  ) as [string, string, string, string, string, string, string, string];
  // Made when missing, one instance at a time (a role that may only read and write them never runs the DDL); the epoch when there is none.
  const create = `BEGIN; SELECT pg_advisory_xact_lock(hashtext('${meta}')); DO $$ BEGIN IF to_regclass('${holders}') IS NULL THEN
CREATE TABLE ${meta} (epoch text NOT NULL);
CREATE TABLE ${people} (owner text PRIMARY KEY, position bigint NOT NULL, touched bigint NOT NULL);
CREATE TABLE ${requests} (id text PRIMARY KEY, owner text NOT NULL, holder text NOT NULL, record text, deadline bigint, round_id text, round_key text,
  completed boolean NOT NULL DEFAULT false, position bigint NOT NULL, reason text, settlement text, closed_at bigint, closed_position bigint);
CREATE INDEX ${requests}_by_owner ON ${requests} (owner, position);
CREATE INDEX ${requests}_by_holder ON ${requests} (holder) WHERE record IS NOT NULL;
CREATE INDEX ${requests}_by_closing ON ${requests} (closed_at) WHERE closed_at IS NOT NULL;
CREATE TABLE ${rounds} (id text PRIMARY KEY, owner text NOT NULL, round text NOT NULL, answers text NOT NULL, left_count int NOT NULL, deadline bigint NOT NULL);
CREATE INDEX ${rounds}_by_deadline ON ${rounds} (deadline);
CREATE TABLE ${completions} (owner text NOT NULL, position bigint NOT NULL, completion text NOT NULL, at bigint NOT NULL, PRIMARY KEY (owner, position));
CREATE TABLE ${holders} (holder text PRIMARY KEY, lease_until bigint NOT NULL, listener int);
END IF; IF to_regclass('${kept}') IS NULL THEN
CREATE TABLE ${claims} (key text PRIMARY KEY, until_ms bigint NOT NULL);
CREATE TABLE ${kept} (owner text NOT NULL, kind text NOT NULL, key text NOT NULL, value text NOT NULL, PRIMARY KEY (owner, kind, key));
END IF; END $$; INSERT INTO ${meta} SELECT md5(random()::text || clock_timestamp()::text) WHERE NOT EXISTS (SELECT 1 FROM ${meta}); COMMIT;`;
  return { prefix, people, requests, rounds, completions, holders, meta, claims, kept, create };
}
