// The relay's JSON replies: never cached, and a 503 always says when to come back.
import type { ElicitationPushKeyReply } from "../../core/relay/elicitationPush";
import { RELAY_STATUS, type RelayPostReply } from "../../core/relay/relayWire";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
/** Seconds a browser waits before trying again after a 503 (`Retry-After`). */
const RETRY_AFTER_S = 2;

export function relayReply(status: number, body: RelayPostReply | ElicitationPushKeyReply | { error: string }, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The store failed or did not answer in time: the browser comes back after Retry-After. */
export const storeUnavailableReply = () => relayReply(RELAY_STATUS.unavailable, { error: "store-unavailable" }, { "retry-after": String(RETRY_AFTER_S) });
