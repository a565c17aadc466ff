// The Postgres store's live feed: one LISTEN connection, made again whenever it ends. NOTIFY loses what is sent
// while it is down: a connection that ends, or misses its heartbeat, ends every person's channel (the relay ends
// those streams, windows reconnect); once back, holders hear again, and whether the database lost their data.
import pg, { type Client, type ClientConfig } from "pg";
import type { relayTables } from "./relayTables";

/** `interrupted`, on a person's channel: the feed broke (it is over); on a holder's: the feed is back (`reset`: the data is new). */
export type FeedListener = { message(payload: string): void; interrupted(reset: boolean): void };

type Channel = { listeners: Set<FeedListener>; ready: Promise<unknown>; /** Listened to again after a reconnection (a person's ends with it). */ holder: boolean };

export function createPostgresFeed({ config, tables, heartbeatMs, resumed }: { config: ClientConfig; tables: ReturnType<typeof relayTables>; heartbeatMs: number; resumed: () => Promise<unknown> }) {
  /** The LISTEN connection while it works. */
  let current: { client: Client; pid: number; end(): void; ask(text: string): Promise<unknown> } | undefined;
  let epoch: string | undefined, retry: ReturnType<typeof setTimeout> | undefined, closed = false;
  const channels = new Map<string, Channel>();
  const waiting: (() => void)[] = [];

  async function connect(): Promise<void> {
    const client = new pg.Client(config);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      // A stalled socket never ends by itself: it is destroyed.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      void client.end().catch(() => undefined);
      if (current?.client === client) {
        current = undefined;
        // What was notified meanwhile is lost: every person's subscription ends, and says so.
        for (const [key, channel] of [...channels]) if (!channel.holder && channels.delete(key)) for (const listener of [...channel.listeners]) listener.interrupted(false);
      }
      if (!closed && retry === undefined) retry = setTimeout(() => ((retry = undefined), void connect()), Math.min(1_000, heartbeatMs));
    };
    client.on("error", end).on("end", end);
    client.on("notification", ({ channel, payload }) => [...(channels.get(channel)?.listeners ?? [])].forEach((listener) => listener.message(payload ?? "")));
    try {
      await client.connect();
      // Again on each connection: a database that lost the tables gets them back (and a new epoch).
      await client.query(tables.create);
      const { pid, now } = (await client.query<{ pid: number; now: string }>(`SELECT pg_backend_pid() AS pid, (SELECT epoch FROM ${tables.meta} LIMIT 1) AS now`)).rows[0]!;
      for (const [key, channel] of channels) if (channel.holder) await client.query(`LISTEN ${pg.escapeIdentifier(key)}`);
      if (ended || closed) return end();
      const [again, reset] = [epoch !== undefined, epoch !== undefined && epoch !== now];
      epoch = now;
      // pg runs one query at a time: what is asked meanwhile goes in the next, together (a crowd of LISTENs, one round trip).
      const queued: string[] = [];
      let [sent, next]: [Promise<unknown>, Promise<unknown> | undefined] = [Promise.resolve(), undefined];
      const flush = () => ((next = undefined), (sent = client.query(queued.splice(0).join("; "))));
      current = { client, pid, end, ask: (text) => (queued.push(text), (next ??= sent.catch(() => undefined).then(flush))) };
      await resumed();
      for (const resolve of waiting.splice(0)) resolve();
      for (const channel of again ? channels.values() : []) if (channel.holder) for (const listener of [...channel.listeners]) listener.interrupted(reset);
    } catch {
      end();
    }
  }
  void connect();

  // A connection that stalls (bytes held, nothing closed) looks alive: a heartbeat unanswered in time ends it.
  const heartbeat = setInterval(() => {
    const now = current;
    const late = now && setTimeout(() => now.end(), Math.max(1, Math.floor(heartbeatMs / 2)));
    void now?.ask("SELECT 1").then(() => clearTimeout(late), () => undefined);
  }, heartbeatMs);
  heartbeat.unref?.();

  return {
    /** The backend pid of the LISTEN connection while it works. */
    pid: () => current?.pid,
    /** Listens on `key` (once the connection is made); the returned function stops. */
    async listen(key: string, holder: boolean, listener: FeedListener): Promise<() => void> {
      if (current === undefined) await new Promise<void>((resolve) => waiting.push(resolve));
      let channel = channels.get(key);
      if (channel === undefined) {
        const created: Channel = { listeners: new Set(), holder, ready: current!.ask(`LISTEN ${pg.escapeIdentifier(key)}`) };
        created.ready.catch(() => channels.get(key) === created && channels.delete(key));
        channels.set(key, (channel = created));
      }
      channel.listeners.add(listener);
      const stop = () => {
        if (!channel.listeners.delete(listener) || channel.listeners.size > 0 || channels.get(key) !== channel) return;
        channels.delete(key);
        void current?.ask(`UNLISTEN ${pg.escapeIdentifier(key)}`).catch(() => undefined);
      };
      await channel.ready.catch((error: unknown) => (stop(), Promise.reject(error)));
      // Interrupted while it was being made: it may have missed events, so it is no subscription.
      if (channels.get(key) !== channel) throw new Error("The subscription was interrupted while it was being made.");
      return stop;
    },
    async close() {
      const last = current;
      [closed, current] = [true, undefined];
      clearInterval(heartbeat);
      clearTimeout(retry);
      await last?.client.end().catch(() => undefined);
    },
  };
}
