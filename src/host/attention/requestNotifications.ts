// System notifications for requests waiting while the person is in another tab or window: one per
// request (tag = its id), worded from the host's name for the server only, closed once the person
// is back or the request ends. DOM, no React.
import type { ElicitationUnseenRequest } from "./unseenRequests";

export interface NotificationWords {
  /** The notification's title for a server (the host's name for it). */
  title: (serverName: string) => string;
  body: string;
  lang: string | undefined;
}

export interface RequestNotifications {
  /** Shows, keeps or closes notifications to match what is unseen now. */
  update(unseen: readonly ElicitationUnseenRequest[], waitingIds: ReadonlySet<string>, words: NotificationWords): void;
  /** Closes every open notification (the feature unmounts). */
  closeAll(): void;
}

/** The Notification API is here and the person granted it. */
export const notificationsAllowed = () => typeof Notification === "function" && Notification.permission === "granted";

/** Only a person in another tab or window is told by the system; in the page, the chip does it. */
const notifiable = (request: ElicitationUnseenRequest) => request.reason === "hidden" || request.reason === "unfocused";

export function createRequestNotifications(onClick: (id: string) => void): RequestNotifications {
  const open = new Map<string, Notification>();
  // Requests already notified, while they wait: never a second notification for the same one.
  const notified = new Set<string>();

  function close(id: string): void {
    open.get(id)?.close();
    open.delete(id);
  }

  return {
    update(unseen, waitingIds, words) {
      const away = new Set(unseen.filter(notifiable).map((request) => request.id));
      for (const id of [...open.keys()]) if (!away.has(id)) close(id);
      for (const id of [...notified]) if (!waitingIds.has(id)) notified.delete(id);
      if (!notificationsAllowed()) return;
      for (const request of unseen) {
        if (!away.has(request.id) || notified.has(request.id)) continue;
        notified.add(request.id);
        try {
          const notification = new Notification(words.title(request.serverName), { body: words.body, tag: request.id, lang: words.lang });
          notification.onclick = () => {
            onClick(request.id);
            close(request.id);
          };
          open.set(request.id, notification);
        } catch {
          // Some browsers (Chrome on Android) allow notifications only from a service worker:
          // the title badge and `onAttention` still tell the person.
        }
      }
    },
    closeAll() {
      for (const id of [...open.keys()]) close(id);
    },
  };
}
