// The requests this instance holds: those whose MCP client waits here. Each settles exactly once —
// with the person's answer (from any window, any instance, as the store tells it), or with this
// instance's own closing (timeout, withdrawal, shutdown). When the store fails, what it could not
// record is written again until it is, and what it may have missed is checked again: this instance
// is the source of truth for what it holds.
import type { ElicitResult } from "../../core/types";
import type { RelayRecord, RelaySettlement, RelayStop, ElicitationRelayStore } from "../ElicitationRelayStore";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRecordCause, ElicitationRelayEvent } from "../types";
import type { Records } from "./createRecords";

type Closing = Exclude<RelaySettlement["reason"], "answered">;
/** Why this instance closes a question it holds, as its record says. */
export type LeaveCause = Extract<ElicitationRecordCause, "timeout" | "withdrawn" | "stopped" | "over" | "shutdown">;

/** A closing the store has not recorded yet; with what to record once it does (none for a request that never opened). */
interface Unwritten {
  reason: Closing;
  recorded?: { record: RelayRecord; cause: LeaveCause };
  /** A request whose open failed: a store that does not know it yet may still take the open (a write held up), so its closing is tried until its deadline (epoch ms, as the store reads it). */
  unopenedUntil?: number;
  /** Being written by `closeUnopened`, which decides it: the repair passes leave it alone meanwhile. */
  deciding?: true;
}

interface Held {
  record: RelayRecord;
  resolve: (result: ElicitResult) => void;
  reject: (reason: unknown) => void;
  /** Its time limit (ms), and when it runs out (`performance.now()`). */
  limit: number;
  until: number;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  shown: boolean;
  leaving: boolean;
}

/** Waits between tries of a store write that failed: from the first, doubling, up to the last. */
const REPAIR_FIRST_MS = 250;
const REPAIR_MAX_MS = 2_000;
/** The longest wait `setTimeout` takes (2^31 − 1 ms); a longer one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

export interface HeldRequests {
  /** This instance's id as the holder of its requests. */
  readonly instance: string;
  /** Holds `record` (not yet open in the store): the promise settles once, with the answer or this instance's closing. */
  hold(record: RelayRecord, signal: AbortSignal | undefined, timeoutMs: number): Promise<ElicitResult>;
  /** Whether this instance holds `id` (its MCP client waits here). */
  holds(id: string): boolean;
  /** Forgets a request that never opened: its promise rejects with `error`, the reason it was not opened. */
  drop(id: string, error: unknown): void;
  /** Whether this instance has joined the store already (`attach` went through). */
  attached(): boolean;
  /**
   * Closes a held request for this instance's own reason; an answer that won first is what its MCP
   * client gets. Its client is told once the store has decided (a closing it could not write yet is
   * written again), a timeout at once.
   */
  leave(id: string, reason: Closing, cause?: LeaveCause): Promise<void>;
  /**
   * A closing the store must still record, of a request whose open failed: retried until it is, and while
   * the store does not know the request, until `deadline` (the open may land late; past it the store takes no answer); meanwhile `closing(id)` says it.
   */
  writeLater(id: string, reason: Closing, deadline: number | undefined): void;
  /**
   * The open of held `id` failed, and may have landed all the same (its reply late or lost): its closing is written,
   * tried until the store decides, and meanwhile it stays held (an answer another instance takes reaches its MCP
   * client) and hidden here (`closing(id)`). True when its MCP client was told meanwhile (an answer won; its time
   * limit, a withdrawal or relay.close() ended it); false when the closing won or the store does not know it (then
   * as `writeLater`, for an open that lands later): refuse it.
   */
  closeUnopened(id: string, deadline: number | undefined): Promise<boolean>;
  /** The reason of a closing the store has not recorded yet. */
  closing(id: string): Closing | undefined;
  /** Joins the store as this instance's holder, once (tried again after a failure). */
  attach(): Promise<unknown>;
  /** The first window drew it: reported once. */
  markShown(id: string): void;
  /** Whether `owner` has an open request of `serverName` held here (relay.call's clock). */
  asking(owner: string, serverName: string): boolean;
  /** Hears every change of what is held. */
  subscribe(listener: () => void): () => void;
  /** Answers `cancel` to everything held, stops writing again, stops holding. */
  close(): Promise<void>;
}

