// One connection per relay URL for every element of a page: elements under each tool call of a thread
// share one event stream and one queue, each drawing the requests its filter takes. Held while an
// element uses it, closed when the last one lets go (the relay keeps the requests for a reload).
import { createElicitationQueue } from "./createElicitationQueue";
import { connectElicitationRelay } from "../client/relay/connectElicitationRelay";
import type { ElicitationRelayConnection, ElicitationRelayDrafts } from "../client/relay/ElicitationRelayConnectionOptions";
import type { ElicitationRelayError } from "../client/relay/ElicitationRelayError";
import type { ElicitationQueue } from "../client/types";

export interface RelayUser {
  /** Told of every problem the shared connection handled. */
  onError(error: ElicitationRelayError): void;
}

export interface RelayConnections {
  /** The queue fed by the relay at `url` (absolute), held for `user` until `release()`. */
  acquire(url: string, user: RelayUser): { queue: ElicitationQueue; release(): void };
}

interface Shared {
  queue: ElicitationQueue;
  connection: ElicitationRelayConnection;
  users: Set<RelayUser>;
}

/** `drafts`: the elements' draft stores, which each connection prunes at its `ready` and clears on a 401. */
export function createRelayConnections(drafts?: ElicitationRelayDrafts): RelayConnections {
  const byUrl = new Map<string, Shared>();
  return {
    acquire(url, user) {
      let shared = byUrl.get(url);
      if (!shared) {
        const users = new Set<RelayUser>();
        const queue = createElicitationQueue();
        const connection = connectElicitationRelay({
          url,
          queue,
          drafts,
          onError: (error) => {
            for (const each of [...users]) each.onError(error);
          },
        });
        shared = { queue, connection, users };
        byUrl.set(url, shared);
      }
      const held = shared;
      held.users.add(user);
      let released = false;
      return {
        queue: held.queue,
        release() {
          if (released) return;
          released = true;
          held.users.delete(user);
          if (held.users.size > 0 || byUrl.get(url) !== held) return;
          byUrl.delete(url);
          // Its requests leave the queue unanswered: the relay keeps them for another window or a reload.
          held.connection.close();
        },
      };
    },
  };
}
