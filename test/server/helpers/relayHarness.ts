// Test parts for the relay: a real node:http server on 127.0.0.1 serving a relay through the
// package's adapter, and a "browser" made of Node's fetch that reads the event stream itself.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sendFetchResponse } from "../../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../../src/server/toFetchRequest";

export interface Served {
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** Serves `handle` at /api/elicitation on a free port of 127.0.0.1. */
export async function serve(handle: (request: Request) => Promise<Response>): Promise<Served> {
  const server: Server = createServer((req, res) => {
    void handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/api/elicitation`,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface EventReader {
  status: number;
  headers: Headers;
  /** Every event read so far, in order. */
  events: StreamEvent[];
  /** Comment lines read so far (keep-alives). */
  comments: string[];
  /** Waits for the first event (from index `from`) that `match` accepts. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number, from?: number): Promise<StreamEvent>;
  /** Resolves when the stream ends. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the event stream as `user` (the test's identify reads the `x-user` header) and parses it as it arrives. */
export async function openStream(url: string, user: string | undefined, headers: Record<string, string> = {}): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...(user === undefined ? {} : { "x-user": user }), ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let done = false;
  const ended = (async () => {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = "message";
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("data: ")) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, id, data: JSON.parse(data.join("\n")) });
          wake();
        }
      }
    } catch {
      /* aborted */
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 3_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found !== undefined) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended without the event; saw ${JSON.stringify(events.map((e) => e.event))}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such event within ${timeoutMs} ms; saw ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/** POSTs an answer as `user`; returns the status and the JSON body. */
export async function postAnswer(
  url: string,
  user: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(user === undefined ? {} : { "x-user": user }), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/** The test hosts' identify: the person named by the `x-user` header (a stand-in for a session cookie). */
export const identifyByHeader = (request: Request) => request.headers.get("x-user");

export const isRequest = (event: { event: string }) => event.event === "request";
export const requestId = (event: StreamEvent) => (event.data as { id: string }).id;

/** What relay.request's promise said, as the MCP side hears it: `outcome` stays undefined until it settles. */
export function told(promise: Promise<unknown>) {
  const heard: { outcome?: { result: unknown } | { error: unknown } } = {};
  promise.then(
    (result) => (heard.outcome = { result }),
    (error: unknown) => (heard.outcome = { error }),
  );
  return heard;
}
