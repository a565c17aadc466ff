// The Postgres store's tables, made on first use (CREATE … IF NOT EXISTS, one instance at a time
// under an advisory lock). Times are milliseconds since 1970 as bigint; JSON is kept as text (as the
// relay wrote it: `jsonb` would refuse a "\u0000" a person may type).
//   {p}_people       owner, position (the person's stream position; every change takes this row's lock first), touched
//   {p}_requests     one row per request: record (JSON, while open), holder ("" for a parked round's), deadline,
//                    round_id / round_key, completed, position; once closed: reason, settlement (JSON), closed_at, closed_position
//   {p}_rounds       a parked round until it resumes or expires: round (JSON), answers (JSON), left_count, deadline
//   {p}_completions  recent URL-mode completions per person: position, completion (JSON, with its position), at
//   {p}_holders      one row per relay instance holding requests: lease_until (by the database's clock), listener
//                    (the backend pid of its LISTEN connection: an answer is taken only while it exists)
//   {p}_meta         epoch: a random value set once; a different one means the database lost the relay's data

/** The database's clock in ms: leases are judged by one clock, whatever the instances' clocks say. */
export const NOW_MS = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

export function relayTables(prefix: string) {
  if (!/^[a-z_][a-z0-9_]{0,29}$/.test(prefix)) {
    throw new RangeError(`createPostgresRelayStore: prefix must be lower-case letters, digits or "_", at most 30, not starting with a digit; got "${prefix}".`);
  }
  const names = {
    people: `${prefix}_people`,
    requests: `${prefix}_requests`,
    rounds: `${prefix}_rounds`,
    completions: `${prefix}_completions`,
    holders: `${prefix}_holders`,
    meta: `${prefix}_meta`,
  };
  const create = `
CREATE TABLE IF NOT EXISTS ${names.meta} (epoch text NOT NULL);
CREATE TABLE IF NOT EXISTS ${names.people} (owner text PRIMARY KEY, position bigint NOT NULL, touched bigint NOT NULL);
CREATE TABLE IF NOT EXISTS ${names.requests} (
  id text PRIMARY KEY, owner text NOT NULL, holder text NOT NULL, record text, deadline bigint, round_id text, round_key text,
  completed boolean NOT NULL DEFAULT false, position bigint NOT NULL, reason text, settlement text, closed_at bigint, closed_position bigint);
CREATE INDEX IF NOT EXISTS ${names.requests}_by_owner ON ${names.requests} (owner, position);
CREATE INDEX IF NOT EXISTS ${names.requests}_by_holder ON ${names.requests} (holder) WHERE record IS NOT NULL;
CREATE INDEX IF NOT EXISTS ${names.requests}_by_closing ON ${names.requests} (closed_at) WHERE closed_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS ${names.rounds} (id text PRIMARY KEY, owner text NOT NULL, round text NOT NULL, answers text NOT NULL, left_count int NOT NULL, deadline bigint NOT NULL);
CREATE INDEX IF NOT EXISTS ${names.rounds}_by_deadline ON ${names.rounds} (deadline);
CREATE TABLE IF NOT EXISTS ${names.completions} (owner text NOT NULL, position bigint NOT NULL, completion text NOT NULL, at bigint NOT NULL, PRIMARY KEY (owner, position));
CREATE TABLE IF NOT EXISTS ${names.holders} (holder text PRIMARY KEY, lease_until bigint NOT NULL, listener int);`;
  return { ...names, create };
}
