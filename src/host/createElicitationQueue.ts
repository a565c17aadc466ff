// One dialog at a time for any number of servers: requests wait in arrival order, each is answered
// exactly once (by the user, the timeout or "stop asking") or withdrawn by its server, never dropped.
// No React here: the outlet subscribes through `subscribe` / `getSnapshot`.
import { prepareElicitationRequest } from "../core/prepareElicitationRequest";
import type { ElicitParams, ElicitResult } from "../core/types";
import { ElicitationQueueError, REQUEST_REFUSED } from "./ElicitationQueueError";
import type {
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationUrlStep,
} from "./types";

const DEFAULT_RATE_LIMIT = { max: 10, windowMs: 60_000 };

interface Pending {
  entry: ElicitationQueueEntry;
  timeoutMs: number | undefined;
  resolve: (result: ElicitResult) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  shown: boolean;
}

export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  const now = options.now ?? (() => Date.now());
  const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  // Misconfiguration fails here, loudly, rather than as a queue that silently refuses everything.
  if (rateLimit !== false && !(Number.isInteger(rateLimit.max) && rateLimit.max > 0 && rateLimit.windowMs > 0)) {
    throw new RangeError("createElicitationQueue: rateLimit needs a whole max > 0 and a windowMs > 0, or false.");
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0 && Number.isFinite(options.timeoutMs))) {
    throw new RangeError("createElicitationQueue: timeoutMs must be a positive number of milliseconds.");
  }
  const pending: Pending[] = [];
  const admitted = new Map<string, number[]>();
  const listeners = new Set<() => void>();
  let urlSteps: ElicitationUrlStep[] = [];
  let nextId = 1;
  let closed = false;
  let snapshot: ElicitationQueueSnapshot = { current: undefined, entries: [], urlSteps: [] };

  function emit(event: Omit<ElicitationQueueEvent, "time">): void {
    // The audit hook must never break the queue.
    try {
      options.onEvent?.({ ...event, time: now() });
    } catch {
      /* ignored on purpose */
    }
  }

  function publish(): void {
    const entries = pending.map((p) => p.entry);
    snapshot = { current: entries[0], entries, urlSteps };
    for (const listener of [...listeners]) listener();
  }

  /** Starts the head's turn: "shown" event and its timeout, once. */
  function showHead(): void {
    const head = pending[0];
    if (!head || head.shown) return;
    head.shown = true;
    emit({ type: "shown", serverName: head.entry.serverName, id: head.entry.id });
    if (head.timeoutMs !== undefined && head.timeoutMs > 0) {
      head.entry = { ...head.entry, deadline: now() + head.timeoutMs };
      head.timer = setTimeout(() => finish(head, { action: "cancel" }, "timeout"), head.timeoutMs);
    }
  }

  function remove(item: Pending): boolean {
    const index = pending.indexOf(item);
    if (index < 0) return false;
    pending.splice(index, 1);
    if (item.timer !== undefined) clearTimeout(item.timer);
    if (item.onAbort) item.signal?.removeEventListener("abort", item.onAbort);
    return true;
  }

  function finish(item: Pending, result: ElicitResult, cause: "user" | "timeout" | "stop-asking"): boolean {
    if (!remove(item)) return false;
    const { entry } = item;
    const { request } = entry;
    if (request.mode === "url" && request.elicitationId !== undefined && result.action === "accept") {
      const elicitationId = request.elicitationId;
      urlSteps = [
        ...urlSteps.filter((s) => !(s.elicitationId === elicitationId && s.serverName === entry.serverName)),
        { elicitationId, serverName: entry.serverName, url: request.url, status: entry.completed ? "done" : "waiting" },
      ];
    }
    emit({ type: "answered", serverName: entry.serverName, id: entry.id, action: result.action, cause });
    item.resolve(result);
    showHead();
    publish();
    return true;
  }

  function withinRateLimit(serverName: string): boolean {
    if (rateLimit === false) return true;
    const since = now() - rateLimit.windowMs;
    const times = (admitted.get(serverName) ?? []).filter((t) => t > since);
    admitted.set(serverName, times);
    return times.length < rateLimit.max;
  }

  /** Admits a request in arrival order: prepared at once (no engine to wait for), checked, queued. */
  function request(req: ElicitationQueueRequest): Promise<ElicitResult> {
    return admit(req);
  }

  function admit({ serverName, params, signal, timeoutMs }: ElicitationQueueRequest): Promise<ElicitResult> {
    if (signal?.aborted) {
      emit({ type: "withdrawn", serverName });
      return Promise.reject(signal.reason);
    }
    if (closed) {
      const error = new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests.");
      emit({ type: "rejected", serverName, code: error.code });
      return Promise.reject(error);
    }
    if (!withinRateLimit(serverName)) {
      const limit = rateLimit as { max: number; windowMs: number };
      const error = new ElicitationQueueError(
        "rate-limited",
        REQUEST_REFUSED,
        `Too many elicitation requests from "${serverName}": at most ${limit.max} per ${limit.windowMs / 1000} s.`,
        { max: limit.max, windowMs: limit.windowMs },
      );
      emit({ type: "rejected", serverName, code: error.code });
      return Promise.reject(error);
    }
    // The same prepared result the outlet's dialog draws from (prepareElicitationRequest keeps it per params).
    const parsed = prepareElicitationRequest(params, { limits: options.limits, sensitiveFields: options.sensitiveFields });
    if (!parsed.ok) {
      emit({ type: "rejected", serverName, code: parsed.error.code });
      return Promise.reject(parsed.error);
    }
    if (parsed.answer !== undefined) {
      emit({ type: "answered", serverName, action: parsed.answer.action, cause: "sensitive" });
      return Promise.resolve(parsed.answer);
    }
    admitted.set(serverName, [...(admitted.get(serverName) ?? []), now()]);

    return new Promise<ElicitResult>((resolve, reject) => {
      const entry: ElicitationQueueEntry = {
        id: `elicitation-${nextId++}`,
        serverName,
        params: params as ElicitParams,
        request: parsed.request,
        receivedAt: now(),
        completed: false,
      };
      const item: Pending = {
        entry,
        timeoutMs: timeoutMs ?? options.timeoutMs,
        resolve,
        reject,
        signal,
        onAbort: undefined,
        timer: undefined,
        shown: false,
      };
      if (signal) {
        item.onAbort = () => {
          if (!remove(item)) return;
          emit({ type: "withdrawn", serverName, id: entry.id });
          reject(signal.reason);
          showHead();
          publish();
        };
        signal.addEventListener("abort", item.onAbort, { once: true });
      }
      pending.push(item);
      emit({ type: "requested", serverName, id: entry.id });
      showHead();
      publish();
    });
  }

  function respond(id: string, result: ElicitResult): boolean {
    const item = pending.find((p) => p.entry.id === id);
    return item ? finish(item, result, "user") : false;
  }

  function cancelServer(serverName: string): number {
    const mine = pending.filter((p) => p.entry.serverName === serverName);
    // Withdraw the waiting ones first so the queue does not briefly show the next one of them.
    for (const item of mine.slice().reverse()) finish(item, { action: "cancel" }, "stop-asking");
    return mine.length;
  }

  function completeElicitation(elicitationId: string, serverName?: string): boolean {
    const matches = (s: { serverName: string }) => serverName === undefined || s.serverName === serverName;
    let found = false;
    for (const item of pending) {
      const { request } = item.entry;
      if (request.mode === "url" && request.elicitationId === elicitationId && matches(item.entry) && !item.entry.completed) {
        item.entry = { ...item.entry, completed: true };
        found = true;
        emit({ type: "completed", serverName: item.entry.serverName, id: item.entry.id, elicitationId });
      }
    }
    urlSteps = urlSteps.map((step) => {
      if (step.elicitationId !== elicitationId || !matches(step) || step.status === "done") return step;
      found = true;
      emit({ type: "completed", serverName: step.serverName, elicitationId });
      return { ...step, status: "done" };
    });
    if (found) publish();
    return found;
  }

  function dismissUrlStep(elicitationId: string): void {
    const before = urlSteps.length;
    urlSteps = urlSteps.filter((s) => s.elicitationId !== elicitationId);
    if (urlSteps.length !== before) publish();
  }

  function close(): void {
    closed = true;
    for (const item of pending.slice().reverse()) finish(item, { action: "cancel" }, "stop-asking");
  }

  return {
    request,
    respond,
    cancelServer,
    completeElicitation,
    dismissUrlStep,
    close,
    now,
    limits: options.limits,
    sensitiveFields: options.sensitiveFields,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
