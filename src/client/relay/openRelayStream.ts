// The relay's event stream, kept open: one GET at a time, opened again with backoff (doubling per
// failure, jittered, reset by a connection that got as far as `ready`) from where the last one
// stopped (`Last-Event-ID`). A status that says this page will not be served ends it for good.
import { RELAY_STATUS } from "../../core/relay/relayWire";
import { ElicitationRelayError } from "./ElicitationRelayError";
import type { ConnectionContext } from "./readConnectionOptions";
import { discardReply, originsOf, readRelayReply, retryAfterMs } from "./readRelayReply";
import { readRelayEvents, type StreamCursor } from "./readRelayEvents";

export interface RelayStream {
  /** Stops reading and opens no more connections. */
  close(): void;
}

/** Opens the stream at once; each event goes to `onEvent`, which returns true for `ready`. */
export function openRelayStream(context: ConnectionContext, onEvent: (name: string, data: string) => boolean): RelayStream {
  const { limits, report } = context;
  const cursor: StreamCursor = { lastEventId: undefined, retryMs: undefined };
  let stopped = false;
  let stream: AbortController | undefined;
  let wake: (() => void) | undefined;

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      const outcome = await readOnce();
      if (outcome === "end" || stopped) return;
      failures = outcome === "ready" ? 1 : failures + 1;
      const base = cursor.retryMs ?? limits.reconnectFirstMs;
      // A relay that says when to come back (503 with Retry-After: its store is out) is asked again
      // then, not later and later: the person's requests show within moments of the store's return.
      const waitFor = typeof outcome === "number" ? outcome : Math.min(limits.reconnectMaxMs, base * 2 ** (failures - 1));
      const wait = waitFor * (0.8 + Math.random() * 0.4);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      });
    }
  }

  /**
   * One connection: "ready" when it got as far as `ready` before it ended, "retry" when it failed
   * earlier, a number when the relay said how long to wait (ms), "end" when it must not be opened again.
   */
  async function readOnce(): Promise<"ready" | "retry" | "end" | number> {
    const controller = new AbortController();
    stream = controller;
    let response: Response;
    try {
      const accept = { Accept: "text/event-stream" };
      const headers = await context.headersFor(cursor.lastEventId === undefined ? accept : { ...accept, "Last-Event-ID": cursor.lastEventId });
      response = await context.send({ method: "GET", headers, signal: controller.signal });
    } catch (error) {
      if (stopped) return "end";
      report(new ElicitationRelayError("connection-lost", "The relay's event stream could not be opened.", { cause: error }));
      return "retry";
    }
    const { status } = response;
    if (status === RELAY_STATUS.unauthenticated) {
      discardReply(response);
      // Nobody is signed in: what the last person typed is not left for the next.
      context.drafts((store) => store.clear());
      report(new ElicitationRelayError("unauthenticated", `The relay answered ${status}: nobody is signed in. The stream stays closed.`, { status }));
      return "end";
    }
    if (status === RELAY_STATUS.forbidden || status === RELAY_STATUS.notAcceptable) {
      // A 403 `forbidden-origin` names the origins the relay saw and expected.
      const origins = originsOf(await readRelayReply(response));
      report(new ElicitationRelayError("forbidden", `The relay answered ${status} to this page's stream${origins}. It stays closed.`, { status }));
      return "end";
    }
    if (status !== RELAY_STATUS.ok) {
      discardReply(response);
      report(new ElicitationRelayError("connection-lost", `The relay answered ${status} to the event stream; it is opened again later.`, { status }));
      const retryAfter = retryAfterMs(response);
      return retryAfter === undefined ? "retry" : Math.min(limits.reconnectMaxMs, Math.max(limits.reconnectFirstMs, retryAfter));
    }
    const type = response.headers.get("content-type") ?? "";
    if (!/^text\/event-stream\s*(;|$)/i.test(type) || !response.body) {
      discardReply(response);
      report(new ElicitationRelayError("connection-lost", `The relay's stream is not text/event-stream ("${type.slice(0, 100)}"); it is opened again later.`, { status }));
      return "retry";
    }
    return readRelayEvents(context, response.body, controller, cursor, onEvent, () => stopped);
  }

  void run();
  return {
    close() {
      stopped = true;
      stream?.abort();
      wake?.();
    },
  };
}
