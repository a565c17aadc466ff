// One dialog at a time for any number of servers: requests wait in arrival order, each is answered
// exactly once (by the user, the timeout or "stop asking") or withdrawn by its server, never dropped.
// No React here: the outlet subscribes through `subscribe` / `getSnapshot`. This file composes the
// jobs around the waiting line, each in a file beside it (admission budget, snapshots, URL steps,
// delivery, options); URL-mode replays and the rate limit are core's, shared with the relay.
// The admission step (the request's preparation) is made by the caller's maker at the first request: the
// element's queue holds requests back until it has loaded that maker (its page loads no parser up front).
import type { ElicitationAdmission } from "../../core/request/createElicitationAdmission";
import type { ElicitationQueueError } from "../../core/request/ElicitationQueueError";
import type { ElicitationSchemaError } from "../../core/request/ElicitationSchemaError";
import { createEventReporter } from "../../core/shared/createEventReporter";
import { createUrlReplays } from "../../core/shared/createUrlReplays";
import { urlElicitationKey } from "../../core/shared/urlElicitationKey";
import type { ElicitParams, ElicitResult } from "../../core/types";
import { callAroundDialogs } from "./callAroundDialogs";
import { createAdmissionBudget } from "./createAdmissionBudget";
import { createAnswerDelivery } from "./createAnswerDelivery";
import { createSnapshotPublisher } from "./createSnapshotPublisher";
import { createUrlSteps } from "./createUrlSteps";
import { readQueueOptions } from "./readQueueOptions";
import { readRequestContext } from "../../core/relay/readRequestContext";
import { pageDraftPrefix } from "../../core/values/draftKeys";
import type {
  ElicitationAnswerOptions,
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationRememberedEntry,
} from "../types";

/** Lines of questions answered from remembered decisions kept for the thread; older ones go. */
const REMEMBERED_LINES = 50;

/** A request in the queue, with what the queue needs to answer it. */
interface Pending {
  entry: ElicitationQueueEntry;
  timeoutMs: number | undefined;
  resolve: (result: ElicitResult) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
  timer?: ReturnType<typeof setTimeout>;
  shown?: boolean;
  /** Aborts the entry's own signal: it left the queue without the person's answer. */
  leave: AbortController;
  deliver: ElicitationQueueRequest["deliver"];
  /** URL mode with an elicitationId: its key among replays. */
  replayKey: string | undefined;
}

/** What the queue's admission step is made from: its options as read, and whether it is closed. */
export interface QueueAdmissionSettings {
  options: ElicitationQueueOptions;
  rateLimit: ReturnType<typeof readQueueOptions>["rateLimit"];
  now: () => number;
  isClosed: () => boolean;
}

/** Makes the queue's admission step (createQueueAdmission). */
export type QueueAdmissionMaker = (settings: QueueAdmissionSettings) => ElicitationAdmission<ElicitationQueueError>;

