// TEMPORARY stand-in for react-mcp-elicitation/server while it is being built: the names of the
// real relay, a bare in-memory behaviour. Deleted once the real one is merged.
import type { IncomingMessage, ServerResponse } from "node:http";

type ElicitResult = { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> };
interface Open {
  owner: string;
  serverName: string;
  params: unknown;
  receivedAt: number;
  resolve(result: ElicitResult): void;
}

export function createElicitationRelay({ identify }: { identify: (request: Request) => string | null | undefined; timeoutMs?: number; rateLimit?: unknown }) {
  const open = new Map<string, Open>();
  const streams = new Map<string, Set<ReadableStreamDefaultController<string>>>();
  const send = (owner: string, event: string, data: unknown) => {
    for (const stream of streams.get(owner) ?? []) stream.enqueue(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    request({ owner, serverName, params, signal }: { owner: string; serverName: string; params: unknown; signal?: AbortSignal }) {
      return new Promise<ElicitResult>((resolve, reject) => {
        const id = crypto.randomUUID();
        open.set(id, { owner, serverName, params, receivedAt: Date.now(), resolve });
        send(owner, "request", { id, serverName, params, receivedAt: Date.now() });
        signal?.addEventListener("abort", () => {
          if (!open.delete(id)) return;
          send(owner, "closed", { id, reason: "withdrawn" });
          reject(signal.reason);
        });
      });
    },
    call<T>(_owner: string, _serverName: string, run: (options: { signal?: AbortSignal; timeout: number }) => T | PromiseLike<T>, options: { signal?: AbortSignal } = {}) {
      return Promise.resolve(run({ signal: options.signal, timeout: 2_147_483_647 }));
    },
    async handle(request: Request): Promise<Response> {
      const owner = identify(request);
      if (!owner) return Response.json({ error: "unauthenticated" }, { status: 401 });
      if (request.method === "GET") {
        let mine: ReadableStreamDefaultController<string>;
        const body = new ReadableStream<string>({
          start(controller) {
            mine = controller;
            if (!streams.has(owner)) streams.set(owner, new Set());
            streams.get(owner)!.add(controller);
            const ids: string[] = [];
            for (const [id, entry] of open) {
              if (entry.owner !== owner) continue;
              ids.push(id);
              controller.enqueue(`event: request\ndata: ${JSON.stringify({ id, serverName: entry.serverName, params: entry.params, receivedAt: entry.receivedAt })}\n\n`);
            }
            controller.enqueue(`event: ready\ndata: ${JSON.stringify({ open: ids })}\n\n`);
          },
          cancel() {
            streams.get(owner)?.delete(mine);
          },
        });
        return new Response(body.pipeThrough(new TextEncoderStream()), { headers: { "content-type": "text/event-stream", "cache-control": "no-store" } });
      }
      const { id, result } = (await request.json()) as { id: string; result: ElicitResult };
      const entry = open.get(id);
      if (!entry || entry.owner !== owner) return Response.json({ error: "not-found" }, { status: 404 });
      open.delete(id);
      entry.resolve(result);
      send(owner, "closed", { id, reason: "answered" });
      return Response.json({ ok: true });
    },
    async close() {
      for (const [id, entry] of open) {
        open.delete(id);
        entry.resolve({ action: "cancel" });
      }
      for (const set of streams.values()) for (const stream of set) stream.close();
    },
  };
}

export type ElicitationRelay = ReturnType<typeof createElicitationRelay>;

export function toFetchRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const hasBody = req.method === "POST";
  const body = hasBody ? (ReadableStream as unknown as { from(source: AsyncIterable<Uint8Array>): ReadableStream }).from(req) : null;
  return new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body, duplex: "half" } as RequestInit);
}

export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel());
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    res.write(value);
  }
  res.end();
}
