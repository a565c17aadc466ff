// A sliding-window limit per key ("at most `max` admissions within `windowMs`"), shared by the
// in-page queue (per server) and the relay (per person and server, and per person for answers).
// Pure: the caller passes its clock, nothing here schedules anything.

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Whether one more admission under `key` fits the window now (nothing is recorded). */
  allows(key: string): boolean;
  /** Records an admission under `key` now. */
  record(key: string): void;
}

/** Throws a RangeError naming `owner` when `limit` cannot work (a queue that silently refuses everything). */
export function checkRateLimit(limit: RateLimit | false, owner: string): void {
  if (limit !== false && !(Number.isInteger(limit.max) && limit.max > 0 && limit.windowMs > 0)) {
    throw new RangeError(`${owner}: rateLimit needs a whole max > 0 and a windowMs > 0, or false.`);
  }
}

export function createRateLimiter(limit: RateLimit | false, now: () => number): RateLimiter {
  const admitted = new Map<string, number[]>();
  const allows = (key: string): boolean => {
    if (limit === false) return true;
    const since = now() - limit.windowMs;
    const times = admitted.get(key);
    if (times === undefined) return true;
    // Pruned in place: old timestamps go, and a key with none left leaves the map.
    let expired = 0;
    while (expired < times.length && times[expired]! <= since) expired++;
    if (expired > 0) times.splice(0, expired);
    if (times.length === 0) {
      admitted.delete(key);
      return true;
    }
    return times.length < limit.max;
  };
  const record = (key: string): void => {
    if (limit === false) return;
    const times = admitted.get(key);
    if (times === undefined) admitted.set(key, [now()]);
    else times.push(now());
  };
  return { allows, record };
}
