// The relay's server side: carries each elicitation request an MCP client on this server receives to
// the person's browser (an event stream) and the answer back (a POST), with the in-page queue's
// guarantees — prepared once, refused with the queue's errors, rate-limited, answered exactly once,
// timed out, withdrawn — across windows and, with a shared store, across instances.
import { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED } from "../core/request/ElicitationQueueError";
import { fileParserOf } from "../core/request/parseElicitationSchema";
import { createRelayContentCheck } from "../core/relay/createRelayContentCheck";
import { parseRelayAnswer } from "../core/relay/parseRelayAnswer";
import { relayBodyLimit } from "../core/relay/relayBodyLimit";
import { RELAY_EVENT, type RelayCompletedEventData, type RelayPostReply, type RelayRequestEventData } from "../core/relay/relayWire";
import { callPausingWhileAsking } from "../core/shared/callPausingWhileAsking";
import { rateLimitedError } from "../core/request/rateLimitedError";
import { createEventReporter } from "../core/shared/createEventReporter";
import { checkRateLimit, createRateLimiter } from "../core/shared/createRateLimiter";
import { createUrlReplays } from "../core/shared/createUrlReplays";
import { urlElicitationKey } from "../core/shared/urlElicitationKey";
import { quoteExcerpt } from "../core/shared/excerpt";
import { isRecord } from "../core/shared/ownProperty";
import type { ElicitParams, ElicitResult, ParsedElicitationRequest } from "../core/types";
import type { EventStream, EventStreamEnd } from "./createEventStream";
import { createEventStreams } from "./createEventStreams";
import { eventStreamResponse } from "./eventStreamResponse";
import { createMemoryRelayStore } from "./createMemoryRelayStore";
import { createPreparedRequests } from "./createPreparedRequests";
import type { RelayCompletion, RelayRecord, RelayRound, RelaySettlement, RelayStoreEvent } from "./ElicitationRelayStore";
import { isAllowedOrigin } from "./isAllowedOrigin";
import { createRelayIds } from "./createRelayIds";
import { readBoundedBody } from "./readBoundedBody";
import type { ElicitationRelay, ElicitationRelayEvent, ElicitationRelayOptions, ElicitationRelayPark, ElicitationRelayRequest } from "./types";

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_RATE_LIMIT = { max: 10, windowMs: 60_000 };
const DEFAULT_ANSWER_RATE_LIMIT = { max: 30, windowMs: 10_000 };
const DEFAULT_MAX_OPEN = 50;
const DEFAULT_MAX_STREAMS = 8;
const DEFAULT_STREAM_BUFFER = 1024 * 1024;
const DEFAULT_KEEP_ALIVE_MS = 15_000;
const DEFAULT_ROUND_SWEEP_MS = 5_000;
const MAX_CONTEXT_ENTRIES = 16;
const MAX_CONTEXT_KEY = 64;
const MAX_CONTEXT_VALUE = 1024;
/** Longest `elicitationId` a completion is looked up by (the browser reads no longer one). */
const MAX_ELICITATION_ID = 256;

interface Held {
  record: RelayRecord;
  resolve: (result: ElicitResult) => void;
  reject: (reason: unknown) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  shown: boolean;
  leaving: boolean;
}

interface Connection {
  stream: EventStream;
  /** Live events that arrived before the snapshot was sent. */
  waiting: RelayStoreEvent[] | undefined;
  position: number;
}

