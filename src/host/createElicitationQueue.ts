// One dialog at a time for any number of servers: requests wait in arrival order, each is answered
// exactly once (by the user, the timeout or "stop asking") or withdrawn by its server, never dropped.
// No React here: the outlet subscribes through `subscribe` / `getSnapshot`.
import { fileParserOf } from "../core/request/parseElicitationSchema";
import { prepareElicitationRequest } from "../core/request/prepareElicitationRequest";
import type { ElicitParams, ElicitResult } from "../core/types";
import type { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
import { quoteExcerpt } from "../core/shared/excerpt";
import { checkRateLimit, createRateLimiter } from "../core/shared/createRateLimiter";
import { ElicitationAnswerRefused } from "../dialog/ElicitationAnswerRefused";
import { callAroundDialogs } from "./callAroundDialogs";
import { readRequestContext } from "./readRequestContext";
import { ElicitationQueueError, REQUEST_REFUSED } from "../core/request/ElicitationQueueError";
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
/** An opened URL step with no word from its server is dropped after this long (default 10 minutes). */
const DEFAULT_URL_STEP_TIMEOUT_MS = 10 * 60_000;
/** Answered URL-mode elicitations remembered per queue, so a replayed request is answered, not shown again. */
const ANSWERED_IDS_KEPT = 1_000;
/** Main-thread time one run of code spends admitting requests, once it admitted ADMISSION_BATCH_MIN; the rest wait for the next task. */
const ADMISSION_BUDGET_MS = 8;
const ADMISSION_BATCH_MIN = 64;
/** Notifications sent at once in one tick; later changes in the same tick are sent as one, at its end. */
const EAGER_NOTIFICATIONS_PER_TICK = 20;
/** Waits between tries of an answer `deliver` failed to take: 1 s, doubling, at most 15 s, each ±20 %. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;

/** An answer on its way through `deliver`. */
interface Outgoing {
  /** What the next try sends: the person's answer, or Cancel given once sending failed. */
  result: ElicitResult;
  /** Tries that failed so far. */
  failures: number;
  /** Ends the wait before the next try (Cancel given, or the request left). */
  wake: (() => void) | undefined;
  promise: Promise<boolean>;
  settle: (taken: boolean) => void;
  refuse: (error: ElicitationAnswerRefused) => void;
}

interface Pending {
  entry: ElicitationQueueEntry;
  timeoutMs: number | undefined;
  resolve: (result: ElicitResult) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  shown: boolean;
  /** Aborts the entry's own signal: it left the queue without the person's answer. */
  leave: AbortController;
  /** Replays of the same URL-mode elicitation that arrived while it waited: they get its answer. */
  replays: ((result: ElicitResult) => void)[];
  deliver: ((result: ElicitResult) => Promise<void>) | undefined;
  outgoing: Outgoing | undefined;
}

/** Key of a URL-mode elicitation: its id is only unique per server. */
const idKey = (serverName: string, elicitationId: string) => `${serverName.length}:${serverName}${elicitationId}`;

export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  const now = options.now ?? (() => Date.now());
  const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  // Misconfiguration fails here, loudly, rather than as a queue that silently refuses everything.
  checkRateLimit(rateLimit, "createElicitationQueue");
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0 && Number.isFinite(options.timeoutMs))) {
    throw new RangeError("createElicitationQueue: timeoutMs must be a positive number of milliseconds.");
  }
  // `fileInputs: true` (or any other stand-in for the opt-in value) throws here, not per request.
  fileParserOf(options.fileInputs);
  const urlStepTimeoutMs = options.urlStepTimeoutMs ?? DEFAULT_URL_STEP_TIMEOUT_MS;
  if (!(urlStepTimeoutMs > 0)) {
    throw new RangeError("createElicitationQueue: urlStepTimeoutMs must be a positive number of milliseconds (Infinity keeps steps).");
  }
  // Insertion-ordered: the head is the first value, and removing any entry costs the same at any size.
  const pending = new Map<string, Pending>();
  // URL-mode elicitations waiting (by server and id), and the answers given to recent ones.
  const waitingIds = new Map<string, Pending>();
  const answeredIds = new Map<string, ElicitResult>();
  const admissions = createRateLimiter(rateLimit, now);
  const listeners = new Set<() => void>();
  let urlSteps: ElicitationUrlStep[] = [];
  const urlStepTimers = new Map<string, ReturnType<typeof setTimeout>>();
  let nextId = 1;
  let closed = false;
  let snapshot: ElicitationQueueSnapshot = { current: undefined, entries: [], urlSteps: [] };
  let stale = false;

  function emit(event: Omit<ElicitationQueueEvent, "time">): void {
    // The audit hook must never break the queue.
    try {
      options.onEvent?.({ ...event, time: now() });
    } catch {
      /* ignored on purpose */
    }
  }

  // A burst (5,000 requests in one tick) must not copy the queue and notify once per request: the
  // snapshot is rebuilt only when read, and after a few notifications in one tick the rest of that
  // tick's changes go out as one notification at its end.
  let sentThisTick = 0;
  let flushScheduled = false;
  function publish(): void {
    stale = true;
    if (sentThisTick < EAGER_NOTIFICATIONS_PER_TICK) {
      sentThisTick++;
      if (!flushScheduled) {
        flushScheduled = true;
        queueMicrotask(endTick);
      }
      notify();
    }
  }
  function endTick(): void {
    flushScheduled = false;
    const deferred = sentThisTick >= EAGER_NOTIFICATIONS_PER_TICK && stale;
    sentThisTick = 0;
    if (deferred) notify();
  }
  function notify(): void {
    for (const listener of [...listeners]) listener();
  }
  function getSnapshot(): ElicitationQueueSnapshot {
    if (stale) {
      stale = false;
      const entries: ElicitationQueueEntry[] = [];
      for (const item of pending.values()) entries.push(item.entry);
      snapshot = { current: entries[0], entries, urlSteps };
    }
    return snapshot;
  }

  function head(): Pending | undefined {
    return pending.values().next().value;
  }

  /** Starts the head's turn: "shown" event and its timeout, once. */
  function showHead(): void {
    const first = head();
    if (!first || first.shown) return;
    showItem(first);
  }

  function showItem(head: Pending): void {
    head.shown = true;
    emit({ type: "shown", serverName: head.entry.serverName, id: head.entry.id });
    if (head.timeoutMs !== undefined && head.timeoutMs > 0) {
      head.entry = { ...head.entry, deadline: now() + head.timeoutMs };
      head.timer = setTimeout(() => finish(head, { action: "cancel" }, "timeout"), head.timeoutMs);
    }
  }

  function remove(item: Pending): boolean {
    if (!pending.delete(item.entry.id)) return false;
    if (item.timer !== undefined) clearTimeout(item.timer);
    if (item.onAbort) item.signal?.removeEventListener("abort", item.onAbort);
    // An answer still on its way stops being tried; whoever waits on it learns it was not taken.
    item.outgoing?.wake?.();
    const { request } = item.entry;
    if (request.mode === "url" && request.elicitationId !== undefined) waitingIds.delete(idKey(item.entry.serverName, request.elicitationId));
    return true;
  }

  function finish(item: Pending, result: ElicitResult, cause: "user" | "timeout" | "stop-asking"): boolean {
    if (!remove(item)) return false;
    const { entry } = item;
    const { request } = entry;
    // Not the person's answer: the dialog still on screen keeps what was typed (drafts) and closes.
    if (cause !== "user") item.leave.abort(new Error(cause === "timeout" ? "The request timed out." : "The host stopped asking."));
    if (request.mode === "url" && request.elicitationId !== undefined) {
      rememberAnswer(idKey(entry.serverName, request.elicitationId), result);
      if (result.action === "accept") addUrlStep(request.elicitationId, entry.serverName, request.url, entry.completed ? "done" : "waiting");
    }
    emit({ type: "answered", serverName: entry.serverName, id: entry.id, action: result.action, cause });
    item.resolve(result);
    for (const replay of item.replays) replay(result);
    showHead();
    publish();
    return true;
  }

  function rememberAnswer(key: string, result: ElicitResult): void {
    answeredIds.delete(key);
    answeredIds.set(key, result);
    if (answeredIds.size > ANSWERED_IDS_KEPT) answeredIds.delete(answeredIds.keys().next().value as string);
  }

  function addUrlStep(elicitationId: string, serverName: string, url: string, status: ElicitationUrlStep["status"]): void {
    const same = (s: ElicitationUrlStep) => s.elicitationId === elicitationId && s.serverName === serverName;
    urlSteps = [...urlSteps.filter((s) => !same(s)), { elicitationId, serverName, url, status, openedAt: now() }];
    // Servers need not send notifications/elicitation/complete (server-everything never does): a
    // "waiting" line must not stay forever.
    const key = idKey(serverName, elicitationId);
    clearTimeout(urlStepTimers.get(key));
    if (Number.isFinite(urlStepTimeoutMs)) {
      urlStepTimers.set(
        key,
        setTimeout(() => {
          urlStepTimers.delete(key);
          const before = urlSteps.length;
          urlSteps = urlSteps.filter((s) => !same(s));
          if (urlSteps.length !== before) {
            emit({ type: "expired", serverName, elicitationId });
            publish();
          }
        }, urlStepTimeoutMs),
      );
    }
  }

  function refuse(serverName: string, error: ElicitationQueueError | ElicitationSchemaError): Promise<never> {
    emit({ type: "rejected", serverName, code: error.code });
    return Promise.reject(error);
  }

  // Admission (parsing and checking a request) costs tens of microseconds: 5,000 requests sent in
  // one task would hold the main thread for 100 ms and more. One run of code admits requests for
  // about ADMISSION_BUDGET_MS; the rest wait in arrival order and are admitted over the following
  // tasks, so the page draws frames in between. Small bursts are admitted at once, as before.
  const parked: { req: ElicitationQueueRequest; settle: (answer: Promise<ElicitResult>) => void }[] = [];
  let spentThisRun = 0;
  let admittedThisRun = 0;
  let runResetScheduled = false;
  let drainScheduled = false;

  function timed<T>(work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      spentThisRun += performance.now() - start;
      admittedThisRun++;
      if (!runResetScheduled) {
        runResetScheduled = true;
        // The budget is per run of synchronous code: requests arriving one message at a time never wait.
        queueMicrotask(() => {
          runResetScheduled = false;
          spentThisRun = 0;
          admittedThisRun = 0;
        });
      }
    }
  }

  /** A run has used its budget: it admitted many requests and took long doing so. */
  const overBudget = () => admittedThisRun >= ADMISSION_BATCH_MIN && spentThisRun >= ADMISSION_BUDGET_MS;

  function request(req: ElicitationQueueRequest): Promise<ElicitResult> {
    if (parked.length === 0 && !overBudget()) return timed(() => admit(req));
    return new Promise<ElicitResult>((resolve, reject) => {
      parked.push({ req, settle: (answer) => answer.then(resolve, reject) });
      scheduleDrain();
    });
  }

  function scheduleDrain(): void {
    if (drainScheduled) return;
    drainScheduled = true;
    // A new task, so the page can draw between batches.
    setTimeout(drain, 0);
  }

  function drain(): void {
    drainScheduled = false;
    let index = 0;
    while (index < parked.length && !overBudget()) {
      const { req, settle } = parked[index++]!;
      settle(timed(() => admit(req)));
    }
    parked.splice(0, index);
    if (parked.length > 0) scheduleDrain();
  }

  function admit({ serverName, params, signal, timeoutMs, deliver, context: givenContext }: ElicitationQueueRequest): Promise<ElicitResult> {
    if (signal?.aborted) {
      emit({ type: "withdrawn", serverName });
      return Promise.reject(signal.reason);
    }
    const context = readRequestContext(givenContext);
    if (!context.ok) return Promise.reject(new TypeError(`queue.request: ${context.problem}.`));
    if (deliver !== undefined && typeof deliver !== "function") return Promise.reject(new TypeError("queue.request: deliver must be a function."));
    if (closed) {
      return refuse(serverName, new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests."));
    }
    if (!admissions.allows(serverName)) {
      const limit = rateLimit as { max: number; windowMs: number };
      return refuse(
        serverName,
        new ElicitationQueueError(
          "rate-limited",
          REQUEST_REFUSED,
          `Too many elicitation requests from ${quoteExcerpt(serverName)}: at most ${limit.max} per ${limit.windowMs / 1000} s.`,
          { max: limit.max, windowMs: limit.windowMs },
        ),
      );
    }
    // Prepared once, here: the outlet hands this result down to the dialog, which does not prepare again.
    const parsed = prepareElicitationRequest(params, { limits: options.limits, sensitiveFields: options.sensitiveFields, fileInputs: options.fileInputs });
    if (!parsed.ok) return refuse(serverName, parsed.error);
    if (parsed.answer !== undefined) {
      emit({ type: "answered", serverName, action: parsed.answer.action, cause: "sensitive" });
      return Promise.resolve(parsed.answer);
    }
    // Transports replay requests (seen with SDK 1.32 after a -32042 error): an elicitation already
    // answered gets the same answer again, one still waiting gets the answer it will get; neither
    // is shown twice.
    const { request: parsedRequest } = parsed;
    if (parsedRequest.mode === "url" && parsedRequest.elicitationId !== undefined) {
      const key = idKey(serverName, parsedRequest.elicitationId);
      const earlier = answeredIds.get(key);
      if (earlier !== undefined) {
        emit({ type: "answered", serverName, action: earlier.action, cause: "replay", elicitationId: parsedRequest.elicitationId });
        return Promise.resolve(earlier);
      }
      const waitingItem = waitingIds.get(key);
      if (waitingItem !== undefined) {
        return new Promise<ElicitResult>((resolve) => {
          waitingItem.replays.push((result) => {
            emit({ type: "answered", serverName, action: result.action, cause: "replay", elicitationId: parsedRequest.elicitationId });
            resolve(result);
          });
        });
      }
    }
    admissions.record(serverName);

    return new Promise<ElicitResult>((resolve, reject) => {
      const leave = new AbortController();
      const entry: ElicitationQueueEntry = {
        id: `elicitation-${nextId++}`,
        serverName,
        params: params as ElicitParams,
        request: parsed.request,
        receivedAt: now(),
        completed: false,
        signal: leave.signal,
        ...(context.context ? { context: context.context } : {}),
      };
      const item: Pending = {
        leave,
        replays: [],
        deliver,
        outgoing: undefined,
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
          item.leave.abort(signal.reason);
          emit({ type: "withdrawn", serverName, id: entry.id });
          reject(signal.reason);
          // Replays of a withdrawn request were withdrawn with it.
          for (const replay of item.replays) replay({ action: "cancel" });
          showHead();
          publish();
        };
        signal.addEventListener("abort", item.onAbort, { once: true });
      }
      pending.set(entry.id, item);
      if (parsedRequest.mode === "url" && parsedRequest.elicitationId !== undefined) {
        waitingIds.set(idKey(serverName, parsedRequest.elicitationId), item);
      }
      emit({ type: "requested", serverName, id: entry.id });
      showHead();
      publish();
    });
  }

  function respond(id: string, result: ElicitResult): boolean {
    const item = pending.get(id);
    if (!item) return false;
    if (!item.deliver) return finish(item, result, "user");
    // Through `deliver` like any answer; a refusal shows in the snapshot's state only.
    void Promise.resolve(submit(id, result)).catch(() => undefined);
    return true;
  }

  function submit(id: string, result: ElicitResult): boolean | Promise<boolean> {
    const item = pending.get(id);
    if (!item) return false;
    if (!item.deliver) return finish(item, result, "user");
    const outgoing = item.outgoing;
    if (outgoing) {
      // Never two answers at once: only Cancel, once sending has failed, replaces what the next try sends.
      if (result.action === "cancel" && outgoing.failures > 0) {
        outgoing.result = result;
        outgoing.wake?.();
      }
      return outgoing.promise;
    }
    let settle!: (taken: boolean) => void;
    let refuse!: (error: ElicitationAnswerRefused) => void;
    const promise = new Promise<boolean>((resolve, reject) => {
      settle = resolve;
      refuse = reject;
    });
    item.outgoing = { result, failures: 0, wake: undefined, promise, settle, refuse };
    setDelivery(item, "sending");
    void send(item, item.outgoing);
    return promise;
  }

  function setDelivery(item: Pending, delivery: ElicitationQueueEntry["delivery"]): void {
    if (item.entry.delivery === delivery) return;
    const { delivery: _, ...rest } = item.entry;
    item.entry = delivery === undefined ? rest : { ...rest, delivery };
    publish();
  }

  /** Tries `deliver` until the answer is taken, refused, or the request leaves; one try at a time. */
  async function send(item: Pending, outgoing: Outgoing): Promise<void> {
    const here = () => pending.get(item.entry.id) === item;
    for (;;) {
      const result = outgoing.result;
      let failure: unknown;
      let taken = false;
      try {
        // Called in a later task of its own: a deliver that throws at once is a failed try, not a crash.
        await Promise.resolve().then(() => item.deliver!(result));
        taken = true;
      } catch (error) {
        failure = error;
      }
      if (!here()) return outgoing.settle(false);
      if (taken) {
        item.outgoing = undefined;
        outgoing.settle(true);
        finish(item, result, "user");
        return;
      }
      if (failure instanceof ElicitationAnswerRefused) {
        item.outgoing = undefined;
        setDelivery(item, undefined);
        return outgoing.refuse(failure);
      }
      outgoing.failures++;
      setDelivery(item, "retrying");
      await new Promise<void>((resolve) => {
        const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (outgoing.failures - 1)) * (0.8 + Math.random() * 0.4);
        const timer = setTimeout(done, wait);
        function done() {
          clearTimeout(timer);
          outgoing.wake = undefined;
          resolve();
        }
        outgoing.wake = done;
      });
      if (!here()) return outgoing.settle(false);
    }
  }

  function cancelServer(serverName: string): number {
    const mine = [...pending.values()].filter((p) => p.entry.serverName === serverName);
    // Withdraw the waiting ones first so the queue does not briefly show the next one of them.
    for (const item of mine.slice().reverse()) finish(item, { action: "cancel" }, "stop-asking");
    return mine.length;
  }

  function completeElicitation(elicitationId: string, serverName?: string): boolean {
    const matches = (s: { serverName: string }) => serverName === undefined || s.serverName === serverName;
    let found = false;
    for (const item of pending.values()) {
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

  function dismissUrlStep(elicitationId: string, serverName?: string): void {
    const matches = (s: ElicitationUrlStep) => s.elicitationId === elicitationId && (serverName === undefined || s.serverName === serverName);
    const gone = urlSteps.filter(matches);
    if (gone.length === 0) return;
    for (const step of gone) {
      const key = idKey(step.serverName, step.elicitationId);
      clearTimeout(urlStepTimers.get(key));
      urlStepTimers.delete(key);
    }
    urlSteps = urlSteps.filter((s) => !matches(s));
    publish();
  }

  function close(): void {
    closed = true;
    for (const item of [...pending.values()].reverse()) finish(item, { action: "cancel" }, "stop-asking");
    for (const timer of urlStepTimers.values()) clearTimeout(timer);
    urlStepTimers.clear();
  }

  const queue: ElicitationQueue = {
    request,
    respond,
    submit,
    cancelServer,
    completeElicitation,
    dismissUrlStep,
    close,
    now,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot,
    call: (serverName, run, callOptions) => callAroundDialogs(queue, serverName, run, callOptions),
  };
  return queue;
}
