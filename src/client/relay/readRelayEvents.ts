// One open stream's body, read within the connection's limits: an event over `maxEventLength` is
// skipped, more than `maxEventsPerSecond` drops the stream, and silence past `idleTimeoutMs` (no event,
// no keep-alive) takes it for dead. Each event goes to `onEvent`; its `id:` and the stream's `retry:`
// are kept in `cursor` for the next connection.
import { createEventStreamParser } from "./createEventStreamParser";
import { ElicitationRelayError } from "./ElicitationRelayError";
import type { ConnectionContext } from "./readConnectionOptions";

/** Where the next connection resumes, and how long the stream asked to wait before it (`retry:`). */
export interface StreamCursor {
  lastEventId: string | undefined;
  retryMs: number | undefined;
}

/**
 * Reads until the body ends, breaks, floods, goes silent or `isStopped()`: "ready" when a `ready`
 * event came (`onEvent` returned true) and it was not flooded, "retry" otherwise, "end" when stopped.
 */
export async function readRelayEvents(
  context: ConnectionContext,
  body: ReadableStream<Uint8Array>,
  controller: AbortController,
  cursor: StreamCursor,
  onEvent: (name: string, data: string) => boolean,
  isStopped: () => boolean,
): Promise<"ready" | "retry" | "end"> {
  const { limits, report } = context;
  let gotReady = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let windowStart = Date.now();
  let eventsInWindow = 0;
  let flooded = false;
  const resetIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      report(new ElicitationRelayError("connection-lost", `The relay's stream was silent for ${limits.idleTimeoutMs} ms; it is opened again.`));
      controller.abort();
    }, limits.idleTimeoutMs);
  };
  const parser = createEventStreamParser({
    maxEventLength: limits.maxEventLength,
    onOversized: () => report(new ElicitationRelayError("event-too-large", `An event of the relay's stream is longer than ${limits.maxEventLength} characters: skipped.`)),
    onRetry: (ms) => (cursor.retryMs = Math.min(limits.reconnectMaxMs, Math.max(limits.reconnectFirstMs, ms))),
    onMessage: (message) => {
      if (flooded) return;
      const now = Date.now();
      if (now - windowStart >= 1_000) {
        windowStart = now;
        eventsInWindow = 0;
      }
      if (++eventsInWindow > limits.maxEventsPerSecond) {
        flooded = true;
        report(new ElicitationRelayError("too-many-events", `The relay's stream sent more than ${limits.maxEventsPerSecond} events in a second; it is opened again later.`));
        controller.abort();
        return;
      }
      if (message.id !== undefined) cursor.lastEventId = message.id;
      if (onEvent(message.event, message.data)) gotReady = true;
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  resetIdle();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || isStopped() || flooded) break;
      resetIdle();
      parser.push(decoder.decode(value, { stream: true }));
      if (isStopped() || flooded) break;
    }
  } catch (error) {
    if (!isStopped() && !controller.signal.aborted) report(new ElicitationRelayError("connection-lost", "The relay's stream broke off; it is opened again.", { cause: error }));
  } finally {
    clearTimeout(idle);
    void reader.cancel().catch(() => undefined);
  }
  if (isStopped()) return "end";
  return gotReady && !flooded ? "ready" : "retry";
}
