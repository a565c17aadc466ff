// The audit hook (`onEvent`) of the in-page queue and of the relay: it must never break what it
// watches, so whatever it throws is dropped here.

/**
 * A function that stamps an event with `now()` and hands it to `onEvent`, never throwing. The event is
 * stamped in place, not copied: every caller hands over an object made for that one call.
 */
export function createEventReporter<E extends { time: number }>(onEvent: ((event: E) => void) | undefined, now: () => number): (event: Omit<E, "time">) => void {
  return (event) => {
    if (onEvent === undefined) return;
    try {
      const stamped = event as E;
      stamped.time = now();
      onEvent(stamped);
    } catch {
      /* ignored on purpose */
    }
  };
}
