/** What `sendFetchResponse` uses of Node's `ServerResponse`. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  flushHeaders?(): void;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: "drain" | "close", listener: () => void): unknown;
  off?(event: "drain" | "close", listener: () => void): unknown;
  readonly destroyed?: boolean;
}

/**
 * Writes a Fetch `Response` to a Node response, following the socket's back-pressure: while the
 * client does not read, nothing more is taken from the body, so a relay stream's own bound decides
 * when a stalled reader is dropped. A client that goes away cancels the body (the relay forgets
 * that stream). Resolves when the response has ended.
 */
export async function sendFetchResponse(target: NodeResponseLike, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  target.writeHead(response.status, headers);
  if (response.body === null) {
    target.end();
    return;
  }
  target.flushHeaders?.();
  const reader = response.body.getReader();
  let gone = false;
  const onClose = () => {
    gone = true;
    reader.cancel().catch(() => undefined);
  };
  target.once("close", onClose);
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
