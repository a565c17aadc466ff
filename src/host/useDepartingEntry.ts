import { useEffect, useState } from "react";
import { CLOSED_NOTICE_MS, ElicitationRequestClosed } from "../dialog/ElicitationRequestClosed";
import type { ElicitationQueueEntry } from "./types";

/**
 * The entry to draw: the queue's current one, except that a request closed elsewhere
 * (`ElicitationRequestClosed`: answered in another window, withdrawn, timed out) stays drawn for
 * CLOSED_NOTICE_MS so its card can say why before the next one takes its place.
 */
export function useDepartingEntry(current: ElicitationQueueEntry | undefined): ElicitationQueueEntry | undefined {
  const [last, setLast] = useState(current);
  const [departing, setDeparting] = useState<ElicitationQueueEntry>();
  if (last !== current) {
    // Adjusted while rendering, so the card never disappears for a frame before its notice.
    setLast(current);
    if (departing === undefined && last !== undefined && last.id !== current?.id && last.signal.reason instanceof ElicitationRequestClosed) {
      setDeparting(last);
    }
  }
  useEffect(() => {
    if (departing === undefined) return;
    const timer = setTimeout(() => setDeparting(undefined), CLOSED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [departing]);
  return departing ?? current;
}
