// Errors the queue rejects with. They carry a JSON-RPC `code` and `data`, so a host can throw them
// from its `elicitation/create` handler as they are: both MCP SDKs copy `code`, `message` and `data`
// of a thrown error into the JSON-RPC error response.

/** -32602: the request's params cannot be shown (bad schema, missing message…). */
export const INVALID_PARAMS = -32602;
/**
 * -32000: the first code of JSON-RPC's implementation-defined range. Used for "the client refused
 * to show this request now" (rate limit): the params were fine, so -32602 would mislead the server.
 */
export const REQUEST_REFUSED = -32000;

/**
 * -32603: JSON-RPC's internal error. Used when the host itself could not take the request (the relay's
 * store failed or did not answer in time): nothing was wrong with the request, and nothing was shown.
 */
export const INTERNAL_ERROR = -32603;

/**
 * "too-many-open": the relay refused a request because its person already has the most open requests it allows.
 * "store-unavailable": the relay's store failed or did not answer in time while the request was being opened; nothing was shown.
 */
export type ElicitationQueueErrorReason = "invalid-params" | "rate-limited" | "queue-closed" | "too-many-open" | "store-unavailable";

/**
 * A request refused before it was shown: its `reason`, JSON-RPC `code` and `data` (`{ reason, ... }`);
 * `cause`, when something else failed (the store's error, for "store-unavailable").
 * The relay's refusals (`ElicitationRelayRequestError`, "react-mcp-elicitation/server") are this
 * error under their own name.
 */
export class ElicitationQueueError extends Error {
  override readonly name: string = "ElicitationQueueError";
  readonly code: number;
  readonly reason: ElicitationQueueErrorReason;
  readonly data: Record<string, unknown>;

  constructor(reason: ElicitationQueueErrorReason, code: number, message: string, data: Record<string, unknown> = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
    this.code = code;
    this.data = { reason, ...data };
  }
}
