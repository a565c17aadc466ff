import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitationCompleteNotificationSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { useEffect, useState } from "react";
import { z } from "zod";
import type { ElicitationQueue } from "../../src/index";

/**
 * Matches `elicitation/create` by method only: the SDK's ElicitRequestSchema would drop keys it does
 * not model (such as `pattern`) before the handler sees them. The SDK still checks the request first.
 */
const ElicitRequestAsSent = z.object({ method: z.literal("elicitation/create"), params: z.record(z.string(), z.unknown()) });

export type ConnectionState =
  | { status: "connecting" }
  | { status: "connected"; client: Client; tools: Tool[] }
  | { status: "error"; message: string };

/**
 * Connects the page to the demo MCP server with the SDK's browser client and wires elicitation
 * to the queue — the few lines every web host needs.
 */
export function useDemoConnection(queue: ElicitationQueue, serverName: string, log: (line: string) => void): ConnectionState {
  const [state, setState] = useState<ConnectionState>({ status: "connecting" });

  useEffect(() => {
    let closed = false;
    const client = new Client(
      { name: "react-mcp-elicitation-demo-host", version: "1.0.0" },
      { capabilities: { elicitation: { form: {}, url: {} } } },
    );
    client.setRequestHandler(ElicitRequestAsSent, async (request, extra) => {
      const { params } = request;
      log(`← elicitation/create (${String(params.mode ?? "form")}): ${JSON.stringify(params)}`);
      extra.signal.addEventListener("abort", () => log(`← notifications/cancelled: the server withdrew "${String(params.message)}"`), { once: true });
      try {
        const result = await queue.request({ serverName, params, signal: extra.signal });
        log(`→ result: ${JSON.stringify(result)}`);
        return result;
      } catch (error) {
        if (!extra.signal.aborted) log(`→ error: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    });
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
      log(`← notifications/elicitation/complete: ${notification.params.elicitationId}`);
      queue.completeElicitation(notification.params.elicitationId, serverName);
    });

    const transport = new StreamableHTTPClientTransport(new URL("/mcp", window.location.href));
    client
      .connect(transport)
      .then(() => client.listTools())
      .then(({ tools }) => {
        if (!closed) setState({ status: "connected", client, tools });
      })
      .catch((error: unknown) => {
        if (!closed) setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      closed = true;
      void client.close();
    };
  }, [queue, serverName, log]);

  return state;
}
