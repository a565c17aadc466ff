// With the MCP client in the page (--page-client), bridges the page to an MCP server the person
// named: a Streamable HTTP URL or a stdio command. The page speaks Streamable HTTP to the demo's own origin (no CORS, no way for a page to
// start processes); each page session gets its own connection to the named server, and JSON-RPC
// messages pass through unchanged both ways — elicitation requests included.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { connectToTarget } from "./connectToTarget";
import type { DemoTarget } from "./DemoTarget";
import { routeMcpSessions } from "./routeMcpSessions";

function describe(message: JSONRPCMessage): string | undefined {
  if ("method" in message && message.method === "elicitation/create") {
    const params = message.params as { mode?: string; message?: string } | undefined;
    return `elicitation/create (${params?.mode ?? "form"}): ${params?.message ?? ""}`;
  }
  return undefined;
}

export function createMcpBridge(target: DemoTarget, log: (line: string) => void) {
  // Every connection to the named server, so stopping the demo also stops the processes it started.
  const upstreams = new Set<Transport>();

  const bridgeMcp = routeMcpSessions(async (page, _req, res) => {
    const upstream = connectToTarget(target);
    upstreams.add(upstream);
    const fail = (error: unknown) => log(`bridge: ${error instanceof Error ? error.message : String(error)}`);
    page.onmessage = (message) => void upstream.send(message).catch(fail);
    upstream.onmessage = (message) => {
      const line = describe(message);
      if (line) log(`${target.label} → ${line}`);
      // The HTTP client transport sends the negotiated version on later requests once told it.
      const result = "result" in message ? (message.result as { protocolVersion?: unknown }) : undefined;
      if (typeof result?.protocolVersion === "string") upstream.setProtocolVersion?.(result.protocolVersion);
      void page.send(message).catch(fail);
    };
    upstream.onerror = fail;
    upstream.onclose = () => void page.close().catch(fail);
    try {
      await upstream.start();
    } catch (error) {
      upstreams.delete(upstream);
      res.writeHead(502, { "content-type": "application/json" }).end(
        JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: `Could not reach ${target.label}: ${String(error)}` }, id: null }),
      );
      return false;
    }
    await page.start();
    return () => {
      upstreams.delete(upstream);
      void upstream.close().catch(fail);
    };
  });

  return {
    bridgeMcp,
    close: () => Promise.all([...upstreams].map((upstream) => upstream.close().catch(() => undefined))).then(() => undefined),
  };
}
