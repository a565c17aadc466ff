import { ElicitationQueueError } from "../core/request/ElicitationQueueError";

/**
 * What `relay.request` and `relay.park` refuse a request with: the queue's error (its reasons, JSON-RPC
 * codes and data: -32602 `invalid-params`; -32000 `rate-limited`, `too-many-open`, `queue-closed`)
 * under the relay's own name. A host's `elicitation/create` handler can throw it as it is: both MCP
 * SDKs copy `code`, `message` and `data` of a thrown error into the JSON-RPC error response.
 */
export class ElicitationRelayRequestError extends ElicitationQueueError {
  override readonly name = "ElicitationRelayRequestError";
}
