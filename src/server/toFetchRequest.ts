// The relay speaks Fetch (Request/Response); Node's http server (and Express, Fastify's raw
// request) speaks IncomingMessage/ServerResponse. These shapes are the parts used, so the package
// needs no Node types and its main entry stays usable on edge runtimes.
import { FROM_NODE_ADAPTER } from "./eventStreamResponse";

/** What `toFetchRequest` reads of Node's `IncomingMessage`. */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** A TLS socket has `encrypted: true`. */
  socket?: object | null;
}

export interface ToFetchRequestOptions {
  /**
   * The origin the browser sees (`https://app.example.com`), when a proxy in front changes it; the
   * relay compares `Origin` headers with it. Default: `http(s)://` + the `Host` header.
   */
  origin?: string;
}

/** A Fetch `Request` for a Node request, its body streamed (not buffered): the relay bounds what it reads. */
export function toFetchRequest(request: NodeRequestLike, options: ToFetchRequestOptions = {}): Request {
  const protocol = (request.socket as { encrypted?: boolean } | null | undefined)?.encrypted ? "https" : "http";
  const host = request.headers.host;
  const origin = options.origin ?? `${protocol}://${typeof host === "string" && host !== "" ? host : "localhost"}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = (request.method ?? "GET").toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  const encoder = new TextEncoder();
  const chunks = hasBody ? request[Symbol.asyncIterator]() : undefined;
  const body =
    chunks === undefined
      ? null
      : new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await chunks.next();
            if (done) controller.close();
            else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
          },
          async cancel() {
            // Stops reading the socket: the rest of an oversized body is never taken in.
            await chunks.return?.();
          },
        });
  const made = new Request(new URL(request.url ?? "/", origin), { method, headers, body, duplex: "half" } as RequestInit);
  // The relay's event stream for it can then go straight into the Node response (sendFetchResponse).
  Object.defineProperty(made, FROM_NODE_ADAPTER, { value: true });
  return made;
}
