// Streamable HTTP with one transport per MCP session, as real servers run it: a POST without a
// session id opens a session, later requests go to theirs, anything else is refused with a 404.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/**
 * Connects a new session's transport. Resolves to what to do when the session closes, or to `false`
 * when it could not be connected (the response has been written).
 */
export type OpenMcpSession = (
  transport: StreamableHTTPServerTransport,
  req: IncomingMessage,
  res: ServerResponse,
) => Promise<(() => void) | false>;

export function routeMcpSessions(open: OpenMcpSession) {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const sessionId = req.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId !== undefined || req.method !== "POST") {
        res.writeHead(404, { "content-type": "application/json" }).end(
          JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Unknown or missing session" }, id: null }),
        );
        return;
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      let closed: (() => void) | undefined;
      // Set before `open`: an McpServer connecting to the transport chains its own close handler after it.
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
        closed?.();
      };
      const opened = await open(created, req, res);
      if (opened === false) return;
      closed = opened;
      transport = created;
    }
    await transport.handleRequest(req, res);
  };
}
