// SDK v1 (`@modelcontextprotocol/sdk`): its handlers are keyed by a zod request schema. Its own
// ElicitRequestSchema drops keys it does not model (`pattern`) before the handler sees them, so the
// handler is registered with that schema's method and loose params: every key as sent. The SDK still
// checks the request, the mode against the client's declared capability, and the result, around it.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema, RequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ElicitationsThroughQueueOptions } from "../ElicitationsThroughQueueOptions";
import { SDK_V1 } from "../sdkMajors";
import { wireElicitations } from "../wireElicitations";

/**
 * Hands every `elicitation/create` of an SDK v1 `Client` in the page to `queue` as a card from
 * `serverName`, and returns the person's answer to the server; a request the server withdraws leaves
 * the queue, and `notifications/elicitation/complete` ends its URL step. Call it before or after
 * `connect`; the Client must declare `capabilities.elicitation` (a TypeError says so otherwise).
 */
export function elicitationsThroughQueue(client: Client, options: ElicitationsThroughQueueOptions): void {
  wireElicitations(SDK_V1, client, options, ({ ask, complete }) => {
    const asSent = ElicitRequestSchema.extend({ params: RequestSchema.shape.params.unwrap() });
    client.setRequestHandler(asSent, (request, extra) => ask(request.params, extra.signal));
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => complete(notification.params.elicitationId));
  });
}
