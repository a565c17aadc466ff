import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

type Message = { id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message?: string } };

/**
 * Logs the elicitation traffic crossing `transport`, as the wire carries it: each `elicitation/create`
 * and withdrawal received, the answer sent back, and the end of a URL step. Call it once the client is
 * connected (the client has set its own `onmessage` by then; this one runs first, then hands on).
 */
export function logElicitationTraffic(transport: Transport, log: (line: string) => void): void {
  // The open elicitations by JSON-RPC id: their message, for a withdrawal's line.
  const open = new Map<string | number, string>();
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const { id, method, params = {} } = message as Message;
    if (method === "elicitation/create" && id !== undefined) {
      open.set(id, String(params.message ?? ""));
      log(`← elicitation/create (${String(params.mode ?? "form")}): ${JSON.stringify(params)}`);
    } else if (method === "notifications/cancelled" && open.has(params.requestId as string | number)) {
      log(`← notifications/cancelled: the server withdrew "${open.get(params.requestId as string | number)}"`);
      open.delete(params.requestId as string | number);
    } else if (method === "notifications/elicitation/complete") {
      log(`← notifications/elicitation/complete: ${String(params.elicitationId)}`);
    }
    deliver?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const { id, result, error } = message as Message;
    if (id !== undefined && open.delete(id)) log(error ? `→ error: ${error.message ?? ""}` : `→ result: ${JSON.stringify(result)}`);
    return send(message, options);
  };
}
