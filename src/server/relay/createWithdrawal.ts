// relay.withdraw: the host knows a chat or a tool call is over. Every open request of the person
// whose context holds all of the given entries closes, on whichever instance holds it.
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRound } from "../ElicitationRelayStore";
import type { ElicitationRelayWithdrawal } from "../types";
import type { HeldRequests } from "./createHeldRequests";
import type { Records } from "./createRecords";
import { coversContext, readChatScope } from "./readChatScope";

export function createWithdrawal({
  store,
  guard,
  held,
  records,
  resume,
}: {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  held: HeldRequests;
  records: Records;
  /** A parked round whose last open request this closed: resumed, its closed keys `cancel`. */
  resume: (round: RelayRound) => Promise<void>;
}): (withdrawal: ElicitationRelayWithdrawal, cause?: "over" | "stopped") => Promise<number> {
  /** Resolves with how many closed; the MCP side of each gets `cancel`, each card says the question is no longer open. `cause`: its record's (a Stop's, or `relay.withdraw`'s). */
  return async (req, cause = "over") => {
    const { owner, context } = readChatScope("relay.withdraw", req);
    const { open } = await guard("snapshot", () => store.snapshot(owner));
    let count = 0;
    for (const record of open) {
      if (!coversContext(context, record.context)) continue;
      if (held.holds(record.id)) {
        await held.leave(record.id, "closed", cause);
        count++;
        continue;
      }
      // Held by another instance (its holder hears it from the store) or parked (nobody waits).
      const outcome = await guard("settle", () => store.settle(record.id, { reason: "closed" }, owner));
      if (outcome.status !== "settled") continue;
      count++;
      records.closed(record, { action: "cancel" }, cause);
      if (outcome.resume !== undefined) await resume(outcome.resume);
    }
    return count;
  };
}
