// The Postgres store's live feed: one LISTEN connection, made again whenever it ends (its channels and heartbeat
// are the relay's, createFeedChannels). Once back, `back` learns whether the database lost its data.
import pg, { type Client, type ClientConfig } from "pg";
import { createFeedChannels } from "../relay/createFeedChannels";
import { startHeartbeat } from "../relay/startHeartbeat";
import type { relayTables } from "./relayTables";

type Connection = { client: Client; pid: number; end(): void; ask(text: string): Promise<unknown> };

export function createPostgresFeed({ config, tables, heartbeatMs, back }: { config: ClientConfig; tables: ReturnType<typeof relayTables>; heartbeatMs: number; back: (again: boolean, reset: boolean) => Promise<unknown> }) {
  let current: Connection | undefined, pinged: Connection | undefined;
  let epoch: string | undefined, retry: ReturnType<typeof setTimeout> | undefined, closed = false;
  const waiting: (() => void)[] = [];
  const ready = async () => current ?? (await new Promise<void>((resolve) => waiting.push(resolve)), current!);
  const channels = createFeedChannels({
    subscribe: async (name) => (await ready()).ask(`LISTEN ${pg.escapeIdentifier(name)}`),
    unsubscribe: async (name) => current?.ask(`UNLISTEN ${pg.escapeIdentifier(name)}`),
  });

  async function connect(): Promise<void> {
    const client = new pg.Client(config);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // A stalled socket never ends by itself: it is destroyed.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
      if (current?.client === client) (current = undefined), channels.dropped();
      if (!closed && retry === undefined) retry = setTimeout(() => ((retry = undefined), void connect()), Math.min(1_000, heartbeatMs));
    };
    client.on("error", end).on("end", end);
    client.on("notification", ({ channel, payload }) => channels.message(channel, payload ?? ""));
    try {
      await client.connect();
      // Again on each connection: a database that lost the tables gets them back (and a new epoch).
      await client.query(tables.create);
      const { pid, now } = (await client.query<{ pid: number; now: string }>(`SELECT pg_backend_pid() AS pid, (SELECT epoch FROM ${tables.meta} LIMIT 1) AS now`)).rows[0]!;
      for (const name of channels.holderChannels()) await client.query(`LISTEN ${pg.escapeIdentifier(name)}`);
      if (ended || closed) return end();
      const [again, reset] = [epoch !== undefined, epoch !== undefined && epoch !== now];
      epoch = now;
      // pg runs one query at a time: what is asked meanwhile goes in the next, together (a crowd of LISTENs, one round trip).
      const queued: string[] = [];
      let [sent, next]: [Promise<unknown>, Promise<unknown> | undefined] = [Promise.resolve(), undefined];
      const flush = () => ((next = undefined), (sent = client.query(queued.splice(0).join("; "))));
      current = { client, pid, end, ask: (text) => (queued.push(text), (next ??= sent.catch(() => undefined).then(flush))) };
      await back(again, reset);
      for (const resolve of waiting.splice(0)) resolve();
    } catch {
      end();
    }
  }
  void connect();
  const stopHeartbeat = startHeartbeat(heartbeatMs, () => (pinged = current)?.ask("SELECT 1"), () => pinged?.end());

  return {
    /** The backend pid of the LISTEN connection while it works. */
    pid: () => current?.pid,
    listen: channels.listen,
    async close() {
      const last = current;
      [closed, current] = [true, undefined];
      stopHeartbeat();
      clearTimeout(retry);
      await last?.client.end().catch(() => undefined);
    },
  };
}
