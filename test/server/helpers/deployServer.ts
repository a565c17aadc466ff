// An MCP server (SDK v1) whose "deploy" tool elicits where to deploy, served over Streamable HTTP on
// 127.0.0.1 at a free port: the far end of the relay tests that run the real SDK on both sides.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";

export const deployForm: ElicitRequestFormParams = {
  mode: "form",
  message: "Deploy where?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"] },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 5 },
    },
    required: ["environment"],
  },
};

type Cleanup = (() => Promise<unknown> | void)[];

/**
 * Serves an SDK v1 MCP server over Streamable HTTP on 127.0.0.1 at a free port, one `McpServer` per
 * session, its tools registered by `register`; `cleanup` receives what stops it. Returns its URL.
 */
export async function serveMcp(cleanup: Cleanup, name: string, register: (mcp: McpServer) => void): Promise<string> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const http: Server = createServer(async (req, res) => {
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? transports.get(sessionId) : undefined;
    if (transport === undefined) {
      const mcp = new McpServer({ name, version: "1.0.0" });
      register(mcp);
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
      });
      transport = created;
      await mcp.connect(created);
      cleanup.push(() => mcp.close());
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

/**
 * Starts the deploy server. `elicitTimeoutMs`: the server's own wait for an answer (it withdraws the
 * request then). `completions` counts the tool's finished calls.
 */
export function startDeployServer(cleanup: Cleanup, elicitTimeoutMs?: number, completions = { count: 0 }): Promise<string> {
  return serveMcp(cleanup, "deployer", (mcp) =>
    mcp.registerTool("deploy", { description: "Asks where to deploy" }, async () => {
      try {
        // SDK v1 ignores notifications/cancelled for request id 0 (a falsy check): the elicitation
        // a test withdraws must not be the server's first request, so id 0 goes to a ping.
        await mcp.server.ping();
        const result = await mcp.server.elicitInput(deployForm, elicitTimeoutMs === undefined ? undefined : { timeout: elicitTimeoutMs });
        completions.count++;
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      } catch (error) {
        return { content: [{ type: "text", text: `error: ${(error as Error).message}` }], isError: true };
      }
    }),
  );
}
