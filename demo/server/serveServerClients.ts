// Server-client mode's routes on the demo's origin: the relay (GET event stream, POST answer) and a
// small JSON API for the page's tool list and tool calls. The page never speaks MCP itself.
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendFetchResponse, toFetchRequest, type ElicitationRelay } from "../../src/server/index";
import { DEMO_API } from "../shared/DemoToolCall";
import type { ServerClients } from "./createServerClients";
import { personFromCookie } from "./demoPerson";

/** Tool arguments are small; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 64 * 1024;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError("too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/** POST { name, arguments }: the finished call, once the tool has returned. */
async function callTool(clients: ServerClients, owner: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // JSON only: a form post or a text/plain fetch from another page cannot call tools.
  if (!req.headers["content-type"]?.startsWith("application/json")) return reply(res, 415, { error: "Send application/json." });
  let body: unknown;
  try {
    body = await readJson(req);
  } catch (error) {
    return reply(res, error instanceof RangeError ? 413 : 400, { error: "Send { name, arguments } as JSON." });
  }
  const { name, arguments: args = {} } = (body ?? {}) as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || typeof args !== "object" || args === null || Array.isArray(args)) {
    return reply(res, 400, { error: "Send { name: string, arguments?: object }." });
  }
  try {
    reply(res, 200, await clients.call(owner, name, args as Record<string, unknown>));
  } catch (error) {
    reply(res, 502, { error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Handles the request when it is one of server-client mode's routes; resolves to false otherwise.
 */
export function serveServerClients(relay: ElicitationRelay, clients: ServerClients) {
  return async function serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (pathname === DEMO_API.elicitation) {
      // The relay speaks Fetch; its Node adapter turns Vite's (Connect's) request and response into it.
      await sendFetchResponse(res, await relay.handle(toFetchRequest(req)));
      return true;
    }
    if (pathname !== DEMO_API.tools && pathname !== DEMO_API.call && !pathname.startsWith(`${DEMO_API.calls}/`)) return false;
    const owner = personFromCookie(req.headers.cookie);
    if (!owner) {
      reply(res, 401, { error: "No demo person cookie: reload the page." });
      return true;
    }
    if (pathname === DEMO_API.tools && req.method === "GET") {
      try {
        reply(res, 200, await clients.tools(owner));
      } catch (error) {
        reply(res, 502, { error: error instanceof Error ? error.message : String(error) });
      }
    } else if (pathname === DEMO_API.call && req.method === "POST") {
      await callTool(clients, owner, req, res);
    } else if (pathname.startsWith(`${DEMO_API.calls}/`) && req.method === "GET") {
      const call = await clients.finished(owner, decodeURIComponent(pathname.slice(DEMO_API.calls.length + 1)));
      if (call) reply(res, 200, call);
      else reply(res, 404, { error: "No such call." });
    } else {
      reply(res, 405, { error: `${req.method} is not served here.` });
    }
    return true;
  };
}
