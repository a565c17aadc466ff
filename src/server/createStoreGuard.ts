// Every store call a person waits on is bounded in time: a store that fails or hangs (a Redis client
// retrying through an outage holds a command for a minute or more) becomes StoreUnavailable within
// `timeoutMs`, which the relay answers with 503 and Retry-After instead of holding the person.

/** The longest a person's request waits for the store by default (the relay's `storeTimeoutMs`, and the push route's). */
export const STORE_TIMEOUT_MS = 5_000;

/** A store call failed, or did not settle in time (it may still take effect later). */
export class StoreUnavailable extends Error {
  override readonly name = "StoreUnavailable";

  constructor(readonly operation: string, options?: { cause?: unknown }) {
    super(`The relay's store did not complete ${operation}.`, options);
  }
}

export interface StoreGuard {
  <T>(operation: string, work: () => Promise<T>): Promise<T>;
  /**
   * The same call, bounded alike, its outcome handed to `onValue` or `onError` (a StoreUnavailable)
   * instead of a promise: for a call made for every request, one promise and its functions fewer.
   */
  callback<T>(operation: string, work: () => Promise<T>, onValue: (value: T) => void, onError: (error: StoreUnavailable) => void): void;
}

interface Call {
  /** When it runs out (performance.now(), ms). */
  until: number;
  fail(cause: unknown): void;
}

/** `onFailure` hears each failed call by its operation's name (nothing of the error, which may quote data). */
export function createStoreGuard(timeoutMs: number, onFailure: (operation: string) => void): StoreGuard {
  // Calls under way, oldest first. Each has the same time limit, so the oldest is the next to run
  // out: one timer, for it, serves them all (a timer of each call's own cost as much as a memory store's answer).
  const underWay = new Set<Call>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const watch = () => {
    const oldest: Call | undefined = underWay.values().next().value;
    if (oldest === undefined) return;
    timer = setTimeout(expire, Math.max(0, oldest.until - performance.now()));
    (timer as { unref?: () => void }).unref?.();
  };
  function expire(): void {
    timer = undefined;
    const at = performance.now();
    for (const call of underWay) {
      if (call.until > at) break;
      call.fail(new Error(`no reply within ${timeoutMs} ms`));
    }
    watch();
  }

  function guarded<T>(operation: string, work: () => Promise<T>, onValue: (value: T) => void, onError: (error: StoreUnavailable) => void): void {
    const call: Call = {
      until: performance.now() + timeoutMs,
      fail(cause) {
        if (!underWay.delete(call)) return;
        onFailure(operation);
        onError(new StoreUnavailable(operation, { cause }));
      },
    };
    underWay.add(call);
    if (timer === undefined) watch();
    // Started at once: a store answers sooner, and no promise is made only to wait a turn.
    let pending: Promise<T>;
    try {
      pending = Promise.resolve(work());
    } catch (error) {
      call.fail(error);
      return;
    }
    pending.then((value) => {
      if (underWay.delete(call)) onValue(value);
    }, call.fail);
  }

  const guard = <T>(operation: string, work: () => Promise<T>): Promise<T> => new Promise<T>((resolve, reject) => guarded(operation, work, resolve, reject));
  return Object.assign(guard, { callback: guarded });
}
