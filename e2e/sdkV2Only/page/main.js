// A host page whose MCP client runs in the page, on @modelcontextprotocol/client (v2) alone: SDK v1 is not
// installed where it is built. The queue is the library's; the test plays the person through `window`.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createElicitationQueue } from "react-mcp-elicitation/client";
import { elicitationsThroughQueue } from "react-mcp-elicitation/client/sdk/v2";

const queue = createElicitationQueue();
const client = new Client(
  { name: "v2-page", version: "1.0.0" },
  { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: "auto" } },
);
elicitationsThroughQueue(client, { queue, serverName: "Releases" });

const status = document.getElementById("status");
window.__queue = queue;
window.__call = (name) => queue.call("Releases", (options) => client.callTool({ name, arguments: {} }, options));
// The server to reach: "/mcp-2025" or "/mcp-2026" (the test serves one of each era).
const endpoint = new URLSearchParams(window.location.search).get("endpoint") ?? "/mcp";
client.connect(new StreamableHTTPClientTransport(new URL(endpoint, window.location.href))).then(
  () => (status.textContent = `connected: ${client.getProtocolEra()}`),
  (error) => (status.textContent = `failed: ${error.message}`),
);
