import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { elicitationsThroughQueue } from "../../src/client/sdk/v1/index";
import type { ElicitationQueue } from "../../src/index";
import { toolText, type ConnectionState } from "./DemoConnection";
import { logElicitationTraffic } from "./logElicitationTraffic";

/**
 * In-page mode: connects the page to the demo's MCP endpoint with the SDK's browser client and
 * wires elicitation to the queue — the one call every web host with its client in the page needs.
 * Returns what stops it.
 */
export function connectInPage(queue: ElicitationQueue, serverName: string, log: (line: string) => void, onState: (state: ConnectionState) => void): () => void {
  let closed = false;
  const client = new Client({ name: "react-mcp-elicitation-demo-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
  elicitationsThroughQueue(client, { queue, serverName });

  // The server gets 60 s of its own; time the person spends on its questions does not count.
  const callTool = (name: string, args: Record<string, unknown>) =>
    queue.call(serverName, (options) => client.callTool({ name, arguments: args }, undefined, options)).then(toolText);

  const transport = new StreamableHTTPClientTransport(new URL("/mcp", window.location.href));
  client
    .connect(transport)
    .then(() => logElicitationTraffic(transport, log))
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
