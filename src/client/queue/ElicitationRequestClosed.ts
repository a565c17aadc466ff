// The abort reason of a request that closed elsewhere (a relay told us): the card says why for a
// moment before it goes, instead of vanishing under the person's hands.
import type { RelayCloseReason } from "../../core/relay/relayWire";

/** Why a request left: answered in another window, withdrawn by its server or the host, timed out, or closed (the relay shut down, or it is gone). */
export type ElicitationClosedReason = RelayCloseReason;

/** How long a closed card stays on screen saying why, in ms. */
export const CLOSED_NOTICE_MS = 2_000;

/**
 * Abort a request's `signal` with this to close its card with a notice ("Answered in another
 * window") shown for about two seconds. Any other abort reason closes the card at once, as before.
 */
export class ElicitationRequestClosed extends Error {
  override readonly name = "ElicitationRequestClosed";

  constructor(readonly reason: ElicitationClosedReason) {
    super(`The request closed (${reason}).`);
  }
}
