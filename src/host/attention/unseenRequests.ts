// Which waiting requests the person cannot see, and what changed since last time. Pure: the page's
// state comes in as plain values, so the rules are tested without a browser.
import type { ElicitationAttentionEvent, ElicitationAttentionReason } from "./types";

/** What the person can see of the page, as the browser reports it. */
export interface PageView {
  /** `document.visibilityState === "visible"`. */
  visible: boolean;
  /** `document.hasFocus()`. */
  focused: boolean;
  /** The inline card of the request on screen is in view; undefined when there is none (a modal dialog, nothing drawn yet). */
  cardInView: boolean | undefined;
}

/** Why nothing waiting can be seen now, or undefined when the person is looking. */
export function attentionReason(view: PageView): ElicitationAttentionReason | undefined {
  if (!view.visible) return "hidden";
  if (!view.focused) return "unfocused";
  if (view.cardInView === false) return "out-of-view";
  return undefined;
}

interface Waiting {
  readonly id: string;
  readonly serverName: string;
}

/** An unseen request and why. */
export interface ElicitationUnseenRequest {
  readonly id: string;
  readonly serverName: string;
  readonly reason: ElicitationAttentionReason;
}

/**
 * Every waiting request is unseen for the same reason: the ones behind the shown one are counted
 * on its card ("1 of 3"), so a person who sees the card sees them all.
 */
export function unseenRequests(entries: readonly Waiting[], view: PageView): ElicitationUnseenRequest[] {
  const reason = attentionReason(view);
  if (reason === undefined) return [];
  return entries.map(({ id, serverName }) => ({ id, serverName, reason }));
}

/**
 * The events between two readings: "unseen" for a request newly unseen or unseen for a new
 * reason, "seen" for one the person can see now, "ended" for one that left the queue unseen.
 */
export function attentionChanges(
  before: readonly ElicitationUnseenRequest[],
  after: readonly ElicitationUnseenRequest[],
  waitingIds: ReadonlySet<string>,
): ElicitationAttentionEvent[] {
  const events: ElicitationAttentionEvent[] = [];
  const now = new Map(after.map((request) => [request.id, request]));
  for (const earlier of before) {
    if (now.has(earlier.id)) continue;
    const type = waitingIds.has(earlier.id) ? "seen" : "ended";
    events.push({ type, serverName: earlier.serverName, id: earlier.id, reason: earlier.reason });
  }
  const then = new Map(before.map((request) => [request.id, request]));
  for (const request of after) {
    if (then.get(request.id)?.reason === request.reason) continue;
    events.push({ type: "unseen", serverName: request.serverName, id: request.id, reason: request.reason });
  }
  return events;
}
