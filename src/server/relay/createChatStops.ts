// A chat's Stop, apart from a disconnect: a reload, a closed tab or a dropped network ends the chat's
// HTTP request, never its run; Stop (relay.stop, on any instance) aborts the runs of that chat
// wherever they are, through the store like every closing, and withdraws the chat's questions.
// A run's signal is registered weakly: it lives as long as the run holds it, and no longer.
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayStop } from "../ElicitationRelayStore";
import type { ElicitationRelayWithdrawal } from "../types";
import { coversContext, readChatScope } from "./readChatScope";

export interface ChatStops {
  /** A signal that aborts when `relay.stop` covers this person and context, from any instance. */
  signal(scope: ElicitationRelayWithdrawal): AbortSignal;
  /** Aborts the covered runs everywhere and withdraws the covered questions; resolves with how many questions closed. */
  stop(scope: ElicitationRelayWithdrawal): Promise<number>;
  /** A stop heard from the store (any instance's, this one's included). */
  hear(stop: RelayStop): void;
  /** Whether a signal's abort reason is a Stop's (a question withdrawn by it is recorded `stopped`). */
  stoppedBy(reason: unknown): boolean;
}

interface Run {
  controller: AbortController;
  context: Readonly<Record<string, string>>;
}

export function createChatStops({
  store,
  guard,
  attach,
  withdraw,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  /** Joins the store's feed (where stops arrive), once. */
  attach: () => Promise<unknown>;
  withdraw: (scope: ElicitationRelayWithdrawal, cause: "stopped") => Promise<number>;
}): ChatStops {
  // By person: the runs' signals, held weakly; each signal holds its own controller.
  const runs = new Map<string, Set<WeakRef<AbortSignal>>>();
  const ofSignal = new WeakMap<AbortSignal, Run>();
  // The reasons runs were aborted with: a question whose signal carries one was stopped, not withdrawn.
  const stopReasons = new WeakSet<object>();
  const forget = new FinalizationRegistry<{ owner: string; ref: WeakRef<AbortSignal> }>(({ owner, ref }) => remove(owner, ref));

  function remove(owner: string, ref: WeakRef<AbortSignal>): void {
    const set = runs.get(owner);
    if (set === undefined) return;
    set.delete(ref);
    if (set.size === 0) runs.delete(owner);
  }

  function hear({ owner, context }: RelayStop): void {
    const set = runs.get(owner);
    if (set === undefined || typeof context !== "object" || context === null) return;
    for (const ref of [...set]) {
      const signal = ref.deref();
      const run = signal === undefined ? undefined : ofSignal.get(signal);
      if (run === undefined) {
        remove(owner, ref);
        continue;
      }
      if (!coversContext(context, run.context)) continue;
      remove(owner, ref);
      const reason = new DOMException("The chat was stopped.", "AbortError");
      stopReasons.add(reason);
      run.controller.abort(reason);
    }
  }

  return {
    hear,
    stoppedBy: (reason) => typeof reason === "object" && reason !== null && stopReasons.has(reason),
    signal(scope) {
      const { owner, context } = readChatScope("relay.stopSignal", scope);
      const controller = new AbortController();
      const { signal } = controller;
      ofSignal.set(signal, { controller, context });
      const ref = new WeakRef(signal);
      let set = runs.get(owner);
      if (set === undefined) runs.set(owner, (set = new Set()));
      set.add(ref);
      forget.register(signal, { owner, ref });
      // Stops arrive on the store's feed; a store out of reach now is joined again by the next request.
      void attach().catch(() => undefined);
      return signal;
    },
    async stop(scope) {
      const { owner, context } = readChatScope("relay.stop", scope);
      // Here at once (whatever the store does), then every other instance; the chat's questions close
      // even when the stop could not be carried (the caller still hears that it was not).
      hear({ owner, context });
      let carried: unknown = true;
      await guard("stop", () => store.stop({ owner, context: { ...context } })).catch((error: unknown) => (carried = error));
      const closed = await withdraw({ owner, context: { ...context } }, "stopped");
      if (carried !== true) throw carried;
      return closed;
    },
  };
}
