import { useEffect, useMemo, useState } from "react";
import { CLOSED_NOTICE_MS, ElicitationRequestClosed } from "../client/queue/ElicitationRequestClosed";
import type { ElicitationQueueEntry } from "../client/types";

export interface DepartingEntry {
  /** The entry to draw. */
  entry: ElicitationQueueEntry | undefined;
  /** The signal to give its dialog: the entry's own, but a close elsewhere reaches it only once the card has said why. */
  signal: AbortSignal | undefined;
  /** The entry closed elsewhere and its card is saying why: nothing can be answered. */
  closed: boolean;
}

/**
 * The entry to draw: the queue's current one, except that a request closed elsewhere
 * (`ElicitationRequestClosed`: answered in another window, withdrawn, timed out) stays drawn for
 * CLOSED_NOTICE_MS, so its card can say why before the next one takes its place. Its dialog learns
 * of the close when that time is over (and keeps a draft then); any other withdrawal reaches it at once.
 */
export function useDepartingEntry(current: ElicitationQueueEntry | undefined): DepartingEntry {
  const [last, setLast] = useState(current);
  const [departing, setDeparting] = useState<ElicitationQueueEntry>();
  if (last !== current) {
    // Adjusted while rendering, so the card never disappears for a frame before its notice.
    setLast(current);
    if (departing === undefined && last !== undefined && last.id !== current?.id && closedElsewhere(last)) setDeparting(last);
  }
  useEffect(() => {
    if (departing === undefined) return;
    // A moment after its dialog learnt of the close, so that it keeps its draft first.
    const timer = setTimeout(() => setDeparting(undefined), CLOSED_NOTICE_MS + 50);
    return () => clearTimeout(timer);
  }, [departing]);
  const entry = departing ?? current;
  return { entry, signal: useDialogSignal(entry?.signal), closed: entry !== undefined && closedElsewhere(entry) };
}

const closedElsewhere = (entry: ElicitationQueueEntry) => entry.signal.aborted && entry.signal.reason instanceof ElicitationRequestClosed;

/** A signal that follows `signal`, a close elsewhere CLOSED_NOTICE_MS late. */
function useDialogSignal(signal: AbortSignal | undefined): AbortSignal | undefined {
  const follower = useMemo(() => (signal ? new AbortController() : undefined), [signal]);
  useEffect(() => {
    if (!signal || !follower) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = () => {
      const reason: unknown = signal.reason;
      if (reason instanceof ElicitationRequestClosed) timer = setTimeout(() => follower.abort(reason), CLOSED_NOTICE_MS);
      else follower.abort(reason);
    };
    if (signal.aborted) follow();
    else signal.addEventListener("abort", follow, { once: true });
    return () => {
      signal.removeEventListener("abort", follow);
      clearTimeout(timer);
    };
  }, [signal, follower]);
  return follower?.signal;
}
