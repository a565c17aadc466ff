import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitationCompleteNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ElicitationQueue } from "../../src/index";
import { ElicitRequestAsSent } from "../shared/ElicitRequestAsSent";
import { toolText, type ConnectionState } from "./DemoConnection";

/**
 * In-page mode: connects the page to the demo's MCP endpoint with the SDK's browser client and
 * wires elicitation to the queue — the few lines every web host with its client in the page needs.
 * Returns what stops it.
 */
export function connectInPage(queue: ElicitationQueue, serverName: string, log: (line: string) => void, onState: (state: ConnectionState) => void): () => void {
  let closed = false;
  const client = new Client({ name: "react-mcp-elicitation-demo-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
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

  // The server gets 60 s of its own; time the person spends on its questions does not count.
  const callTool = (name: string, args: Record<string, unknown>) =>
    queue.call(serverName, (options) => client.callTool({ name, arguments: args }, undefined, options)).then(toolText);

  const transport = new StreamableHTTPClientTransport(new URL("/mcp", window.location.href));
  client
    .connect(transport)
    .then(() => client.listTools())
    .then(({ tools }) => {
      if (!closed) onState({ status: "connected", tools, callTool, earlier: [] });
    })
    .catch((error: unknown) => {
      if (!closed) onState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    });
  return () => {
    closed = true;
    void client.close();
  };
}
