// The channels of a store's live feed, over one connection that may drop, the same for every store: one
// subscription per channel whoever listens, a failed one leaving nothing behind, a person's channels ended (and
// told) the moment the connection drops, since what was sent meanwhile is lost, a holder's kept to be listened
// to again once it is back.
import type { RelayFeedConnection } from "../RelayStoreParts";

/** One who hears a channel: its messages, and (a person's) that it ended. */
export interface FeedListener {
  message(text: string): void;
  interrupted(): void;
}


type Channel = { listeners: Set<FeedListener>; ready: Promise<unknown>; holder: boolean };

export function createFeedChannels(connection: Pick<RelayFeedConnection, "subscribe" | "unsubscribe">) {
  const channels = new Map<string, Channel>();
  return {
    /** A message the connection received. */
    message(channel: string, text: string) {
      for (const listener of [...(channels.get(channel)?.listeners ?? [])]) listener.message(text);
    },
    /** The connection dropped: every person's channel ends, and says so. */
    dropped() {
      for (const [name, channel] of [...channels]) if (!channel.holder && channels.delete(name)) for (const listener of [...channel.listeners]) listener.interrupted();
    },
    /** The channels to listen to again on a new connection. */
    holderChannels: () => [...channels].filter(([, channel]) => channel.holder).map(([name]) => name),
    /** Listens on `name` (`holder`: listened to again after a drop); the returned function stops. */
    async listen(name: string, holder: boolean, listener: FeedListener): Promise<() => void> {
      let channel = channels.get(name);
      if (channel === undefined) {
        const created: Channel = { listeners: new Set(), ready: connection.subscribe(name), holder };
        created.ready.catch(() => channels.get(name) === created && channels.delete(name));
        channels.set(name, (channel = created));
      }
      channel.listeners.add(listener);
      const stop = () => {
        if (!channel.listeners.delete(listener) || channel.listeners.size > 0 || channels.get(name) !== channel) return;
        channels.delete(name);
        void connection.unsubscribe(name).catch(() => undefined);
      };
      await channel.ready.catch((error: unknown) => (stop(), Promise.reject(error)));
      // Interrupted while it was being made: it may have missed events, so it is no subscription.
      if (channels.get(name) !== channel) {
        if (!channels.has(name)) void connection.unsubscribe(name).catch(() => undefined);
        throw new Error("The subscription was interrupted while it was being made.");
      }
      return stop;
    },
    /** Forgets every channel (the store closes). */
    clear: () => channels.clear(),
  };
}
