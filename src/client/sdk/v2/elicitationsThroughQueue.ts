// SDK v2 (`@modelcontextprotocol/client`): handlers are keyed by method name, and a Standard Schema for
// the params replaces the SDK's own (which drops keys it does not model, `pattern` among them). Nothing
// of the SDK is imported at run time. The SDK still checks the request, the mode against the client's
// declared capability, and the result, around the handler; on a 2026-07-28 connection it fulfils
// `input_required` rounds through the same handler.
import type { Client } from "@modelcontextprotocol/client";
import { paramsAsSent } from "../../../core/request/paramsAsSent";
import type { ElicitationsThroughQueueOptions } from "../ElicitationsThroughQueueOptions";
import { SDK_V2 } from "../sdkMajors";
import { wireElicitations } from "../wireElicitations";

/**
 * Hands every `elicitation/create` of an SDK v2 `Client` in the page to `queue` as a card from
 * `serverName`, and returns the person's answer to the server (both protocol eras); a request the
 * server withdraws leaves the queue, and `notifications/elicitation/complete` ends its URL step. Call
 * it before or after `connect`; the Client must declare `capabilities.elicitation` (a TypeError says so otherwise).
 */
export function elicitationsThroughQueue(client: Client, options: ElicitationsThroughQueueOptions): void {
  wireElicitations(SDK_V2, client, options, ({ ask, complete }) => {
    client.setRequestHandler("elicitation/create", { params: paramsAsSent }, (params, ctx) => ask(params, ctx.mcpReq.signal));
    client.setNotificationHandler("notifications/elicitation/complete", (notification) => complete(notification.params.elicitationId));
  });
}
