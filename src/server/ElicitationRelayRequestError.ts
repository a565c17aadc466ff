import type { ElicitationQueueErrorReason } from "../core/request/ElicitationQueueError";

/**
 * What `relay.request` and `relay.park` refuse a request with: the queue's reasons and JSON-RPC codes
 * (-32602 `invalid-params`; -32000 `rate-limited`, `too-many-open`, `queue-closed`) in the relay's own
 * type. A host's `elicitation/create` handler can throw it as it is: both MCP SDKs copy `code`,
 * `message` and `data` of a thrown error into the JSON-RPC error response.
 */
export class ElicitationRelayRequestError extends Error {
  override readonly name = "ElicitationRelayRequestError";
  readonly code: number;
  readonly reason: ElicitationQueueErrorReason;
  readonly data: Record<string, unknown>;

  constructor(reason: ElicitationQueueErrorReason, code: number, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.reason = reason;
    this.code = code;
    this.data = { reason, ...data };
  }
}
