import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { fillTemplate } from "../../messages/fillTemplate";
import { resolveMessages } from "../../messages/resolveMessages";
import { useLocaleMessages } from "../../messages/useLocaleMessages";
import { useCallbackRef } from "../../ui/useCallbackRef";
import type { ElicitationQueue } from "../../client/types";
import { bringCardIntoView } from "./inlineCard";
import { createRequestNotifications } from "./requestNotifications";
import type { ElicitationAttentionOptions } from "./types";
import { attentionChanges, unseenRequests, type ElicitationUnseenRequest } from "./unseenRequests";
import { usePageView } from "./usePageView";
import { useTitleBadge } from "./useTitleBadge";

export type ElicitationNotificationPermission = NotificationPermission | "unsupported";

export interface ElicitationAttentionState {
  /** Requests waiting where the person cannot see them, and why; empty while they are looking. */
  readonly unseen: readonly ElicitationUnseenRequest[];
  /** The page's notification permission; "unsupported" where the Notification API is missing. */
  readonly notificationPermission: ElicitationNotificationPermission;
  /**
   * Asks the person for notification permission. Call it from their click or key press (a "Notify
   * me" button): it refuses, with an error saying so, when no gesture is under way.
   */
  requestNotificationPermission(): Promise<ElicitationNotificationPermission>;
}

const supported = () => typeof Notification === "function";
const subscribeNothing = () => () => {};
const unsupported = () => "unsupported" as const;
const readPermission = (): ElicitationNotificationPermission => (supported() ? Notification.permission : "unsupported");
const NO_GESTURE = "requestNotificationPermission: call it from the person's click or key press (a \"Notify me\" button), never on load.";

/**
 * Tells a person who looked away that a request waits: the title badge, system notifications and
 * `onAttention`, each opt-in. Moves no focus and answers nothing.
 */
export function useElicitationAttention(queue: ElicitationQueue, options: ElicitationAttentionOptions = {}): ElicitationAttentionState {
  const { titleBadge = false, notifications = false, onAttention, messages, locale } = options;
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const view = usePageView(queue);
  const catalogue = useLocaleMessages(locale, messages);
  // Nothing is worded before the language's catalogue is here, so no English flashes first.
  const words = useMemo(() => catalogue && resolveMessages(messages, catalogue), [messages, catalogue]);
  const unseen = useMemo(() => unseenRequests(snapshot.entries, view), [snapshot.entries, view]);

  useTitleBadge(titleBadge ? unseen.length : 0, words?.attentionTitleBadge);

  // Stable, so a host passing an inline function does not restart anything.
  const report = useCallbackRef(onAttention);
  const reported = useRef<readonly ElicitationUnseenRequest[]>([]);
  useEffect(() => {
    const events = attentionChanges(reported.current, unseen, new Set(snapshot.entries.map((entry) => entry.id)));
    reported.current = unseen;
    for (const event of events) {
      // A host's handler must not break the page's signals.
      try {
        report(event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }, [unseen, snapshot.entries, report]);

  // The person chose to come back: the tab comes forward and the card into view; focus stays where it was.
  const comeBack = useCallbackRef(() => {
    window.focus();
    if (view.card?.isConnected) bringCardIntoView(view.card, true);
  });
  const shown = useMemo(() => createRequestNotifications(comeBack), [comeBack]);
  const pendingClose = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(pendingClose.current);
    if (!notifications) return shown.closeAll();
    if (words === undefined) return;
    shown.update(unseen, new Set(snapshot.entries.map((entry) => entry.id)), {
      title: (server) => fillTemplate(words.attentionQuestion, { server }),
      body: words.attentionNotificationBody,
      lang: locale,
    });
    // Later, so StrictMode's unmount and mount again does not close what it is about to keep.
    return () => {
      pendingClose.current = setTimeout(() => shown.closeAll(), 0);
    };
  }, [notifications, words, unseen, snapshot.entries, shown, locale]);

  // Read at every render ("unsupported" on the server and while hydrating); a render follows an answer.
  const [, rerender] = useState(0);
  const permission = useSyncExternalStore(subscribeNothing, readPermission, unsupported);
  const requestNotificationPermission = useCallback(async () => {
    if (!supported()) return "unsupported" as const;
    const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
    if (activation !== undefined && !activation.isActive && Notification.permission === "default") throw new Error(NO_GESTURE);
    const answer = await Notification.requestPermission();
    rerender((n) => n + 1);
    return answer;
  }, []);

  return { unseen, notificationPermission: permission, requestNotificationPermission };
}