export function createHeldRequests(
  {
    store,
    guard,
    emit,
    instance,
    onStopped,
    records,
    stoppedBy,
  }: {
    store: ElicitationRelayStore;
    guard: StoreGuard;
    emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
    instance: string;
    /** A chat's Stop, from any instance (the store's feed carries it to every attached one). */
    onStopped: (stop: RelayStop) => void;
    records: Records;
    /** Whether a request's signal was aborted by a chat's Stop (its reason). */
    stoppedBy: (reason: unknown) => boolean;
  },
): HeldRequests {
  const held = new Map<string, Held>();
  const listeners = new Set<() => void>();
  // Closings this instance decided but the store has not recorded yet (its write failed).
  const unwritten = new Map<string, Unwritten>();
  // The store's feed of settlements was interrupted: what is held is checked against it again.
  let recheck: { reset: boolean } | undefined;
  let repairTimer: ReturnType<typeof setTimeout> | undefined;
  let repairWaitMs = REPAIR_FIRST_MS;
  let repairing = false;
  let attached: Promise<() => Promise<void>> | undefined;
  /** `attached` went through: a request need not wait a turn for it. */
  let joined = false;
  let stopped = false;
  // Held requests by time limit, each in arrival order, so each one's first runs out first: one timer
  // for all of them, at the earliest, instead of a timer (and its closure) per request.
  const byLimit = new Map<number, Set<Held>>();
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  let armedFor = Infinity;

  const notify = () => {
    if (listeners.size === 0) return;
    for (const listener of [...listeners]) listener();
  };

  /** The request leaves this instance with `settlement`, once: the MCP client's promise settles here. */
  function finish(id: string, settlement: RelaySettlement): void {
    const item = held.get(id);
    if (item === undefined) return;
    forget(id, item);
    const { owner, serverName } = item.record;
    if (settlement.reason === "withdrawn") {
      emit({ type: "withdrawn", owner, serverName, id });
      item.reject(item.signal?.reason ?? new Error("The request was withdrawn."));
    } else {
      const result: ElicitResult = settlement.reason === "answered" ? settlement.result : { action: "cancel" };
      const cause = settlement.reason !== "answered" ? settlement.reason : item.record.remembered !== undefined ? "remembered" : (settlement.via ?? "user");
      emit({ type: "answered", owner, serverName, id, action: result.action, cause });
      item.resolve(result);
    }
    notify();
  }

  // Made apart from hold's own scope, so the listener keeps only the id alive.
  const withdrawOnAbort = (id: string) => () => void leave(id, "withdrawn");

  function watchDeadline(item: Held): void {
    let queue = byLimit.get(item.limit);
    if (queue === undefined) byLimit.set(item.limit, (queue = new Set()));
    queue.add(item);
    if (item.until < armedFor) armDeadline(item.until);
  }

  function armDeadline(until: number): void {
    if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
    armedFor = until;
    // A wait past the timers' own bound (about 24.8 days) is taken in steps of at most that.
    deadlineTimer = setTimeout(runOut, Math.min(MAX_TIMER_MS, Math.max(0, Math.ceil(until - performance.now()))));
  }

  /** Every held request whose time limit ran out leaves, earliest first; the timer waits for the next one. */
  function runOut(): void {
    deadlineTimer = undefined;
    armedFor = Infinity;
    const at = performance.now();
    const due: Held[] = [];
    let next = Infinity;
    for (const [limit, queue] of byLimit) {
      for (const item of queue) {
        if (item.until > at) {
          next = Math.min(next, item.until);
          break;
        }
        queue.delete(item);
        due.push(item);
      }
      if (queue.size === 0) byLimit.delete(limit);
    }
    if (next !== Infinity) armDeadline(next);
    if (byLimit.size > 1) due.sort((a, b) => a.until - b.until);
    for (const item of due) void leave(item.record.id, "timeout");
  }

  function forget(id: string, item: Held): void {
    held.delete(id);
    const queue = byLimit.get(item.limit);
    if (queue?.delete(item) === true && queue.size === 0) {
      byLimit.delete(item.limit);
      // Nothing left to run out: no timer keeps the process alive.
      if (byLimit.size === 0 && deadlineTimer !== undefined) {
        clearTimeout(deadlineTimer);
        deadlineTimer = undefined;
        armedFor = Infinity;
      }
    }
    if (item.onAbort) item.signal?.removeEventListener("abort", item.onAbort);
  }

  async function leave(id: string, reason: Closing, given?: LeaveCause): Promise<void> {
    const item = held.get(id);
    if (item === undefined) return;
    if (item.leaving) {
      // Its deadline came while its closing waits for the store: past it the store takes no answer.
      if (reason === "timeout" && unwritten.has(id)) finish(id, { reason: unwritten.get(id)!.reason });
      return;
    }
    item.leaving = true;
    const cause: LeaveCause = given ?? (reason === "timeout" ? "timeout" : reason === "closed" ? "shutdown" : stoppedBy(item.signal?.reason) ? "stopped" : "withdrawn");
    try {
      const outcome = await guard("settle", () => store.settle(id, { reason }));
      decided(id, reason, outcome);
      // This closing won: recorded here (an answer that won first was recorded where it was taken).
      if (outcome.status === "settled") records.closed(item.record, { action: "cancel" }, cause);
    } catch {
      // The store did not record it, and may yet (a write held up on the way), or may take an answer
      // from another instance first: the MCP client is told only what the store decides, when the
      // closing is written again (and recorded then, if it still wins) or the answer reaches this
      // holder. A timeout is told now: past its deadline the store takes no answer, so none can win later.
      unwritten.set(id, { reason, recorded: { record: item.record, cause } });
      scheduleRepair(true);
      if (reason === "timeout") finish(id, { reason });
    }
  }

  /** The store's verdict on this instance's closing: the answer that won before it, or the closing. */
  function decided(id: string, reason: Closing, outcome: Awaited<ReturnType<ElicitationRelayStore["settle"]>>): void {
    if (outcome.status === "already-closed" && outcome.settlement !== undefined) finish(id, outcome.settlement);
    else finish(id, { reason });
  }

  async function closeUnopened(id: string, deadline: number | undefined): Promise<boolean> {
    const unopened = deadline === undefined ? {} : { unopenedUntil: deadline };
    unwritten.set(id, { reason: "closed", ...unopened, deciding: true });
    // Tried until the store decides: while it cannot be reached, an open that landed (its reply lost) may come back
    // with it and be answered elsewhere, so nothing is told before. Its time limit, a withdrawal or relay.close() end
    // the wait (each tells its MCP client).
    const ours = () => held.has(id) && !stopped && unwritten.get(id)?.deciding === true;
    for (let waitMs = REPAIR_FIRST_MS; ours(); waitMs = Math.min(REPAIR_MAX_MS, waitMs * 2)) {
      let outcome: Awaited<ReturnType<ElicitationRelayStore["settle"]>>;
      try {
        outcome = await guard("settle", () => store.settle(id, { reason: "closed" }));
      } catch {
        await new Promise((resolve) => (setTimeout(resolve, waitMs) as { unref?: () => void }).unref?.());
        continue;
      }
      if (!ours()) break;
      if (outcome.status === "not-found") {
        // Never opened, or (a store that keeps such a closing) kept from opening: a late open is closed once it lands.
        writeLater(id, "closed", deadline);
      } else {
        unwritten.delete(id);
        // An answer taken on another instance before this closing: its MCP client gets it (once, whichever way it came).
        if (outcome.status === "already-closed" && outcome.settlement?.reason === "answered") finish(id, outcome.settlement);
      }
      break;
    }
    if (unwritten.get(id)?.deciding === true) unwritten.delete(id);
    return !held.has(id);
  }

  function writeLater(id: string, reason: Closing, deadline: number | undefined): void {
    unwritten.set(id, { reason, ...(deadline === undefined ? {} : { unopenedUntil: deadline }) });
    scheduleRepair(true);
  }

  /** The store's feed of settlements was interrupted (`reset`: it lost its data): every held request is checked again. */
  function interrupted(cause: { reset: boolean }): void {
    recheck = { reset: (recheck?.reset ?? false) || cause.reset };
    scheduleRepair(true);
  }

  function scheduleRepair(soon: boolean): void {
    if (stopped) return;
    if (soon) repairWaitMs = REPAIR_FIRST_MS;
    if (repairTimer !== undefined || repairing) return;
    repairTimer = setTimeout(() => {
      repairTimer = undefined;
      void repair();
    }, repairWaitMs);
    (repairTimer as { unref?: () => void }).unref?.();
  }

  /** Writes the closings the store missed (true when all went through); a request still held gets the store's verdict. */
  async function writeClosings(): Promise<boolean> {
    let complete = true;
    for (const [id, { reason, recorded, unopenedUntil, deciding }] of [...unwritten]) {
      if (deciding) continue;
      try {
        const outcome = await guard("settle", () => store.settle(id, { reason }));
        // Not there yet: an open held up on its way would show a card nobody waits for, so it is closed once it lands.
        if (outcome.status === "not-found" && unopenedUntil !== undefined && Date.now() <= unopenedUntil) {
          complete = false;
          continue;
        }
        unwritten.delete(id);
        decided(id, reason, outcome);
        // Recorded as its MCP client was answered, once the store has it — also when the first write
        // landed after all (closed already, as this instance closed it); the record's claim keeps it once.
        const landed = outcome.status === "settled" || (outcome.status === "already-closed" && outcome.settlement?.reason === reason);
        if (landed && recorded !== undefined) records.closed(recorded.record, { action: "cancel" }, recorded.cause);
      } catch {
        complete = false;
      }
    }
    return complete;
  }

  /** Writes the closings the store missed and checks held requests against it; tried again until all of it went through. */
  async function repair(): Promise<void> {
    repairing = true;
    let complete = true;
    try {
      complete = await writeClosings();
      const pending = recheck;
      recheck = undefined;
      if (pending !== undefined && !(await recheckHeld(pending.reset))) {
        // Tried again (a reset is reported once, by the pass that found it).
        recheck ??= { reset: false };
        complete = false;
      }
    } finally {
      repairing = false;
    }
    if (complete && unwritten.size === 0 && recheck === undefined) {
      repairWaitMs = REPAIR_FIRST_MS;
      return;
    }
    repairWaitMs = Math.min(REPAIR_MAX_MS, repairWaitMs * 2);
    scheduleRepair(false);
  }

  /**
   * After an interruption: a held request the store closed meanwhile is settled as the store says (an
   * answer whose notification was lost still reaches its MCP client); one the store no longer knows (it
   * lost its data) opens again, since this instance is its source of truth. True when every check went through.
   */
  async function recheckHeld(reset: boolean): Promise<boolean> {
    if (reset) emit({ type: "store-reset" });
    let complete = true;
    for (const [id, item] of [...held]) {
      // Leaving, or its open failed and its closing is being written: not opened again.
      if (item.leaving || unwritten.has(id)) continue;
      try {
        const found = await guard("get", () => store.get(id));
        if (found === undefined) {
          if (held.get(id) === item && !item.leaving) await guard("open", () => store.open(item.record, Number.MAX_SAFE_INTEGER));
        } else if (found.record === undefined) {
          finish(id, found.settlement ?? (found.closed === "answered" ? { reason: "closed" } : { reason: found.closed }));
        }
      } catch {
        complete = false;
      }
    }
    return complete;
  }

  return {
    instance,
    hold(record, signal, timeoutMs) {
      const { id } = record;
      return new Promise<ElicitResult>((resolve, reject) => {
        const item: Held = { record, resolve, reject, limit: timeoutMs, until: performance.now() + timeoutMs, signal, onAbort: undefined, shown: false, leaving: false };
        held.set(id, item);
        watchDeadline(item);
        if (signal) {
          item.onAbort = withdrawOnAbort(id);
          signal.addEventListener("abort", item.onAbort, { once: true });
        }
        notify();
      });
    },
    holds: (id) => held.has(id),
    drop(id, error) {
      const item = held.get(id);
      if (item === undefined) return;
      forget(id, item);
      item.reject(error);
      notify();
    },
    attached: () => joined,
    leave,
    writeLater,
    closeUnopened,
    closing: (id) => unwritten.get(id)?.reason,
    attach() {
      // A store that could not be reached is tried again by the next request.
      // What the store closes by itself (a late answer, a dead holder's question) is recorded here.
      const closedByStore = (record: RelayRecord, reason: "timeout" | "closed") => records.closed(record, { action: "cancel" }, reason === "timeout" ? "timeout" : "holder-gone");
      // Only a recording relay listens: the store then tells one that does.
      const onClosed = records.on ? closedByStore : undefined;
      attached ??= guard("attach", () => store.attach(instance, (id, settlement) => finish(id, settlement), interrupted, onStopped, onClosed)).then(
        (stop) => {
          joined = true;
          return stop;
        },
        (error: unknown) => {
          attached = undefined;
          throw error;
        },
      );
      return attached;
    },
    markShown(id) {
      const item = held.get(id);
      // One answered from a remembered decision is drawn as a line, never as a card to answer.
      if (item === undefined || item.shown || item.record.remembered !== undefined) return;
      item.shown = true;
      emit({ type: "shown", owner: item.record.owner, serverName: item.record.serverName, id });
    },
    asking: (owner, serverName) => [...held.values()].some((item) => item.record.owner === owner && item.record.serverName === serverName),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await Promise.all([...held.keys()].map((id) => leave(id, "closed", "shutdown")));
      stopped = true;
      if (repairTimer !== undefined) clearTimeout(repairTimer);
      // Closings the store has not recorded are tried once more (a write held up may be through by
      // now), so the MCP client gets the store's verdict; bounded like every store call.
      if ([...unwritten.keys()].some((id) => held.has(id)) && !repairing) await writeClosings();
      // Bounded like every store call: during an outage the lease lapses by itself, and close() returns.
      if (attached !== undefined) await guard("detach", () => attached!.then((stop) => stop())).catch(() => undefined);
      // Still undecided after that: answered with its closing now, so no MCP client is left waiting.
      for (const id of [...held.keys()]) finish(id, { reason: unwritten.get(id)?.reason ?? "closed" });
    },
  };
}
