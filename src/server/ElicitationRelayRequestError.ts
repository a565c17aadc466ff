import { ElicitationQueueError } from "../core/request/ElicitationQueueError";

/**
 * What `relay.request` and `relay.park` refuse a request with: the queue's error (its reasons, JSON-RPC
 * codes and data: -32602 `invalid-params`; -32000 `rate-limited`, `too-many-open`, `queue-closed`)
 * under the relay's own name, and -32603 `store-unavailable` when the relay's store failed or did not
 * answer in time while the request was being opened (the store's error is its `cause`; nothing was
 * shown). A host's `elicitation/create` handler can throw it as it is: both MCP SDKs copy `code`,
 * `message` and `data` of a thrown error into the JSON-RPC error response.
 */
export class ElicitationRelayRequestError extends ElicitationQueueError {
  override readonly name = "ElicitationRelayRequestError";
}
