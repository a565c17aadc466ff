// The Postgres store's live feed: one LISTEN connection, made again whenever it ends. Once it works, the kit hears
// it (createRelayStore) with whether the database lost its data (the epoch changed).
import pg, { type Client, type ClientConfig } from "pg";
import type { RelayFeedConnection, RelayFeedHearing } from "../RelayStoreParts";
import type { relayTables } from "./relayTables";

type Connection = { client: Client; pid: number; end(): void; ask(text: string): Promise<unknown> };

export function createPostgresFeed({ config, tables, heartbeatMs, channels, publish }: { config: ClientConfig; tables: ReturnType<typeof relayTables>; heartbeatMs: number } & Pick<RelayFeedConnection, "channels" | "publish">) {
  let current: Connection | undefined, pinged: Connection | undefined, hearing: RelayFeedHearing | undefined;
  let epoch: string | undefined, retry: ReturnType<typeof setTimeout> | undefined, closed = false;
  const waiting: (() => void)[] = [];
  const ready = async () => current ?? (await new Promise<void>((resolve) => waiting.push(resolve)), current!);

  async function connect(): Promise<void> {
    const client = new pg.Client(config);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // A stalled socket never ends by itself: it is destroyed.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
      if (current?.client === client) (current = undefined), hearing?.dropped();
      if (!closed && retry === undefined) retry = setTimeout(() => ((retry = undefined), void connect()), Math.min(1_000, heartbeatMs));
    };
    client.on("error", end).on("end", end);
    client.on("notification", ({ channel, payload }) => hearing?.message(channel, payload ?? ""));
    try {
      await client.connect();
      // Again on each connection: a database that lost the tables gets them back (and a new epoch).
      await client.query(tables.create);
      const { pid, now } = (await client.query<{ pid: number; now: string }>(`SELECT pg_backend_pid() AS pid, (SELECT epoch FROM ${tables.meta} LIMIT 1) AS now`)).rows[0]!;
      if (ended || closed) return end();
      const reset = epoch !== undefined && epoch !== now;
      epoch = now;
      // pg runs one query at a time: what is asked meanwhile goes in the next, together (a crowd of LISTENs, one round trip).
      const queued: string[] = [];
      let [sent, next]: [Promise<unknown>, Promise<unknown> | undefined] = [Promise.resolve(), undefined];
      const flush = () => ((next = undefined), (sent = client.query(queued.splice(0).join("; "))));
      current = { client, pid, end, ask: (text) => (queued.push(text), (next ??= sent.catch(() => undefined).then(flush))) };
      // Leases renewed with this connection's pid, the holders' channels heard again.
      await hearing?.connected(reset);
      for (const resolve of waiting.splice(0)) resolve();
    } catch {
      end();
    }
  }

  const feed: RelayFeedConnection = {
    channels,
    publish,
    connect(heard) {
      hearing = heard;
      void connect();
    },
    subscribe: async (name) => (await ready()).ask(`LISTEN ${pg.escapeIdentifier(name)}`),
    unsubscribe: async (name) => current?.ask(`UNLISTEN ${pg.escapeIdentifier(name)}`),
    ping: () => (pinged = current)?.ask("SELECT 1"),
    drop: () => pinged?.end(),
  };
  return {
    feed,
    /** The backend pid of the LISTEN connection while it works. */
    pid: () => current?.pid,
    async close() {
      const last = current;
      [closed, current] = [true, undefined];
      clearTimeout(retry);
      await last?.client.end().catch(() => undefined);
    },
  };
}
