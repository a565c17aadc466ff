// HTTP side of the demo server, mounted into Vite's dev server so the page and the MCP endpoint
// share one origin (no CORS). Streamable HTTP with one session (and one McpServer) per client.
// With the MCP client on the server (the default), the demo's Node side holds a client per person
// and reaches the page through the relay; with it in the page, the page speaks MCP at /mcp.
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createElicitationRelay } from "../../src/server/index";
import { connectToTarget } from "./connectToTarget";
import { createDemoMcpServer } from "./createDemoMcpServer";
import { createMcpBridge } from "./createMcpBridge";
import { createServerClients } from "./createServerClients";
import { ensureDemoPerson, personFromCookie } from "./demoPerson";
import { FAVICON_SVG } from "./favicon";
import type { DemoRecorder } from "./DemoRecorder";
import type { DemoTarget } from "./DemoTarget";
import type { DemoClientSide } from "./parseDemoOptions";
import { routeMcpSessions } from "./routeMcpSessions";
import { serveServerClients } from "./serveServerClients";

export const MCP_PATH = "/mcp";
export const RECEIVED_PATH = "/demo-api/received";
export const LINK_PAGE_PATH = "/link-account.html";
/** Which server the page talks to: the host's own name for it, whether it is the built-in one, and where the MCP client runs. */
export const SERVER_PATH = "/demo-api/server";
export const BUILT_IN_SERVER_NAME = "Demo MCP server";

type Next = (error?: unknown) => void;

export interface DemoMiddlewareOptions {
  recorder: DemoRecorder;
  /** The server the person named; undefined for the built-in one. */
  target?: DemoTarget;
  client: DemoClientSide;
  log?: (line: string) => void;
}

export function createDemoMiddleware({ recorder, target, client, log = () => {} }: DemoMiddlewareOptions) {
  const server = { name: target?.label ?? BUILT_IN_SERVER_NAME, builtIn: !target, client };
  // In the page: the page's MCP session goes to the built-in server, or through the bridge.
  const bridge = client === "page" && target ? createMcpBridge(target, log) : undefined;
  // On the server: the relay and a client per person; the built-in server is reached over its own
  // Streamable HTTP endpoint, as a host's server reaches a remote MCP server.
  let ownOrigin = "";
  const relay =
    client === "server"
      ? createElicitationRelay({
          identify: (request) => personFromCookie(request.headers.get("cookie")),
          // As the page's queue in the other mode: five minutes on screen, and every scenario tried in a minute.
          timeoutMs: 5 * 60_000,
          rateLimit: { max: 30, windowMs: 60_000 },
          // The relay's audit trail (never an answer's content) in the terminal, beside the requests.
          onEvent: (event) => {
            if (event.type === "requested" || event.type === "answered" || event.type === "withdrawn" || event.type === "answer-refused") {
              log(`relay: ${event.type}${event.action ? ` (${event.action}${event.cause && event.cause !== "user" ? `, ${event.cause}` : ""})` : ""}${event.status ? ` ${event.status} ${event.error ?? ""}` : ""} — ${event.serverName ?? ""}`);
            }
          },
        })
      : undefined;
  const clients = relay
    ? createServerClients({
        relay,
        serverName: server.name,
        connect: () => (target ? connectToTarget(target) : new StreamableHTTPClientTransport(new URL(MCP_PATH, ownOrigin))),
        log,
      })
    : undefined;
  const serveClients = relay && clients ? serveServerClients(relay, clients) : undefined;
  const linkCompletions = new Map<string, () => Promise<void>>();

  // One McpServer per session.
  const handleMcp = routeMcpSessions(async (transport, req) => {
    const origin = `http://${req.headers.host ?? "127.0.0.1"}`;
    const server = createDemoMcpServer({ recorder, origin: () => origin, linkCompletions });
    // SDK v1 ignores notifications/cancelled for request id 0 (a falsy check); spend id 0 on a
    // ping so that withdrawing the session's first elicitation reaches the client.
    server.server.oninitialized = () => void server.server.ping().catch(() => undefined);
    await server.connect(transport);
    return () => {};
  });

  async function handleLinkPage(url: URL, res: ServerResponse): Promise<void> {
    const id = url.searchParams.get("elicitation") ?? "";
    const complete = linkCompletions.get(id);
    linkCompletions.delete(id);
    if (complete) await complete().catch(() => undefined);
    const text = complete ? "Account linked. You can close this window." : "This link has expired or was already used.";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>Example account</title><p>${text}</p></html>`,
    );
  }

  function demoMiddleware(req: IncomingMessage, res: ServerResponse, next: Next): void {
    const url = new URL(req.url ?? "/", "http://localhost");
    let work: Promise<void> | undefined;
    if (url.pathname === "/favicon.ico" || url.pathname === "/favicon.svg") {
      res.writeHead(200, { "content-type": "image/svg+xml", "cache-control": "max-age=86400" }).end(FAVICON_SVG);
      return;
    }
    ensureDemoPerson(req, res);
    ownOrigin ||= `http://127.0.0.1:${req.socket.localPort}`;
    if (serveClients && url.pathname.startsWith("/api/")) {
      work = serveClients(req, res, url.pathname).then((served) => {
        if (!served) next();
      });
    } else if (url.pathname === MCP_PATH && (bridge || !target)) work = bridge ? bridge.bridgeMcp(req, res) : handleMcp(req, res);
    else if (url.pathname === SERVER_PATH && req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(server));
      return;
    } else if (url.pathname === LINK_PAGE_PATH) work = handleLinkPage(url, res);
    else if (url.pathname === RECEIVED_PATH && req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(recorder.records));
      return;
    } else if (url.pathname === RECEIVED_PATH && req.method === "DELETE") {
      recorder.clear();
      res.writeHead(204).end();
      return;
    }
    if (!work) return next();
    work.catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? error.message : String(error));
    });
  }

  /** Stops what the middleware started: open requests (answered cancel), the clients, and the connections (and processes) of a bridged server. */
  const close = async () => {
    await relay?.close();
    await Promise.all([clients?.close(), bridge?.close()]);
  };
  return Object.assign(demoMiddleware, { close });
}
