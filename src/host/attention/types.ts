// Shapes of the attention signals: what a host's own means (a desktop shell, Electron, a mobile
// wrapper) receive, and the options every part takes.
import type { ElicitationMessagesInput } from "../../messages/resolveMessages";

/**
 * Why a waiting request is not seen: the tab is hidden, the window does not have focus, or the
 * inline card is scrolled out of view (in the page or in the thread that holds it).
 */
export type ElicitationAttentionReason = "hidden" | "unfocused" | "out-of-view";

export interface ElicitationAttentionEvent {
  /**
   * "unseen": the request started waiting where the person cannot see it (sent again when the
   * reason changes); "seen": the person can see it now; "ended": it left the queue (answered,
   * withdrawn, timed out) while unseen. Each "unseen" is followed by exactly one "seen" or "ended".
   */
  type: "unseen" | "seen" | "ended";
  /** The host's name for the server (the queue entry's `serverName`), never text from the request. */
  serverName: string;
  /** The queue entry's id. */
  id: string;
  /** Why it is (or was, for "seen" and "ended") unseen. */
  reason: ElicitationAttentionReason;
}

export interface ElicitationAttentionOptions {
  /** Prefix `document.title` with the number of requests waiting unseen: "(2) Chat". Restored exactly when nothing waits. Off by default. */
  titleBadge?: boolean;
  /**
   * A system notification per request waiting while the tab is hidden or the window unfocused,
   * once notification permission is granted (ask for it from a click with
   * `requestNotificationPermission`, never on load). Off by default.
   */
  notifications?: boolean;
  /** Called as requests start and stop waiting unseen, for hosts that tell the person their own way. */
  onAttention?: (event: ElicitationAttentionEvent) => void;
  /** Replacement UI strings (`attentionTitleBadge`, `attentionQuestion`, `attentionNotificationBody`). */
  messages?: ElicitationMessagesInput;
  /** BCP 47 language of the wording, as on the outlet. */
  locale?: string;
}
