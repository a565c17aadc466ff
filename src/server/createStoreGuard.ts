// Every store call a person waits on is bounded in time: a store that fails or hangs (a Redis client
// retrying through an outage holds a command for a minute or more) becomes StoreUnavailable within
// `timeoutMs`, which the relay answers with 503 and Retry-After instead of holding the person.

/** A store call failed, or did not settle in time (it may still take effect later). */
export class StoreUnavailable extends Error {
  override readonly name = "StoreUnavailable";

  constructor(readonly operation: string, options?: { cause?: unknown }) {
    super(`The relay's store did not complete ${operation}.`, options);
  }
}

export type StoreGuard = <T>(operation: string, work: () => Promise<T>) => Promise<T>;

/** `onFailure` hears each failed call by its operation's name (nothing of the error, which may quote data). */
export function createStoreGuard(timeoutMs: number, onFailure: (operation: string) => void): StoreGuard {
  return (operation, work) =>
    new Promise((resolve, reject) => {
      let done = false;
      const fail = (cause: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        onFailure(operation);
        reject(new StoreUnavailable(operation, { cause }));
      };
      const timer = setTimeout(() => fail(new Error(`no reply within ${timeoutMs} ms`)), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      // Started at once: a store answers sooner, and no promise is made only to wait a turn.
      let pending: Promise<unknown>;
      try {
        pending = Promise.resolve(work());
      } catch (error) {
        fail(error);
        return;
      }
      pending.then((value) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(value as never);
      }, fail);
    });
}