export function assembleElicitationQueue(options: ElicitationQueueOptions, makeAdmission: QueueAdmissionMaker): ElicitationQueue {
  const { now, rateLimit, timeoutMs: queueTimeoutMs, urlStepTimeoutMs } = readQueueOptions(options);
  const emit = createEventReporter<ElicitationQueueEvent>(options.onEvent, now);
  // Insertion-ordered: the head is the first value, and removing any entry costs the same at any size.
  const pending = new Map<string, Pending>();
  let remembered: ElicitationRememberedEntry[] = [];
  let closed = false;
  const settings: QueueAdmissionSettings = { options, rateLimit, now, isClosed: () => closed };
  let admission: ElicitationAdmission<ElicitationQueueError> | undefined;
  const replays = createUrlReplays();
  const urlSteps = createUrlSteps({
    now,
    timeoutMs: urlStepTimeoutMs,
    onExpired: ({ serverName, elicitationId }) => {
      emit({ type: "expired", serverName, elicitationId });
      publish();
    },
  });
  const snapshots = createSnapshotPublisher<ElicitationQueueSnapshot>(() => {
    const entries: ElicitationQueueEntry[] = [];
    for (const item of pending.values()) entries.push(item.entry);
    return { current: entries[0], entries, urlSteps: urlSteps.list(), remembered };
  });
  const publish = snapshots.publish;
  const delivery = createAnswerDelivery<Pending>({
    waiting: (item) => pending.get(item.entry.id) === item,
    taken: (item, result) => finish(item, result, "user"),
    mark(item, state) {
      if (item.entry.delivery === state) return;
      const { delivery: _, ...rest } = item.entry;
      item.entry = state === undefined ? rest : { ...rest, delivery: state };
      publish();
    },
  });
  let nextId = 1;
  // Drafts of this queue's own requests are filed under keys no other queue or page load makes.
  const draftPrefix = pageDraftPrefix();

  /** Starts the head's turn: "shown" event and its timeout, once. */
  function showHead(): void {
    const head: Pending | undefined = pending.values().next().value;
    if (head) showItem(head);
  }

  /** Starts a request's turn (the head's, or one an outlet with a `filter` draws before its turn): once. */
  function showItem(head: Pending): void {
    if (head.shown) return;
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
    delivery.stop(item);
    return true;
  }

  function finish(item: Pending, result: ElicitResult, cause: "user" | "timeout" | "stop-asking"): boolean {
    if (!remove(item)) return false;
    const { entry } = item;
    const { request } = entry;
    // Not the person's answer: the dialog still on screen keeps what was typed (drafts) and closes.
    if (cause !== "user") item.leave.abort(new Error(cause === "timeout" ? "The request timed out." : "The host stopped asking."));
    if (request.mode === "url" && request.elicitationId !== undefined && result.action === "accept") {
      urlSteps.open({ elicitationId: request.elicitationId, serverName: entry.serverName, url: request.url, status: entry.completed ? "done" : "waiting" });
    }
    emit({ type: "answered", serverName: entry.serverName, id: entry.id, action: result.action, cause });
    item.resolve(result);
    if (item.replayKey !== undefined) replays.close(item.replayKey, result);
    showHead();
    publish();
    return true;
  }

  function refuse(serverName: string, error: ElicitationQueueError | ElicitationSchemaError): Promise<never> {
    emit({ type: "rejected", serverName, code: error.code });
    return Promise.reject(error);
  }

  function admit({ serverName, params, signal, timeoutMs, deliver, context: givenContext, draftKey, remember }: ElicitationQueueRequest): Promise<ElicitResult> {
    if (signal?.aborted) {
      emit({ type: "withdrawn", serverName });
      return Promise.reject(signal.reason);
    }
    const context = readRequestContext(givenContext);
    if (!context.ok) return Promise.reject(new TypeError(`queue.request: ${context.problem}.`));
    if (deliver !== undefined && typeof deliver !== "function") return Promise.reject(new TypeError("queue.request: deliver must be a function."));
    if (draftKey !== undefined && (typeof draftKey !== "string" || draftKey === "")) return Promise.reject(new TypeError("queue.request: draftKey must be a non-empty string."));
    const step = (admission ??= makeAdmission(settings));
    // The rate is per server. Prepared once, here: the entry carries this result, and the outlet hands it to the dialog as it is.
    const admitted = step.admit(serverName, serverName, params);
    if (!admitted.ok) return refuse(serverName, admitted.error);
    const { prepared } = admitted;
    if (admitted.answer !== undefined) {
      emit({ type: "answered", serverName, action: admitted.answer.action, cause: "sensitive" });
      return Promise.resolve(admitted.answer);
    }
    const { request } = prepared;
    const elicitationId = request.mode === "url" ? request.elicitationId : undefined;
    const replayKey = elicitationId === undefined ? undefined : urlElicitationKey(serverName, elicitationId);
    if (replayKey !== undefined) {
      // Already answered, or waiting: this arrival gets that answer and is not shown.
      const replayed = (result: ElicitResult) => {
        emit({ type: "answered", serverName, action: result.action, cause: "replay", elicitationId });
        return result;
      };
      const earlier = replays.answered(replayKey);
      if (earlier !== undefined) return Promise.resolve(replayed(earlier));
      let joined = false;
      const later = new Promise<ElicitResult>((resolve) => {
        joined = replays.join(replayKey, (result) => resolve(replayed(result)));
      });
      if (joined) return later;
    }
    step.count(serverName);

    return new Promise<ElicitResult>((resolve, reject) => {
      const leave = new AbortController();
      const id = `elicitation-${nextId++}`;
      const entry: ElicitationQueueEntry = {
        id,
        draftKey: draftKey ?? `${draftPrefix}${id}`,
        serverName,
        params: params as ElicitParams,
        request,
        prepared,
        receivedAt: now(),
        completed: false,
        signal: leave.signal,
        ...(context.context ? { context: context.context } : {}),
        // Offered on a form only, and only with somewhere to send the choice.
        ...(deliver !== undefined && request.mode === "form" && Array.isArray(remember) && remember.length > 0 ? { remember: [...remember] } : {}),
      };
      const item: Pending = {
        entry,
        timeoutMs: timeoutMs ?? queueTimeoutMs,
        resolve,
        reject,
        signal,
        leave,
        deliver,
        replayKey,
      };
      if (signal) {
        item.onAbort = () => {
          if (!remove(item)) return;
          item.leave.abort(signal.reason);
          emit({ type: "withdrawn", serverName, id: entry.id });
          reject(signal.reason);
          // Replays of a withdrawn request were withdrawn with it: they get Cancel.
          if (replayKey !== undefined) replays.close(replayKey, undefined);
          showHead();
          publish();
        };
        signal.addEventListener("abort", item.onAbort, { once: true });
      }
      pending.set(entry.id, item);
      if (replayKey !== undefined) replays.open(replayKey);
      emit({ type: "requested", serverName, id: entry.id });
      showHead();
      publish();
    });
  }

  function submit(id: string, result: ElicitResult, answerOptions?: ElicitationAnswerOptions): boolean | Promise<boolean> {
    const item = pending.get(id);
    if (!item) return false;
    if (!item.deliver) return finish(item, result, "user");
    // Only a scope the request offered, and only with an accept.
    const scope = answerOptions?.remember;
    const remember = result.action === "accept" && scope !== undefined && item.entry.remember?.includes(scope) ? { remember: scope } : undefined;
    return delivery.send(item, item.deliver, result, remember);
  }

  function addRemembered({ serverName, params, context: givenContext, rememberedAt, decision, forget }: Parameters<ElicitationQueue["addRemembered"]>[0]): boolean {
    const context = readRequestContext(givenContext);
    const prepared = (admission ??= makeAdmission(settings)).prepare(params);
    if (!context.ok || !prepared.ok || typeof forget !== "function" || !Number.isFinite(rememberedAt) || typeof decision !== "string") return false;
    const id = `elicitation-${nextId++}`;
    const line: ElicitationRememberedEntry = {
      id,
      draftKey: `${draftPrefix}${id}`,
      serverName,
      params: params as ElicitParams,
      request: prepared.request,
      prepared,
      receivedAt: now(),
      completed: false,
      signal: new AbortController().signal,
      ...(context.context ? { context: context.context } : {}),
      rememberedAt,
      decision,
      forgotten: false,
      async forget() {
        await forget();
        // Every line of that decision; replaced, as entries are, so the snapshot changes.
        remembered = remembered.map((other) => (other.decision === decision ? { ...other, forgotten: true } : other));
        publish();
      },
    };
    remembered = [...remembered.slice(-(REMEMBERED_LINES - 1)), line];
    publish();
    return true;
  }

  function respond(id: string, result: ElicitResult): boolean {
    const answered = submit(id, result);
    if (typeof answered === "boolean") return answered;
    // Through `deliver` like any answer; a refusal shows in the snapshot's state only.
    answered.catch(() => undefined);
    return true;
  }

  function cancelServer(serverName: string): number {
    const mine = [...pending.values()].filter((p) => p.entry.serverName === serverName).reverse();
    // Withdraw the waiting ones first so the queue does not briefly show the next one of them.
    for (const item of mine) finish(item, { action: "cancel" }, "stop-asking");
    return mine.length;
  }

  function completeElicitation(elicitationId: string, serverName?: string): boolean {
    let found = false;
    for (const item of pending.values()) {
      const { request } = item.entry;
      if (request.mode === "url" && request.elicitationId === elicitationId && (serverName === undefined || item.entry.serverName === serverName) && !item.entry.completed) {
        item.entry = { ...item.entry, completed: true };
        found = true;
        emit({ type: "completed", serverName: item.entry.serverName, id: item.entry.id, elicitationId });
      }
    }
    for (const step of urlSteps.complete(elicitationId, serverName)) {
      found = true;
      emit({ type: "completed", serverName: step.serverName, elicitationId });
    }
    if (found) publish();
    return found;
  }

  function close(): void {
    closed = true;
    for (const item of [...pending.values()].reverse()) finish(item, { action: "cancel" }, "stop-asking");
    urlSteps.close();
  }

  const queue: ElicitationQueue = {
    request: createAdmissionBudget(admit),
    respond,
    submit,
    addRemembered,
    show(id) {
      const item = pending.get(id);
      if (item === undefined) return false;
      if (!item.shown) {
        showItem(item);
        publish();
      }
      return true;
    },
    cancelServer,
    completeElicitation,
    dismissUrlStep: (elicitationId, serverName) => {
      if (urlSteps.dismiss(elicitationId, serverName)) publish();
    },
    close,
    now,
    subscribe: snapshots.subscribe,
    getSnapshot: snapshots.getSnapshot,
    call: (serverName, run, callOptions) => callAroundDialogs(queue, serverName, run, callOptions),
  };
  return queue;
}
