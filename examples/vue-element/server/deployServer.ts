// The example's MCP server: an ordinary MCP SDK (v1) server over Streamable HTTP on 127.0.0.1 whose
// "deploy" tool asks the person where to deploy (elicitation/create) and returns what it got. It knows
// nothing of the page, the relay or the browser.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

function deployMcpServer(): McpServer {
  const server = new McpServer({ name: "deploy-server", version: "1.0.0" });
  server.registerTool("deploy", { description: "Deploys a service after asking the person where.", inputSchema: { service: z.string() } }, async ({ service }, extra) => {
    const result = await server.server.elicitInput(
      {
        message: `Where should "${service}" be deployed?`,
        requestedSchema: {
          type: "object",
          properties: {
            region: { type: "string", title: "Region", enum: ["eu-west-1", "us-east-1", "ap-southeast-2"] },
            note: { type: "string", title: "Note for the team" },
          },
          required: ["region"],
        },
      },
      // On the tool call's own stream; a person takes minutes.
      { relatedRequestId: extra.requestId, signal: extra.signal, timeout: 10 * 60_000 },
    );
    const text =
      result.action === "accept"
        ? `Deploy of ${service}: accepted ${JSON.stringify(result.content)}`
        : `Deploy of ${service}: the person ${result.action === "decline" ? "declined" : "cancelled"}.`;
    return { content: [{ type: "text", text }] };
  });
  return server;
}

/** Starts the server on 127.0.0.1 at a free port; returns its MCP endpoint and a way to stop it. */
export async function startDeployServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer(async (req, res) => {
    let transport = sessions.get(String(req.headers["mcp-session-id"]));
    if (!transport) {
      const created = new StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID, onsessioninitialized: (id) => void sessions.set(id, created) });
      created.onclose = () => void (created.sessionId && sessions.delete(created.sessionId));
      await deployMcpServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const close = async () => {
    await Promise.all([...sessions.values()].map((transport) => transport.close()));
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  };
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, close };
}
