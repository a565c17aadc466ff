// What a store does on a clock, apart from its data, the same for every store: each attached holder's lease
// renewed every third of `leaseMs` (so two renewals may fail before it lapses), the sweep every `sweepMs`, what
// the store closed by itself told once to one attached holder, and, when its feed is back, leases renewed first
// (no sweep then closes what a holder opens again) and every holder told to check what it holds. A store brings
// the atomic steps (RelayStoreLeases); this part decides when they run.
import type { RelayInterruption, RelayRecord } from "../ElicitationRelayStore";
import type { RelayStoreLeases } from "../RelayStoreParts";

/** What an attached holder hears besides its settlements. */
export interface HolderHearing {
  onInterrupted?: ((interruption: RelayInterruption) => void) | undefined;
  onClosed?: ((record: RelayRecord, reason: "timeout" | "closed") => void) | undefined;
}

export interface StoreUpkeep {
  /** Leases `holder` and keeps its lease renewed until the returned function, which releases it. */
  join(holder: string, hearing: HolderHearing): Promise<() => Promise<void>>;
  /** A request this handle closed by itself (a late answer, its sweep): told to one attached holder, once. */
  closedHere(record: RelayRecord, reason: "timeout" | "closed"): void;
  /** Renews every attached holder's lease now (the feed is back: before anything else). */
  renew(): Promise<unknown>;
  /** The feed of settlements is back after it may have lost some (`reset`: the store lost its data): every holder checks. */
  interrupted(reset: boolean): void;
  /** Stops the timers (the store's close()). */
  stop(): void;
}

export function createStoreUpkeep(leases: RelayStoreLeases, { leaseMs, sweepMs, whileAttached = false }: { leaseMs: number; sweepMs: number; /** Timers only while a holder is attached (a store for one process). */ whileAttached?: boolean }): StoreUpkeep {
  const attached = new Map<string, HolderHearing>();
  let timers: ReturnType<typeof setInterval>[] = [];
  const ignore = () => undefined;

  const renew = () => Promise.all([...attached.keys()].map((holder) => leases.lease(holder)));
  function closedHere(record: RelayRecord, reason: "timeout" | "closed") {
    for (const hearing of attached.values()) if (hearing.onClosed !== undefined) return hearing.onClosed(record, reason);
  }
  function start() {
    if (timers.length > 0) return;
    timers = [
      setInterval(() => void renew().catch(ignore), Math.max(1, Math.floor(leaseMs / 3))),
      setInterval(() => void leases.sweep().then((closed) => closed.forEach((record) => closedHere(record, "closed")), ignore), sweepMs),
    ];
    for (const timer of timers) timer.unref?.();
  }
  function stop() {
    for (const timer of timers.splice(0)) clearInterval(timer);
  }
  if (!whileAttached) start();

  return {
    async join(holder, hearing) {
      await leases.lease(holder);
      attached.set(holder, hearing);
      if (whileAttached) start();
      return async () => {
        if (attached.get(holder) !== hearing) return;
        attached.delete(holder);
        if (whileAttached && attached.size === 0) stop();
        await leases.release(holder).catch(ignore);
      };
    },
    closedHere,
    renew,
    interrupted(reset) {
      for (const hearing of [...attached.values()]) hearing.onInterrupted?.({ reset });
    },
    stop,
  };
}
