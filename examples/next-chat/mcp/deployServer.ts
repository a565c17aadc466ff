// The example's MCP server: an ordinary MCP SDK (v1) server over Streamable HTTP on 127.0.0.1, with one
// tool, "deploy", that asks the person where and whether to deploy (elicitation/create) and returns
// what it got. It knows nothing of the chat app, the relay or the browser.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** People take their time; the SDK's 60 s default is meant for machines. */
const HUMAN_TIMEOUT_MS = 10 * 60_000;

function createDeployMcpServer(): McpServer {
  const server = new McpServer({ name: "deploy-server", version: "1.0.0" });
  server.registerTool(
    "deploy",
    { description: "Deploys a service after asking the person for the region.", inputSchema: { service: z.string() } },
    async ({ service }, extra) => {
      const result = await server.server.elicitInput(
        {
          message: `Where should "${service}" be deployed?`,
          requestedSchema: {
            type: "object",
            properties: {
              region: { type: "string", title: "Region", enum: ["eu-west-1", "us-east-1", "ap-southeast-2"] },
              confirm: { type: "boolean", title: "Deploy now", default: false },
              note: { type: "string", title: "Note for the team" },
            },
            required: ["region", "confirm"],
          },
        },
        // relatedRequestId sends the question on this tool call's own response stream, so the client
        // handles it inside the tool call (how the host ties the question to the call in its thread).
        { relatedRequestId: extra.requestId, signal: extra.signal, timeout: HUMAN_TIMEOUT_MS },
      );
      const text =
        result.action === "accept"
          ? `Deploy of ${service}: accepted ${JSON.stringify(result.content)}`
          : result.action === "decline"
            ? `Deploy of ${service}: the person declined.`
            : `Deploy of ${service}: the person cancelled.`;
      return { content: [{ type: "text", text }] };
    },
  );
  return server;
}

/** Starts the server on 127.0.0.1 (port 0: a free one) and returns its MCP endpoint. */
export async function startDeployServer(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  // One MCP server and transport per MCP session: elicitation needs the client's declared capabilities.
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    if (new URL(req.url ?? "/", "http://127.0.0.1").pathname !== "/mcp") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    } catch {
      return void res.writeHead(400).end();
    }
    let transport = sessions.get(String(req.headers["mcp-session-id"]));
    if (!transport && req.method === "POST" && isInitializeRequest(body)) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      created.onclose = () => void (created.sessionId && sessions.delete(created.sessionId));
      await createDeployMcpServer().connect(created);
      transport = created;
    }
    if (!transport) return void res.writeHead(404, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  const { port: bound } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: async () => {
      for (const transport of sessions.values()) await transport.close();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
