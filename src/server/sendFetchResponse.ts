import type { EventStream } from "./createEventStream";
import { PipedEventStreamResponse } from "./eventStreamResponse";

/** What `sendFetchResponse` uses of Node's `ServerResponse`. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  flushHeaders?(): void;
  write(chunk: Uint8Array | string): boolean;
  end(): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  off?(event: "drain" | "close", listener: () => void): unknown;
  readonly destroyed?: boolean;
  /** Bytes written and not yet taken by the socket. */
  readonly writableLength?: number;
  destroy?(): unknown;
}

/**
 * Writes a Fetch `Response` to a Node response, following the socket's back-pressure: while the
 * client does not read, nothing more is taken from the body, so a relay stream's own bound decides
 * when a stalled reader is dropped. A client that goes away cancels the body (the relay forgets
 * that stream). Resolves when the response has ended.
 */
export function sendFetchResponse(target: NodeResponseLike, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  target.writeHead(response.status, headers);
  // The relay's event stream, written straight to the socket: no Web Stream, no reader per stream.
  const stream = response instanceof PipedEventStreamResponse ? response.eventStream : undefined;
  if (stream !== undefined && target.writableLength !== undefined && target.destroy !== undefined) {
    return pipeEventStream(target as NodeResponseLike & { writableLength: number; destroy(): unknown }, stream);
  }
  if (response.body === null) {
    target.end();
    return Promise.resolve();
  }
  target.flushHeaders?.();
  // The body alone is kept while it is written, not the Response with its headers.
  return pump(target, response.body);
}

function pipeEventStream(target: NodeResponseLike & { writableLength: number; destroy(): unknown }, stream: EventStream): Promise<void> {
  target.flushHeaders?.();
  // Gone before its response went out: nothing will say so again.
  if (target.destroyed) {
    stream.cancel();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    target.once("close", () => {
      stream.cancel();
      resolve();
    });
    stream.pipe(target);
  });
}

async function pump(target: NodeResponseLike, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let gone = false;
  const onClose = () => {
    gone = true;
    reader.cancel().catch(() => undefined);
  };
  target.once("close", onClose);
  if (target.destroyed) onClose();
  try {
    while (!gone) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!target.write(value) && !gone) {
        await new Promise<void>((resolve) => {
          const resume = () => {
            target.off?.("drain", resume);
            target.off?.("close", resume);
            resolve();
          };
          target.once("drain", resume);
          target.once("close", resume);
        });
      }
    }
  } catch {
    // The body failed (a stream dropped for falling behind): end the response as it is.
  } finally {
    target.off?.("close", onClose);
    if (!target.destroyed) target.end();
  }
}
