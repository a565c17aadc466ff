// A small relay that speaks the wire of docs/relay.md over real HTTP (Node's http, 127.0.0.1, a free
// port), for the browser side's tests. Kept in this one file so that it can be replaced by the real
// `createElicitationRelay` from "react-mcp-elicitation/server" once both sides are merged.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RelayFieldError } from "../../../src/core/relay/relayWire";

export interface WirePost {
  id: unknown;
  result: unknown;
  status: number;
}

type Reason = "answered" | "withdrawn" | "timeout" | "closed";

export interface WireServerOptions {
  /** Answer CORS preflights and allow any origin (the Chromium test page is served from another port). */
  cors?: boolean;
  /**
   * Decides a POST before the relay's own rules: "drop" destroys the connection without an answer
   * (a network failure; the answer is not taken), a number answers with that status and `body`.
   */
  onPost?: (body: { id: string; result: unknown }) => "drop" | { status: number; body: unknown } | undefined;
  /** The relay's content check: field errors refuse an accept with 400 invalid-content. */
  check?: (id: string, result: { action: string; content?: Record<string, unknown> }) => RelayFieldError[];
}

export interface WireServer {
  /** The relay's URL (GET and POST). */
  readonly url: string;
  /** Opens a request for the person: a `request` event on every stream. Returns its id. */
  request(request: { serverName: string; params: unknown; context?: Record<string, string> }): string;
  /** Closes a request without an answer from any window: a `closed` event on every stream. */
  close(id: string, reason: Reason): void;
  /** Closes it without a `closed` event, now or replayed (it closed while nobody was connected, and the relay kept no record). */
  forget(id: string): void;
  /** The store lost it (restarted empty): no stream lists it and answers get 404, until `restore`. */
  lose(id: string): void;
  /** Opens a lost request again, as its holder does once the store is back: a `request` event on every stream. */
  restore(id: string): void;
  /** Writes raw text to every open stream (malformed or oversized events). */
  sendRaw(text: string): void;
  /** Cuts every open stream, as a restart or a proxy would. */
  dropStreams(): void;
  /** Streams open now. */
  streamCount(): number;
  /** The Last-Event-ID header of every GET, in order (undefined when absent). */
  readonly lastEventIds: (string | undefined)[];
  /** Every POST, in order, with the status it got. */
  readonly posts: WirePost[];
  stop(): Promise<void>;
}

export async function startWireServer(options: WireServerOptions = {}): Promise<WireServer> {
  let position = 0;
  const open = new Map<string, { id: string; serverName: string; params: unknown; context?: Record<string, string>; receivedAt: number }>();
  const closed = new Map<string, Reason>();
  const lost = new Map<string, { id: string; serverName: string; params: unknown; context?: Record<string, string>; receivedAt: number }>();
  /** `closed` events by position, replayed to a stream that resumes after them. */
  const closedLog: { position: number; id: string; reason: Reason }[] = [];
  const streams = new Set<ServerResponse>();
  const lastEventIds: (string | undefined)[] = [];
  const posts: WirePost[] = [];
  let nextId = 1;

  const frame = (event: string, data: unknown, id = String(++position)) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const broadcast = (text: string) => {
    for (const stream of streams) stream.write(text);
  };
  const closeRequest = (id: string, reason: Reason, tell: boolean) => {
    if (!open.delete(id)) return;
    closed.set(id, reason);
    if (!tell) return;
    const at = ++position;
    closedLog.push({ position: at, id, reason });
    broadcast(frame("closed", { id, reason }, String(at)));
  };

  function cors(req: IncomingMessage, res: ServerResponse) {
    if (!options.cors) return;
    res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
    res.setHeader("Access-Control-Allow-Headers", "content-type, last-event-id, authorization");
    res.setHeader("Access-Control-Allow-Methods", "GET, POST");
  }

  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  function get(req: IncomingMessage, res: ServerResponse) {
    if (!String(req.headers.accept ?? "").includes("text/event-stream")) return json(res, 406, { error: "not-acceptable" });
    const lastId = req.headers["last-event-id"];
    lastEventIds.push(typeof lastId === "string" ? lastId : undefined);
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
    let text = "";
    for (const request of open.values()) text += frame("request", request);
    if (typeof lastId === "string" && /^\d+$/.test(lastId)) {
      for (const entry of closedLog) if (entry.position > Number(lastId)) text += frame("closed", { id: entry.id, reason: entry.reason }, String(entry.position));
    }
    text += frame("ready", { open: [...open.keys()] });
    res.write(text);
    streams.add(res);
    res.on("close", () => streams.delete(res));
  }

  async function post(req: IncomingMessage, res: ServerResponse) {
    const record = (status: number, id: unknown, result: unknown) => posts.push({ id, result, status });
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
      record(415, undefined, undefined);
      return json(res, 415, { error: "unsupported-media-type" });
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: { id?: unknown; result?: unknown };
    try {
      body = JSON.parse(raw);
    } catch {
      record(400, undefined, undefined);
      return json(res, 400, { error: "bad-request", message: "not JSON" });
    }
    const { id, result } = body;
    if (typeof id !== "string" || typeof result !== "object" || result === null) {
      record(400, id, result);
      return json(res, 400, { error: "bad-request", message: "not { id, result }" });
    }
    const decided = options.onPost?.({ id, result });
    if (decided === "drop") {
      record(0, id, result);
      return req.socket.destroy();
    }
    if (decided !== undefined) {
      record(decided.status, id, result);
      return json(res, decided.status, decided.body);
    }
    if (closed.has(id)) {
      record(409, id, result);
      return json(res, 409, { error: "already-closed", reason: closed.get(id) });
    }
    if (!open.has(id)) {
      record(404, id, result);
      return json(res, 404, { error: "not-found" });
    }
    const errors = options.check?.(id, result as { action: string }) ?? [];
    if (errors.length > 0) {
      record(400, id, result);
      return json(res, 400, { error: "invalid-content", errors });
    }
    record(200, id, result);
    // Every stream hears that it was answered before the answering window hears 200: the race a
    // real relay has, since it publishes and answers independently.
    closeRequest(id, "answered", true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    json(res, 200, { ok: true });
  }

  const server = createServer((req, res) => {
    cors(req, res);
    if (req.method === "OPTIONS" && options.cors) {
      res.writeHead(204);
      return res.end();
    }
    if (req.method === "GET") return get(req, res);
    if (req.method === "POST") return void post(req, res);
    res.writeHead(405, { Allow: "GET, POST" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/relay`,
    request(request) {
      const id = `req${String(nextId++).padStart(22, "0")}`;
      const entry = { id, ...request, receivedAt: Date.now() };
      open.set(id, entry);
      broadcast(frame("request", entry));
      return id;
    },
    close: (id, reason) => closeRequest(id, reason, true),
    forget: (id) => closeRequest(id, "closed", false),
    lose(id) {
      const entry = open.get(id);
      if (entry === undefined) return;
      open.delete(id);
      lost.set(id, entry);
    },
    restore(id) {
      const entry = lost.get(id);
      if (entry === undefined) return;
      lost.delete(id);
      open.set(id, entry);
      broadcast(frame("request", entry));
    },
    sendRaw: broadcast,
    dropStreams() {
      for (const stream of streams) stream.destroy();
      streams.clear();
    },
    streamCount: () => streams.size,
    lastEventIds,
    posts,
    async stop() {
      for (const stream of streams) stream.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
