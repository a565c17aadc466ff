// A burst (5,000 requests in one tick) must not copy the queue and notify once per request: the
// snapshot is rebuilt only when read, and after a few notifications in one tick the rest of that
// tick's changes go out as one notification at its end.

/** Notifications sent at once in one tick; later changes in the same tick are sent as one, at its end. */
const EAGER_NOTIFICATIONS_PER_TICK = 20;

export interface SnapshotPublisher<S> {
  /** Something changed: the next read builds a new snapshot, and subscribers hear of it. */
  publish(): void;
  subscribe(listener: () => void): () => void;
  /** The same object until the next change, as `useSyncExternalStore` requires. */
  getSnapshot(): S;
}

/** `build` makes a snapshot of the state as it is now; it is called once here, then on the first read after a change. */
export function createSnapshotPublisher<S>(build: () => S): SnapshotPublisher<S> {
  const listeners = new Set<() => void>();
  let snapshot = build();
  let stale = false;
  let sentThisTick = 0;
  let flushScheduled = false;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  function endTick(): void {
    flushScheduled = false;
    const deferred = sentThisTick >= EAGER_NOTIFICATIONS_PER_TICK && stale;
    sentThisTick = 0;
    if (deferred) notify();
  }

  return {
    publish() {
      stale = true;
      if (sentThisTick < EAGER_NOTIFICATIONS_PER_TICK) {
        sentThisTick++;
        if (!flushScheduled) {
          flushScheduled = true;
          queueMicrotask(endTick);
        }
        notify();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot() {
      if (stale) {
        stale = false;
        snapshot = build();
      }
      return snapshot;
    },
  };
}
