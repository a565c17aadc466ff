// What the element tells its page about each request it draws: that it appeared, and that it left and why.
// It learns both from the outlet's own calls on the queue (it draws an entry → `show`; the person answers →
// `submit`; "Stop asking" → `cancelServer`), through a queue that passes every call on, and from the
// queue's snapshot (an entry that left). Nothing of an answer's content is kept or told.
import { ElicitationRequestClosed, type ElicitationClosedReason } from "../client/queue/ElicitationRequestClosed";
import type { ElicitationQueue, ElicitationQueueEntry } from "../client/types";

/** `mcp-elicitation-shown`'s detail: which request was drawn. */
export interface ElicitationOutletShownEvent {
  /** The queue entry's id. */
  id: string;
  /** The host's name for the server. */
  serverName: string;
  /** The `context` the host gave the request (a chat id, a tool call id), or undefined. */
  context: Readonly<Record<string, string>> | undefined;
}

/**
 * Why a drawn request left: the person's answer here ("accept", "decline", "cancel"), their "stop-asking",
 * or, without an answer here, "answered" (in another window), "withdrawn" (by its server or the host),
 * "timeout", "closed" (the relay or the queue shut down).
 */
export type ElicitationOutletCloseReason = "accept" | "decline" | "cancel" | "stop-asking" | ElicitationClosedReason;

/** `mcp-elicitation-closed`'s detail: which request left, and why (never what was answered). */
export interface ElicitationOutletClosedEvent extends ElicitationOutletShownEvent {
  reason: ElicitationOutletCloseReason;
}

export interface DrawnRequestWatcher {
  /** The queue to draw from: the page's own, with the outlet's calls seen on their way. */
  readonly queue: ElicitationQueue;
  /** Stops listening; what is drawn now is no longer followed. */
  stop(): void;
}

export function watchDrawnRequests(
  queue: ElicitationQueue,
  on: { shown(event: ElicitationOutletShownEvent): void; closed(event: ElicitationOutletClosedEvent): void },
): DrawnRequestWatcher {
  /** Entries drawn here and not yet left, with the person's answer once given. */
  const drawn = new Map<string, { entry: ElicitationQueueEntry; answer?: "accept" | "decline" | "cancel" | "stop-asking" }>();
  const describe = ({ id, serverName, context }: ElicitationQueueEntry): ElicitationOutletShownEvent => ({
    id,
    serverName,
    context: context === undefined ? undefined : { ...context },
  });

  const seen: ElicitationQueue = Object.assign(Object.create(queue) as ElicitationQueue, {
    show(id: string) {
      const shown = queue.show(id);
      const entry = queue.getSnapshot().entries.find((each) => each.id === id);
      if (entry !== undefined && !drawn.has(id)) {
        drawn.set(id, { entry });
        on.shown(describe(entry));
      }
      return shown;
    },
    submit(id: string, result: Parameters<ElicitationQueue["submit"]>[1], options?: Parameters<ElicitationQueue["submit"]>[2]) {
      const item = drawn.get(id);
      if (item !== undefined) item.answer = result.action;
      // What goes with the answer (a remember choice) goes on with it.
      return queue.submit(id, result, options);
    },
    cancelServer(serverName: string) {
      for (const item of drawn.values()) if (item.entry.serverName === serverName) item.answer = "stop-asking";
      return queue.cancelServer(serverName);
    },
  });

  const reasonOf = ({ entry, answer }: { entry: ElicitationQueueEntry; answer?: ElicitationOutletCloseReason }): ElicitationOutletCloseReason => {
    // The person's accept, decline or cancel leaves the signal alone; everything else aborts it.
    if (!entry.signal.aborted) return answer ?? "closed";
    const why: unknown = entry.signal.reason;
    if (why instanceof ElicitationRequestClosed) return why.reason;
    if (answer === "stop-asking") return answer;
    if (entry.deadline !== undefined && queue.now() >= entry.deadline) return "timeout";
    return "withdrawn";
  };

  const unsubscribe = queue.subscribe(() => {
    if (drawn.size === 0) return;
    const waiting = new Set(queue.getSnapshot().entries.map((entry) => entry.id));
    for (const [id, item] of drawn) {
      if (waiting.has(id)) continue;
      drawn.delete(id);
      on.closed({ ...describe(item.entry), reason: reasonOf(item) });
    }
  });

  return {
    queue: seen,
    stop() {
      unsubscribe();
      drawn.clear();
    },
  };
}
