// The clock of a store (Redis, Postgres, and the memory store's leases): one set of timings, one home for
// their defaults and their check, whatever the store.

/** How a shared store keeps time. Each is a whole number > 0. */
export interface RelayStoreTimings {
  /** How long an instance's lease lasts without being refreshed (it is refreshed every third of it). Default 15 000 ms. */
  leaseMs?: number;
  /** How often this instance closes the requests of instances whose lease expired. Default 5 000 ms. */
  sweepMs?: number;
  /** How long a closed request is remembered (late answers get 409, reconnecting windows their `closed` event). Default 60 000 ms. */
  recentMs?: number;
  /** Closed requests remembered per person. Default 32. */
  recentPerPerson?: number;
  /** How long a parked round is kept past its deadline for a relay's sweep to expire (and resume) it; then it is dropped unresumed. Default 3 600 000 ms. */
  roundGraceMs?: number;
  /** How often the connection that hears the live feed is checked; one that does not answer within half of it is taken for dead and made again. Default 5 000 ms. */
  heartbeatMs?: number;
}

/** The timings with their defaults; a RangeError, naming the store and the option, for one that is not a whole number > 0. */
export function readStoreTimings(store: string, timings: RelayStoreTimings): Required<RelayStoreTimings> {
  const read = { leaseMs: 15_000, sweepMs: 5_000, recentMs: 60_000, recentPerPerson: 32, roundGraceMs: 3_600_000, heartbeatMs: 5_000 };
  for (const name of Object.keys(read) as (keyof RelayStoreTimings)[]) {
    const value = timings[name] ?? read[name];
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`${store}: ${name} must be a whole number > 0.`);
    read[name] = value;
  }
  return read;
}
