// The worker's half of Web Push: a host imports it into its own service worker. A push that is a
// question's notice becomes a notification naming the server and the question; pressing it focuses
// the host's page of that question (or opens it). The host's own pushes are left to the host.
import { readElicitationPush } from "../../core/relay/elicitationPush";

/** What this needs of a service worker's global scope. */
export interface ElicitationPushWorkerScope {
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
  addEventListener(type: "push" | "notificationclick", listener: (event: never) => void): void;
}

interface PushEventLike {
  data?: { json(): unknown } | null;
  waitUntil(work: Promise<unknown>): void;
}

interface NotificationEventLike {
  notification: { data?: unknown; close(): void };
  waitUntil(work: Promise<unknown>): void;
}

/** Adds the push and notificationclick listeners to `scope` (the worker's `self`). */
export function listenForElicitationPush(scope: ElicitationPushWorkerScope): void {
  scope.addEventListener("push", ((event: PushEventLike) => {
    let data: unknown;
    try {
      data = event.data?.json();
    } catch {
      return;
    }
    const notice = readElicitationPush(data);
    if (notice === undefined) return;
    event.waitUntil(
      scope.registration.showNotification(`${notice.serverName} is asking`, {
        body: notice.message,
        // One notification per question: a second push of it replaces the first.
        tag: `mcp-elicitation:${notice.id}`,
        data: notice,
        requireInteraction: true,
      }),
    );
  }) as (event: never) => void);

  scope.addEventListener("notificationclick", ((event: NotificationEventLike) => {
    const notice = readElicitationPush(event.notification.data);
    if (notice === undefined) return;
    event.notification.close();
    // Only a page of the host's own origin is opened or focused.
    const target = new URL(notice.url, scope.location.origin);
    if (target.origin !== scope.location.origin) return;
    event.waitUntil(
      scope.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
        const open = windows.find((client) => client.url === target.href);
        return open !== undefined ? open.focus() : scope.clients.openWindow(target.href);
      }),
    );
  }) as (event: never) => void);
}
