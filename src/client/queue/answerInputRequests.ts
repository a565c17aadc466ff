// The 2026-07-28 delivery style: a tool call returns `resultType: "input_required"` with a map of
// embedded requests, and the client retries the call with a map of answers under the same keys.
// This turns the map's `elicitation/create` entries into queued dialogs and collects the answers.
import type { ElicitResult } from "../../core/types";
import { ElicitationQueueError, INVALID_PARAMS } from "../../core/request/ElicitationQueueError";
import type { ElicitationQueue } from "../types";

export interface AnswerInputRequestsOptions {
  queue: ElicitationQueue;
  /** Who is asking, as the host knows it. */
  serverName: string;
  /** Abort to withdraw every dialog of this round (the host gave up on the call). */
  signal?: AbortSignal;
  /** Timeout per dialog, overriding the queue's. */
  timeoutMs?: number;
  /**
   * Answers embedded requests that are not elicitations (`sampling/createMessage`, `roots/list`).
   * Without it such a request fails the round with a -32602 error naming its key.
   */
  otherRequest?: (key: string, request: { method: string; params?: unknown }) => Promise<unknown>;
}

function isEmbeddedRequest(value: unknown): value is { method: string; params?: unknown } {
  return typeof value === "object" && value !== null && typeof (value as { method?: unknown }).method === "string";
}

/**
 * Shows every elicitation of an `inputRequests` map (one dialog at a time, in key order) and
 * resolves with the matching `inputResponses` map. If one request cannot be answered (invalid
 * params, withdrawn) the round fails and the rest of its dialogs leave the queue.
 */
export async function answerInputRequests(
  inputRequests: Record<string, unknown> | undefined,
  { queue, serverName, signal, timeoutMs, otherRequest }: AnswerInputRequestsOptions,
): Promise<Record<string, ElicitResult | unknown>> {
  const round = new AbortController();
  const forward = () => round.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener("abort", forward, { once: true });

  const entries = Object.entries(inputRequests ?? {});
  try {
    const answers = await Promise.all(
      entries.map(async ([key, request]): Promise<[string, unknown]> => {
        try {
          if (!isEmbeddedRequest(request)) {
            throw new ElicitationQueueError("invalid-params", INVALID_PARAMS, `inputRequests["${key}"] is not a request object.`, { key });
          }
          if (request.method === "elicitation/create") {
            return [key, await queue.request({ serverName, params: request.params, signal: round.signal, timeoutMs })];
          }
          if (otherRequest) return [key, await otherRequest(key, request)];
          throw new ElicitationQueueError(
            "invalid-params",
            INVALID_PARAMS,
            `inputRequests["${key}"] asks for "${request.method}", which this host does not answer.`,
            { key, method: request.method },
          );
        } catch (error) {
          // Withdraw the sibling dialogs: a half-answered round cannot be sent back.
          round.abort(error);
          throw error;
        }
      }),
    );
    return Object.fromEntries(answers);
  } finally {
    signal?.removeEventListener("abort", forward);
  }
}
