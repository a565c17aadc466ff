// relay.withdraw: the host knows a chat or a tool call is over. Every open request of the person
// whose context holds all of the given entries closes, on whichever instance holds it.
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRound } from "../ElicitationRelayStore";
import type { ElicitationRelayWithdrawal } from "../types";
import type { HeldRequests } from "./createHeldRequests";
import { coversContext, readChatScope } from "./readChatScope";

export function createWithdrawal({
  store,
  guard,
  held,
  resume,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  held: HeldRequests;
  /** A parked round whose last open request this closed: resumed, its closed keys `cancel`. */
  resume: (round: RelayRound) => Promise<void>;
}): (withdrawal: ElicitationRelayWithdrawal) => Promise<number> {
  /** Resolves with how many closed; the MCP side of each gets `cancel`, each card says the question is no longer open. */
  return async (req) => {
    const { owner, context } = readChatScope("relay.withdraw", req);
    const { open } = await guard("snapshot", () => store.snapshot(owner));
    let count = 0;
    for (const record of open) {
      if (!coversContext(context, record.context)) continue;
      if (held.holds(record.id)) {
        await held.leave(record.id, "closed");
        count++;
        continue;
      }
      // Held by another instance (its holder hears it from the store) or parked (nobody waits).
      const outcome = await guard("settle", () => store.settle(record.id, { reason: "closed" }, owner));
      if (outcome.status !== "settled") continue;
      count++;
      if (outcome.resume !== undefined) await resume(outcome.resume);
    }
    return count;
  };
}