interface Watched {
  connections: Set<Connection>;
  unsubscribe: Promise<() => void>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function reply(status: number, body: RelayPostReply | { error: string }, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

const positiveMs = (value: number | undefined) => value !== undefined && value > 0 && Number.isFinite(value);

export function createElicitationRelay(options: ElicitationRelayOptions): ElicitationRelay {
  if (typeof options?.identify !== "function") throw new TypeError("createElicitationRelay: identify(request) is required.");
  const now = options.now ?? (() => Date.now());
  const store = options.store ?? createMemoryRelayStore({ now });
  const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  const answerRateLimit = options.answerRateLimit === undefined ? DEFAULT_ANSWER_RATE_LIMIT : options.answerRateLimit;
  checkRateLimit(rateLimit, "createElicitationRelay");
  checkRateLimit(answerRateLimit, "createElicitationRelay (answerRateLimit)");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!positiveMs(timeoutMs)) throw new RangeError("createElicitationRelay: timeoutMs must be a positive number of milliseconds.");
  fileParserOf(options.fileInputs);
  const maxOpen = options.maxOpenPerPerson ?? DEFAULT_MAX_OPEN;
  const maxStreams = options.maxStreamsPerPerson ?? DEFAULT_MAX_STREAMS;
  const maxStreamBuffer = options.maxStreamBufferBytes ?? DEFAULT_STREAM_BUFFER;
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const maxBodyBytes = options.maxBodyBytes ?? relayBodyLimit(options.limits, options.fileInputs);
  for (const [name, value] of Object.entries({ maxOpenPerPerson: maxOpen, maxStreamsPerPerson: maxStreams, maxStreamBufferBytes: maxStreamBuffer, maxBodyBytes })) {
    if (!(Number.isInteger(value) && value > 0)) throw new RangeError(`createElicitationRelay: ${name} must be a whole number > 0.`);
  }
  if (!positiveMs(keepAliveMs)) throw new RangeError("createElicitationRelay: keepAliveMs must be a positive number of milliseconds.");
  const roundSweepMs = options.roundSweepMs ?? DEFAULT_ROUND_SWEEP_MS;
  if (!positiveMs(roundSweepMs)) throw new RangeError("createElicitationRelay: roundSweepMs must be a positive number of milliseconds.");
  if (options.onResume !== undefined && typeof options.onResume !== "function") throw new TypeError("createElicitationRelay: onResume must be a function.");
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  // Every stream of this relay: one keep-alive timer for all.
  const eventStreams = createEventStreams({ maxBufferedBytes: maxStreamBuffer, keepAliveMs });
  const prepare = createPreparedRequests({ limits: options.limits, sensitiveFields: options.sensitiveFields, fileInputs: options.fileInputs });
  const checkContent = createRelayContentCheck();

  const newRelayId = createRelayIds();
  /** This instance, as the holder of the requests its MCP clients receive. */
  const instance = newRelayId();
  const held = new Map<string, Held>();
  const watched = new Map<string, Watched>();
  const askingListeners = new Set<() => void>();
  const requests = createRateLimiter(rateLimit, now);
  const answers = createRateLimiter(answerRateLimit, now);
  // URL-mode elicitations (by person, server and elicitationId) open, and the answers of recent ones.
  const replays = createUrlReplays();
  let attached: Promise<() => Promise<void>> | undefined;
  let closed = false;
  // Parked rounds past their deadline are resumed by whichever instance's sweep takes them first.
  let sweeping = false;
  const roundSweep =
    options.onResume === undefined
      ? undefined
      : setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          void store
            .expireRounds(now())
            .then(async (due) => {
              for (const round of due) await resume(round, "timeout");
            })
            .catch(() => undefined)
            .finally(() => {
              sweeping = false;
            });
        }, roundSweepMs);
  (roundSweep as { unref?: () => void } | undefined)?.unref?.();

  const emit = createEventReporter<ElicitationRelayEvent>(options.onEvent, now);

  const notifyAsking = () => {
    for (const listener of [...askingListeners]) listener();
  };

  /** The request leaves this instance with `settlement`, once: the MCP client's promise settles here. */
  function finish(id: string, settlement: RelaySettlement): void {
    const item = held.get(id);
    if (item === undefined) return;
    held.delete(id);
    if (item.timer !== undefined) clearTimeout(item.timer);
    if (item.onAbort) item.signal?.removeEventListener("abort", item.onAbort);
    const { owner, serverName } = item.record;
    if (settlement.reason === "withdrawn") {
      emit({ type: "withdrawn", owner, serverName, id });
      item.reject(item.signal?.reason ?? new Error("The request was withdrawn."));
    } else {
      const result: ElicitResult = settlement.reason === "answered" ? settlement.result : { action: "cancel" };
      const cause = settlement.reason === "answered" ? "user" : settlement.reason;
      emit({ type: "answered", owner, serverName, id, action: result.action, cause });
      item.resolve(result);
    }
    notifyAsking();
  }

  /** This instance closes a request itself (timeout, withdrawal, shutdown); an answer that won first is what the MCP client gets. */
  async function leave(id: string, reason: Exclude<RelaySettlement["reason"], "answered">): Promise<void> {
    const item = held.get(id);
    if (item === undefined || item.leaving) return;
    item.leaving = true;
    try {
      const outcome = await store.settle(id, { reason });
      if (outcome.status === "already-closed" && outcome.settlement !== undefined) finish(id, outcome.settlement);
      else finish(id, { reason });
    } catch {
      // The store cannot be reached: the MCP client is still answered, never left hanging.
      finish(id, { reason });
    }
  }

  function attach(): Promise<() => Promise<void>> {
    // A store that could not be reached is tried again by the next request.
    attached ??= store.attach(instance, (id, settlement) => finish(id, settlement)).catch((error: unknown) => {
      attached = undefined;
      throw error;
    });
    return attached;
  }

  function refuse(serverName: string, error: Error & { code: number }, owner?: string): Promise<never> {
    emit({ type: "rejected", owner, serverName, code: error.code });
    return Promise.reject(error);
  }

  function contextError(context: unknown): string | undefined {
    if (context === undefined) return undefined;
    if (!isRecord(context)) return "context must be an object of strings";
    const entries = Object.entries(context);
    if (entries.length > MAX_CONTEXT_ENTRIES) return `context has more than ${MAX_CONTEXT_ENTRIES} entries`;
    for (const [key, value] of entries) {
      if (key.length > MAX_CONTEXT_KEY) return `context key ${quoteExcerpt(key)} is longer than ${MAX_CONTEXT_KEY} characters`;
      if (typeof value !== "string") return `context.${key} must be a string`;
      if (value.length > MAX_CONTEXT_VALUE) return `context.${key} is longer than ${MAX_CONTEXT_VALUE} characters`;
    }
    return undefined;
  }

  async function request(req: ElicitationRelayRequest): Promise<ElicitResult> {
    const { owner, serverName, params, signal, context } = req;
    if (typeof owner !== "string" || owner === "") throw new TypeError("relay.request: owner must be the person's id (a non-empty string).");
    if (typeof serverName !== "string") throw new TypeError("relay.request: serverName must be a string.");
    const wrongContext = contextError(context);
    if (wrongContext !== undefined) throw new TypeError(`relay.request: ${wrongContext}.`);
    const requestTimeout = req.timeoutMs ?? timeoutMs;
    if (!positiveMs(requestTimeout)) throw new RangeError("relay.request: timeoutMs must be a positive number of milliseconds.");
    if (signal?.aborted) {
      emit({ type: "withdrawn", owner, serverName });
      throw signal.reason;
    }
    if (closed) {
      return refuse(serverName, new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests."), owner);
    }
    const limitKey = `${owner.length}:${owner}${serverName}`;
    if (rateLimit !== false && !requests.allows(limitKey)) return refuse(serverName, rateLimitedError(serverName, rateLimit), owner);
    // Prepared once, here: the browser's queue prepares the params it receives for drawing, and an
    // answer is checked against this preparation.
    const prepared = prepare(params);
    if (!prepared.ok) return refuse(serverName, prepared.error, owner);
    if (prepared.answer !== undefined) {
      emit({ type: "answered", owner, serverName, action: prepared.answer.action, cause: "sensitive" });
      return prepared.answer;
    }
    // Transports replay requests (SDK 1.32 after a -32042 error), as the queue knows: an elicitation
    // already answered gets the same answer again, one still open the answer it will get; neither is shown twice.
    const { request: parsedRequest } = prepared;
    const urlKey =
      parsedRequest.mode === "url" && parsedRequest.elicitationId !== undefined ? urlElicitationKey(owner, serverName, parsedRequest.elicitationId) : undefined;
    if (urlKey !== undefined) {
      // One still open: this one waits for its answer (Cancel if it closes without one).
      const earlier =
        replays.answered(urlKey) ??
        (await new Promise<ElicitResult | undefined>((take) => {
          if (!replays.join(urlKey, take)) take(undefined);
        }));
      if (earlier !== undefined) {
        emit({ type: "answered", owner, serverName, action: earlier.action, cause: "replay" });
        return earlier;
      }
    }
    requests.record(limitKey);
    await attach();
    // Withdrawn, or the relay closed, while this instance joined the store: nothing was opened, nothing to close.
    if (signal?.aborted) {
      emit({ type: "withdrawn", owner, serverName });
      throw signal.reason;
    }
    if (closed) {
      return refuse(serverName, new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests."), owner);
    }

    const id = newRelayId();
    const receivedAt = now();
    const record: RelayRecord = {
      id,
      owner,
      serverName,
      params: params as ElicitParams,
      ...(context === undefined ? {} : { context: { ...context } }),
      receivedAt,
      deadline: receivedAt + requestTimeout,
      holder: instance,
    };
    const answer = new Promise<ElicitResult>((resolve, reject) => {
      const item: Held = { record, resolve, reject, timer: undefined, signal, onAbort: undefined, shown: false, leaving: false };
      held.set(id, item);
      item.timer = setTimeout(() => void leave(id, "timeout"), requestTimeout);
      if (signal) {
        item.onAbort = () => void leave(id, "withdrawn");
        signal.addEventListener("abort", item.onAbort, { once: true });
      }
    });
    let opened: boolean;
    try {
      opened = await store.open(record, maxOpen);
    } catch (error) {
      dropHeld(id);
      throw error;
    }
    if (!opened) {
      dropHeld(id);
      return refuse(
        serverName,
        new ElicitationQueueError("too-many-open", REQUEST_REFUSED, `This person already has ${maxOpen} open requests.`, { max: maxOpen }),
        owner,
      );
    }
    // Only once it is open: a request refused above never settles, and must not be waited on.
    if (urlKey !== undefined) {
      replays.open(urlKey);
      answer.then(
        (result) => replays.close(urlKey, result),
        () => replays.close(urlKey, undefined),
      );
    }
    emit({ type: "requested", owner, serverName, id, streams: watched.get(owner)?.connections.size ?? 0 });
    notifyAsking();
    // relay.close() ran while it was being opened: it did not see this one.
    if (closed) void leave(id, "closed");
    return answer;
  }

  /**
   * `notifications/elicitation/complete` reached the host's MCP client: the person's open URL-mode
   * request of that server and id (held by any instance), or the step they opened by accepting one
   * here, is done. Only ever for `owner`'s streams; true when it matched something.
   */
  async function completeElicitation(owner: string, serverName: string, elicitationId: string): Promise<boolean> {
    if (typeof owner !== "string" || owner === "") throw new TypeError("relay.completeElicitation: owner must be the person's id (a non-empty string).");
    if (typeof serverName !== "string") throw new TypeError("relay.completeElicitation: serverName must be a string.");
    if (typeof elicitationId !== "string" || elicitationId === "" || elicitationId.length > MAX_ELICITATION_ID) {
      throw new TypeError(`relay.completeElicitation: elicitationId must be a non-empty string of at most ${MAX_ELICITATION_ID} characters.`);
    }
    const { open } = await store.snapshot(owner);
    const ids = open
      .filter((record) => record.serverName === serverName && !record.completed && isRecord(record.params) && record.params.mode === "url" && record.params.elicitationId === elicitationId)
      .map((record) => record.id);
    // An accepted one: the browser shows its step ("Waiting for you to finish on …") until now.
    const opened = replays.answered(urlElicitationKey(owner, serverName, elicitationId))?.action === "accept";
    if (ids.length === 0 && !opened) return false;
    await store.complete(owner, { serverName, elicitationId }, ids);
    emit({ type: "completed", owner, serverName, ...(ids[0] === undefined ? {} : { id: ids[0] }), elicitationId });
    return true;
  }

  /** Hands a round with every answer to the host's hook, once (the store took it out as it returned it). */
  async function resume(round: RelayRound, cause: "answered" | "timeout"): Promise<void> {
    const { id: roundId, owner, serverName } = round;
    emit({ type: "resumed", owner, serverName, roundId, cause: cause === "answered" ? "user" : "timeout" });
    try {
      await options.onResume!({
        roundId,
        owner,
        serverName,
        call: round.call,
        ...(round.requestState === undefined ? {} : { requestState: round.requestState }),
        // In the order of the round's inputRequests, whatever order the store kept them in.
        inputResponses: Object.fromEntries(Object.keys(round.requests).map((key) => [key, round.answers[key] ?? { action: "cancel" }])),
        ...(round.context === undefined ? {} : { context: round.context }),
        cause,
      });
    } catch (error) {
      // The round has left the store: it is not resumed again. Nothing of the error goes out (it may quote the state).
      emit({ type: "resume-failed", owner, serverName, roundId, error: error instanceof Error ? error.name : "error" });
    }
  }

  async function park(req: ElicitationRelayPark): Promise<{ roundId: string }> {
    const { owner, serverName, call, requestState, context } = req;
    if (options.onResume === undefined) throw new TypeError("relay.park: the relay has no onResume to retry the call with (createElicitationRelay({ onResume })).");
    if (typeof owner !== "string" || owner === "") throw new TypeError("relay.park: owner must be the person's id (a non-empty string).");
    if (typeof serverName !== "string") throw new TypeError("relay.park: serverName must be a string.");
    if (!isRecord(call) || typeof call.name !== "string" || call.name === "") throw new TypeError("relay.park: call must be { name, arguments? } with the tool's name.");
    if (call.arguments !== undefined && !isRecord(call.arguments)) throw new TypeError("relay.park: call.arguments must be an object.");
    if (requestState !== undefined && typeof requestState !== "string") throw new TypeError("relay.park: requestState must be a string.");
    const wrongContext = contextError(context);
    if (wrongContext !== undefined) throw new TypeError(`relay.park: ${wrongContext}.`);
    const roundTimeout = req.timeoutMs ?? timeoutMs;
    if (!positiveMs(roundTimeout)) throw new RangeError("relay.park: timeoutMs must be a positive number of milliseconds.");
    if (closed) {
      return refuse(serverName, new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests."), owner);
    }
    const inputRequests = req.inputRequests;
    if (!isRecord(inputRequests) || Object.keys(inputRequests).length === 0) {
      return refuse(serverName, new ElicitationQueueError("invalid-params", INVALID_PARAMS, "relay.park: inputRequests must be an object with at least one request."), owner);
    }
    // Every entry is checked before anything is counted or kept: one refused entry parks nothing.
    const answers: Record<string, ElicitResult> = {};
    const asked: [key: string, params: ElicitParams][] = [];
    for (const [key, entry] of Object.entries(inputRequests)) {
      if (!isRecord(entry) || entry.method !== "elicitation/create") {
        const method = isRecord(entry) && typeof entry.method === "string" ? ` (it is ${quoteExcerpt(entry.method)})` : "";
        return refuse(
          serverName,
          new ElicitationQueueError("invalid-params", INVALID_PARAMS, `relay.park: inputRequests[${quoteExcerpt(key)}] is not an elicitation/create request${method}; the relay carries only elicitations.`, { key }),
          owner,
        );
      }
      const prepared = prepare(entry.params);
      if (!prepared.ok) return refuse(serverName, prepared.error, owner);
      if (prepared.answer !== undefined) answers[key] = prepared.answer;
      else asked.push([key, entry.params as ElicitParams]);
    }
    // A round is one admission of the rate limit: one tool call, however many questions it asks.
    const limitKey = `${owner.length}:${owner}${serverName}`;
    if (rateLimit !== false && !requests.allows(limitKey)) return refuse(serverName, rateLimitedError(serverName, rateLimit), owner);
    requests.record(limitKey);
    const roundId = newRelayId();
    const receivedAt = now();
    const deadline = receivedAt + roundTimeout;
    const requestIds: Record<string, string | undefined> = {};
    const records: RelayRecord[] = asked.map(([key, params]) => {
      const id = newRelayId();
      requestIds[key] = id;
      return {
        id,
        owner,
        serverName,
        params,
        ...(context === undefined ? {} : { context: { ...context } }),
        receivedAt,
        deadline,
        holder: "",
        round: { id: roundId, key },
      };
    });
    for (const key of Object.keys(answers)) requestIds[key] = undefined;
    const round: RelayRound = {
      id: roundId,
      owner,
      serverName,
      call: { name: call.name, ...(call.arguments === undefined ? {} : { arguments: call.arguments }) },
      ...(requestState === undefined ? {} : { requestState }),
      ...(context === undefined ? {} : { context: { ...context } }),
      requests: requestIds,
      answers,
      deadline,
    };
    const reportAnswered = () => {
      for (const answer of Object.values(answers)) emit({ type: "answered", owner, serverName, roundId, action: answer.action, cause: "sensitive" });
    };
    // Nothing for the person to answer: the round resumes now, without being kept.
    if (records.length === 0) {
      reportAnswered();
      await resume(round, "answered");
      return { roundId };
    }
    if (!(await store.park(round, records, maxOpen))) {
      return refuse(
        serverName,
        new ElicitationQueueError("too-many-open", REQUEST_REFUSED, `This person already has ${maxOpen} open requests.`, { max: maxOpen }),
        owner,
      );
    }
    reportAnswered();
    const streams = watched.get(owner)?.connections.size ?? 0;
    for (const record of records) emit({ type: "requested", owner, serverName, id: record.id, roundId, streams });
    emit({ type: "parked", owner, serverName, roundId, streams });
    return { roundId };
  }

  /** Forgets a request that never opened, without answering it. */
  function dropHeld(id: string): void {
    const item = held.get(id);
    if (item === undefined) return;
    held.delete(id);
    if (item.timer !== undefined) clearTimeout(item.timer);
    if (item.onAbort) item.signal?.removeEventListener("abort", item.onAbort);
  }

  // --- GET: the person's event stream ---

  const toWire = (record: RelayRecord): RelayRequestEventData => ({
    id: record.id,
    serverName: record.serverName,
    params: record.params,
    ...(record.context === undefined ? {} : { context: record.context }),
    receivedAt: record.receivedAt,
    ...(record.deadline === undefined ? {} : { deadline: record.deadline }),
  });

  const completedWire = ({ id, serverName, elicitationId }: RelayCompletion): RelayCompletedEventData => ({ ...(id === undefined ? {} : { id }), serverName, elicitationId });

  function deliver(connection: Connection, event: RelayStoreEvent): void {
    if (event.position <= connection.position) return;
    connection.position = event.position;
    if (event.type === "request") {
      connection.stream.send(RELAY_EVENT.request, String(event.position), toWire(event.record));
      markShown(event.record.id);
    } else if (event.type === "completed") {
      connection.stream.send(RELAY_EVENT.completed, String(event.position), completedWire(event));
    } else {
      connection.stream.send(RELAY_EVENT.closed, String(event.position), { id: event.id, reason: event.reason });
    }
  }

  function markShown(id: string): void {
    const item = held.get(id);
    if (item === undefined || item.shown) return;
    item.shown = true;
    emit({ type: "shown", owner: item.record.owner, serverName: item.record.serverName, id });
  }

  function watch(owner: string): Watched {
    let found = watched.get(owner);
    if (found === undefined) {
      const connections = new Set<Connection>();
      const unsubscribe = store.subscribe(owner, (event) => {
        for (const connection of connections) {
          if (connection.waiting !== undefined) connection.waiting.push(event);
          else deliver(connection, event);
        }
      });
      found = { connections, unsubscribe };
      watched.set(owner, found);
    }
    return found;
  }

  function unwatch(owner: string, connection: Connection, why: EventStreamEnd): void {
    const found = watched.get(owner);
    emit({ type: "stream-closed", owner, reason: why });
    if (found === undefined || !found.connections.delete(connection) || found.connections.size > 0) return;
    watched.delete(owner);
    void found.unsubscribe.then((stop) => stop(), () => undefined);
  }

  async function handleGet(request: Request, owner: string): Promise<Response> {
    if (!/(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(request.headers.get("accept") ?? "")) return reply(406, { error: "not-acceptable" });
    if (closed) return reply(503, { error: "closed" });
    const found = watch(owner);
    if (found.connections.size >= maxStreams) return reply(429, { error: "too-many-streams" });
    const lastEventId = Number(request.headers.get("last-event-id") ?? Number.NaN);
    const connection: Connection = { stream: undefined as unknown as EventStream, waiting: [], position: -Infinity };
    connection.stream = eventStreams.open((why) => unwatch(owner, connection, why));
    found.connections.add(connection);
    emit({ type: "stream-opened", owner });
    try {
      await found.unsubscribe;
      const snapshot = await store.snapshot(owner);
      const { stream } = connection;
      const at = String(snapshot.position);
      // The snapshot goes out whole (it is bounded by the open maximum); the bound applies to what follows.
      const completedOpen = new Set<string>();
      for (const record of snapshot.open) {
        stream.send(RELAY_EVENT.request, at, toWire(record), true);
        markShown(record.id);
        // Its server said it is done while it was open: a new window shows it done too.
        const elicitationId = isRecord(record.params) ? record.params.elicitationId : undefined;
        if (record.completed && typeof elicitationId === "string") {
          completedOpen.add(record.id);
          stream.send(RELAY_EVENT.completed, at, completedWire({ id: record.id, serverName: record.serverName, elicitationId }), true);
        }
      }
      if (Number.isFinite(lastEventId)) {
        for (const gone of snapshot.closed) if (gone.position > lastEventId) stream.send(RELAY_EVENT.closed, at, { id: gone.id, reason: gone.reason }, true);
        for (const done of snapshot.completed) {
          if (done.position > lastEventId && (done.id === undefined || !completedOpen.has(done.id))) stream.send(RELAY_EVENT.completed, at, completedWire(done), true);
        }
      }
      stream.send(RELAY_EVENT.ready, at, { open: snapshot.open.map((record) => record.id) }, true);
      connection.position = snapshot.position;
      const waiting = connection.waiting ?? [];
      connection.waiting = undefined;
      for (const event of waiting) deliver(connection, event);
    } catch (error) {
      connection.stream.close();
      throw error;
    }
    return eventStreamResponse(request, connection.stream, {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        // nginx and similar proxies would otherwise hold events back in their buffers.
        "x-accel-buffering": "no",
      },
    });
  }

  // --- POST: one answer ---

  function prepareAgain(params: unknown): ParsedElicitationRequest | undefined {
    const prepared = prepare(params);
    return prepared.ok ? prepared.request : undefined;
  }

  async function handlePost(request: Request, owner: string): Promise<Response> {
    const refused = (status: number, body: Exclude<RelayPostReply, { ok: true }>, id?: string) => {
      emit({ type: "answer-refused", owner, id, status, error: body.error });
      return reply(status, body);
    };
    if (!answers.allows(owner)) return refused(429, { error: "rate-limited" });
    answers.record(owner);
    const text = await readBoundedBody(request, maxBodyBytes);
    if (text === undefined) return refused(413, { error: "too-large" });
    const parsed = parseRelayAnswer(text);
    if (!parsed.ok) return refused(400, { error: "bad-request", message: parsed.message });
    const { id } = parsed.answer;
    let result = parsed.answer.result;
    const found = await store.get(id);
    // Someone else's request answers exactly as an unknown one: nothing says it exists.
    if (found === undefined || found.owner !== owner) return refused(404, { error: "not-found" });
    if (found.record === undefined) return refused(409, { error: "already-closed", reason: found.closed }, id);
    if (result.action === "accept") {
      // The preparation made when it arrived (kept by its params' text), or, on another instance, made now.
      const requestShape = prepareAgain(found.record.params);
      if (requestShape === undefined) return refused(404, { error: "not-found" }, id);
      if (requestShape.mode === "url") {
        if (result.content !== undefined) return refused(400, { error: "bad-request", message: "A URL-mode answer carries no content." }, id);
      } else {
        const checked = checkContent(requestShape.schema, result.content ?? {});
        if (!checked.valid) {
          return refused(400, { error: "invalid-content", errors: checked.errors.map(({ field, message }) => ({ field, message })) }, id);
        }
        result = { action: "accept", content: checked.content };
      }
    }
    const outcome = await store.settle(id, { reason: "answered", result }, owner);
    if (outcome.status === "not-found") return refused(404, { error: "not-found" });
    if (outcome.status === "already-closed") return refused(409, { error: "already-closed", reason: outcome.reason }, id);
    const { round } = found.record;
    if (round !== undefined) {
      // A parked request has no holder to report its answer: the instance that took it does.
      emit({ type: "answered", owner, serverName: found.record.serverName, id, roundId: round.id, action: result.action, cause: "user" });
      // The last answer of a round: resumed here, before the reply (a serverless function ends with it).
      if (outcome.resume !== undefined) await resume(outcome.resume, "answered");
    }
    return reply(200, { ok: true });
  }

  async function handle(request: Request): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "POST") return new Response(null, { status: 405, headers: { allow: "GET, POST" } });
    if (!isAllowedOrigin(request, allowedOrigins)) return reply(403, { error: "forbidden-origin" });
    // A cross-site form (urlencoded, multipart) or a text/plain fetch cannot send application/json without a preflight.
    if (method === "POST" && (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() !== "application/json") {
      return reply(415, { error: "unsupported-media-type" });
    }
    try {
      const owner = await options.identify(request);
      if (typeof owner !== "string" || owner === "") return reply(401, { error: "unauthenticated" });
      return method === "GET" ? await handleGet(request, owner) : await handlePost(request, owner);
    } catch {
      // Neither the error nor anything of the body goes out (or into a log from here).
      return reply(500, { error: "internal" });
    }
  }

  async function close(): Promise<void> {
    closed = true;
    if (roundSweep !== undefined) clearInterval(roundSweep);
    await Promise.all([...held.keys()].map((id) => leave(id, "closed")));
    for (const found of [...watched.values()]) for (const connection of [...found.connections]) connection.stream.close();
    if (attached !== undefined) await attached.then((stop) => stop(), () => undefined);
  }

  const relay: ElicitationRelay = {
    request,
    park,
    handle,
    close,
    completeElicitation,
    call: (owner, serverName, run, callOptions) =>
      callPausingWhileAsking(
        {
          subscribe(listener) {
            askingListeners.add(listener);
            return () => askingListeners.delete(listener);
          },
          asking: () => [...held.values()].some((item) => item.record.owner === owner && item.record.serverName === serverName),
        },
        serverName,
        run,
        callOptions,
        "relay.call",
      ),
  };
  return relay;
}
