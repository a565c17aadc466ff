// An MCP client for the official conformance suite: connects to the URL the suite appends, lists
// the server's tools, calls each, and answers every elicitation through the built package the way
// a host does — the queue, the outlet's dialog in a DOM (happy-dom), Submit pressed with nothing
// typed. Usage: node elicitationClient.mjs <v1|v2> <server URL>
import { GlobalRegistrator } from "@happy-dom/global-registrator";

// The MCP traffic goes through Node's own networking: the DOM's fetch would apply a page's CORS
// rules, and its AbortSignal or streams are not what Node's fetch accepts.
const network = ["fetch", "Request", "Response", "Headers", "AbortController", "AbortSignal", "URL", "URLSearchParams",
  "ReadableStream", "WritableStream", "TransformStream", "TextEncoder", "TextDecoder", "Blob", "FormData"];
const nodeGlobals = Object.fromEntries(network.map((name) => [name, globalThis[name]]));
GlobalRegistrator.register({ url: "http://localhost/" });
Object.assign(globalThis, nodeGlobals);
const nodeFetch = nodeGlobals.fetch;

const [wiring, serverUrl] = process.argv.slice(2);
if (!["v1", "v2"].includes(wiring) || !serverUrl) {
  console.error("usage: elicitationClient.mjs <v1|v2> <server URL>");
  process.exit(2);
}

const { createElement } = await import("react");
const { createRoot } = await import("react-dom/client");
const { act } = await import("react");
const { z } = await import("zod");
const { createElicitationQueue, ElicitationOutlet } = await import("react-mcp-elicitation");

globalThis.IS_REACT_ACT_ENVIRONMENT = false;
const queue = createElicitationQueue();
const container = document.body.appendChild(document.createElement("div"));
createRoot(container).render(createElement(ElicitationOutlet, { queue }));

/** Presses the open dialog's Submit until the request is answered (a fresh dialog may ignore early presses). */
async function pressSubmitUntilAnswered(answered) {
  let done = false;
  answered.finally(() => (done = true)).catch(() => {});
  for (let tries = 0; !done && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const submit = document.querySelector('dialog[open] button[type="submit"]');
    if (!done && submit) submit.click();
  }
}

/** The host's elicitation handler: every request through the queue. */
async function answer(params, signal) {
  const answered = queue.request({ serverName: "Conformance server", params, signal, timeoutMs: 20_000 });
  await pressSubmitUntilAnswered(answered);
  const result = await answered;
  console.log(`elicitation answered: ${JSON.stringify(result)}`);
  return result;
}

// Match elicitation/create by method: the SDKs' own request schemas drop keys they do not model.
const paramsAsSent = z.record(z.string(), z.unknown());
let client;
if (wiring === "v1") {
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  client = new Client({ name: "react-mcp-elicitation-conformance", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const ElicitRequestAsSent = z.object({ method: z.literal("elicitation/create"), params: paramsAsSent });
  client.setRequestHandler(ElicitRequestAsSent, (request, extra) => answer(request.params, extra.signal));
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { fetch: nodeFetch }));
} else {
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  // "auto": server/discover first, a 2026-07-28 server is spoken to in its era, a 2025 one falls back to initialize.
  client = new Client(
    { name: "react-mcp-elicitation-conformance", version: "1.0.0" },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
  );
  client.setRequestHandler("elicitation/create", { params: paramsAsSent }, (params, ctx) => answer(params, ctx.mcpReq.signal));
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { fetch: nodeFetch }));
}

// Every tool is called, in the server's order, even after one fails: the suite judges each.
let failures = 0;
const { tools } = await client.listTools();
for (const tool of tools) {
  try {
    const result = await queue.call("Conformance server", (options) =>
      wiring === "v1" ? client.callTool({ name: tool.name, arguments: {} }, undefined, options) : client.callTool({ name: tool.name, arguments: {} }, options),
    );
    console.log(`${tool.name}: ${JSON.stringify(result.content)}`);
  } catch (error) {
    failures++;
    console.log(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
await client.close();
await act(async () => {});
await GlobalRegistrator.unregister();
process.exit(failures === 0 ? 0 : 1);
