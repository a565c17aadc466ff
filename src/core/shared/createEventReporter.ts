// The audit hook (`onEvent`) of the in-page queue and of the relay: it must never break what it
// watches, so whatever it throws is dropped here.

/** A function that stamps an event with `now()` and hands it to `onEvent`, never throwing. */
export function createEventReporter<E extends { time: number }>(onEvent: ((event: E) => void) | undefined, now: () => number): (event: Omit<E, "time">) => void {
  return (event) => {
    try {
      onEvent?.({ ...event, time: now() } as E);
    } catch {
      /* ignored on purpose */
    }
  };
}
