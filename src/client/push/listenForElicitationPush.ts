// The worker's half of Web Push: a host imports it into its own service worker. A push that is a
// question's notice becomes a notification naming the server and the question; pressing it focuses
// the host's page of that question (or opens it). Given the relay's route, the simplest questions
// (one yes/no, one choice of at most three) offer their answers as the notification's actions: the
// chosen one is sent from the worker as the page sends it (same origin, the person's cookies), and
// the relay checks and settles it as any answer, once. The host's own pushes are left to the host.
import { readElicitationPush, type ElicitationPushPayload } from "../../core/relay/elicitationPush";
import { RELAY_STATUS } from "../../core/relay/relayWire";

/** What this needs of a service worker's global scope. */
export interface ElicitationPushWorkerScope {
  registration: { showNotification(title: string, options?: NotificationOptions & { actions?: { action: string; title: string }[] }): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
  addEventListener(type: "push" | "notificationclick", listener: (event: Event) => void): void;
  /** Sends an answer (needed with `relayUrl`). */
  fetch?(input: string, init: RequestInit): Promise<Response>;
  /** How many actions a notification shows here (Chromium: 2): a question's answers are offered only when all fit. */
  Notification?: { readonly maxActions?: number };
}

export interface ElicitationPushWorkerOptions {
  /**
   * The relay's route on this origin (`"/api/elicitation"`), to answer the simplest questions from the
   * notification's actions. Without it, a notification offers no answers: pressing it opens the card.
   */
  relayUrl?: string;
}

interface PushEventLike {
  data?: { json(): unknown } | null;
  waitUntil(work: Promise<unknown>): void;
}

interface NotificationEventLike {
  notification: { data?: unknown; close(): void };
  /** The action pressed; "" for the notification's body. */
  action?: string;
  waitUntil(work: Promise<unknown>): void;
}

/** An action's name: the index of the choice it sends. */
const ACTION_PREFIX = "mcp-elicitation-answer:";

/** Adds the push and notificationclick listeners to `scope` (the worker's `self`). */
export function listenForElicitationPush(scope: ElicitationPushWorkerScope, options: ElicitationPushWorkerOptions = {}): void {
  const relay = options.relayUrl === undefined ? undefined : new URL(options.relayUrl, scope.location.origin);
  if (relay !== undefined && relay.origin !== scope.location.origin) throw new TypeError(`listenForElicitationPush: relayUrl must be on this worker's origin (${scope.location.origin}).`);
  if (relay !== undefined && typeof scope.fetch !== "function") throw new TypeError("listenForElicitationPush: the scope has no fetch to send answers with.");

  /** The answers this notification offers as actions: all of them or none. */
  const actionsOf = (notice: ElicitationPushPayload) => {
    const room = scope.Notification?.maxActions ?? 0;
    if (relay === undefined || notice.choices === undefined || notice.choices.length > room) return undefined;
    return notice.choices.map((choice, index) => ({ action: `${ACTION_PREFIX}${index}`, title: choice.title }));
  };

  scope.addEventListener("push", ((event: PushEventLike) => {
    let data: unknown;
    try {
      data = event.data?.json();
    } catch {
      return;
    }
    const notice = readElicitationPush(data);
    if (notice === undefined) return;
    const actions = actionsOf(notice);
    event.waitUntil(
      scope.registration.showNotification(`${notice.serverName} is asking`, {
        body: notice.message,
        // One notification per question: a second push of it replaces the first.
        tag: `mcp-elicitation:${notice.id}`,
        data: notice,
        requireInteraction: true,
        ...(actions === undefined ? {} : { actions }),
      }),
    );
  }) as unknown as (event: Event) => void);

  /** Focuses the host's page of that question, or opens it; only a page of the host's own origin. */
  async function openPage(notice: ElicitationPushPayload): Promise<unknown> {
    const target = new URL(notice.url, scope.location.origin);
    if (target.origin !== scope.location.origin) return;
    const windows = await scope.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => client.url === target.href);
    return open !== undefined ? open.focus() : scope.clients.openWindow(target.href);
  }

  /**
   * Sends the chosen answer as the page does. Taken, or the question already closed (answered by this
   * very action before, elsewhere, or gone): nothing more to show. Anything else (signed out, the
   * network, the relay busy): the card is opened, where the person can answer.
   */
  async function answer(notice: ElicitationPushPayload, index: number): Promise<unknown> {
    const choice = notice.choices?.[index];
    if (choice === undefined || relay === undefined) return openPage(notice);
    let status: number;
    try {
      const response = await scope.fetch!(relay.href, {
        method: "POST",
        credentials: "same-origin",
        cache: "no-store",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ id: notice.id, result: choice.result, via: "notification" }),
      });
      status = response.status;
    } catch {
      return openPage(notice);
    }
    if (status === RELAY_STATUS.ok || status === RELAY_STATUS.alreadyClosed || status === RELAY_STATUS.notFound) return;
    return openPage(notice);
  }

  scope.addEventListener("notificationclick", ((event: NotificationEventLike) => {
    const notice = readElicitationPush(event.notification.data);
    if (notice === undefined) return;
    event.notification.close();
    const action = event.action ?? "";
    const index = action.startsWith(ACTION_PREFIX) ? Number(action.slice(ACTION_PREFIX.length)) : undefined;
    event.waitUntil(index !== undefined && Number.isInteger(index) ? answer(notice, index) : openPage(notice));
  }) as unknown as (event: Event) => void);
}
