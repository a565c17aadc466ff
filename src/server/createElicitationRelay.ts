// The relay's server side: carries each elicitation request an MCP client on this server receives to
// the person's browser (an event stream) and the answer back (a POST), with the in-page queue's
// guarantees — admitted by the core's one step (refused with the relay's own error type), answered exactly once,
// timed out, withdrawn — across windows and, with a shared store, across instances. This file composes
// the parts (relay/): the options, the admission, the requests held here, the streams, the answers
// and the parked rounds; it keeps what only it sees whole: relay.request, completions, the route, close.
import { createRelayContentCheck } from "../core/relay/createRelayContentCheck";
import { isRelayElicitationId } from "../core/relay/readRelayEvent";
import { RELAY_BOUNDS, RELAY_STATUS } from "../core/relay/relayWire";
import { callPausingWhileAsking } from "../core/shared/callPausingWhileAsking";
import { createEventReporter } from "../core/shared/createEventReporter";
import { createRateLimiter } from "../core/shared/createRateLimiter";
import { createUrlReplays } from "../core/shared/createUrlReplays";
import { isRecord } from "../core/shared/ownProperty";
import { urlElicitationKey } from "../core/shared/urlElicitationKey";
import type { ElicitationRememberScope, ElicitContent, ElicitParams, ElicitResult } from "../core/types";
import { checkOrigin } from "./checkOrigin";
import { createPreparedRequests } from "./createPreparedRequests";
import { createStoreGuard, StoreUnavailable } from "./createStoreGuard";
import type { RelayRecord } from "./ElicitationRelayStore";
import { createRelayIds } from "./createRelayIds";
import { createAnswerIntake } from "./relay/createAnswerIntake";
import { createChatStops } from "./relay/createChatStops";
import { createNotices } from "./relay/createNotices";
import { createHeldRequests } from "./relay/createHeldRequests";
import { createParkedRounds } from "./relay/createParkedRounds";
import { createRecords } from "./relay/createRecords";
import { createRelayAdmission } from "./relay/createRelayAdmission";
import { createRememberedDecisions, type RememberedDecisions } from "./relay/createRememberedDecisions";
import { createStreamHub } from "./relay/createStreamHub";
import { createWithdrawal } from "./relay/createWithdrawal";
import { readRelayOptions } from "./relay/readRelayOptions";
import { relayReply, storeUnavailableReply } from "./relay/relayReply";
import { requestEventJson } from "./relay/requestEventJson";
import type { ElicitationRelay, ElicitationRelayEvent, ElicitationRelayHandleOptions, ElicitationRelayOptions, ElicitationRelayRequest } from "./types";

/** An admitted request on its way into the store. */
type FoundDecision = NonNullable<Awaited<ReturnType<RememberedDecisions["find"]>>>;

interface Asking {
  owner: string;
  serverName: string;
  params: ElicitParams;
  signal: AbortSignal | undefined;
  context: Record<string, string> | undefined;
  requestTimeout: number;
  /** The params' JSON text the admission made (undefined when they were not kept). */
  paramsText: string | undefined;
  /** A URL-mode request's key among replays. */
  urlKey: string | undefined;
  /** The remembered-decision scopes offered with it (undefined: none). */
  offered: ElicitationRememberScope[] | undefined;
}

export function createElicitationRelay(options: ElicitationRelayOptions): ElicitationRelay {
  const settings = readRelayOptions(options);
  const { now, store } = settings;
  const emit = createEventReporter<ElicitationRelayEvent>(options.onEvent, now);
  const guard = createStoreGuard(settings.storeTimeoutMs, (operation) => emit({ type: "store-failed", error: operation }));
  const prepare = createPreparedRequests({ limits: options.limits, sensitiveFields: options.sensitiveFields, fileInputs: options.fileInputs });
  // URL-mode elicitations (by person, server and elicitationId) open, and the answers of recent ones.
  const replays = createUrlReplays();
  let closed = false;
  const newRelayId = createRelayIds();

  const admission = createRelayAdmission({ rateLimit: settings.rateLimit, now, timeoutMs: settings.timeoutMs, maxOpen: settings.maxOpen, isClosed: () => closed, prepare, emit });
  const records = createRecords({ store, guard, claimMs: settings.timeoutMs, onRecord: options.onRecord, recordContent: options.recordContent, now, emit });
  /** This instance, as the holder of the requests its MCP clients receive. */
  const held = createHeldRequests({
    store,
    guard,
    emit,
    instance: newRelayId(),
    onStopped: (stop) => stops.hear(stop),
    records,
    stoppedBy: (reason) => stops.stoppedBy(reason),
  });
  const remembered = createRememberedDecisions({ store, guard, emit, remember: options.remember, now });
  const notices = createNotices({ store, guard, emit, notify: options.notify, timeoutMs: settings.timeoutMs, prepare });
  const streams = createStreamHub({
    store,
    guard,
    emit,
    maxStreams: settings.maxStreams,
    maxStreamBuffer: settings.maxStreamBuffer,
    keepAliveMs: settings.keepAliveMs,
    shown: (id) => {
      held.markShown(id);
      notices.shown(id);
    },
    closing: held.closing,
    isClosed: () => closed,
  });
  const rounds = createParkedRounds({
    store,
    guard,
    emit,
    now,
    admission,
    onResume: options.onResume,
    timeoutMs: settings.timeoutMs,
    roundSweepMs: settings.roundSweepMs,
    streams: streams.count,
    newId: newRelayId,
    writeLater: held.writeLater,
  });
  const takeAnswer = createAnswerIntake({
    store,
    guard,
    emit,
    prepare,
    checkContent: createRelayContentCheck(),
    answers: settings.answerRateLimit === false ? undefined : createRateLimiter(settings.answerRateLimit, now),
    maxBodyBytes: settings.maxBodyBytes,
    bodyTimeoutMs: settings.bodyTimeoutMs,
    closing: held.closing,
    records,
    resume: (round) => rounds.resume(round, "answered"),
    remembered,
  });

  const withdraw = createWithdrawal({ store, guard, held, records, resume: (round) => rounds.resume(round, "answered") });
  // A recording instance joins the store at once: what the store closes by itself (a dead
  // instance's question) is told to a handle that has joined, and recorded there.
  if (records.on) void held.attach().catch(() => undefined);
  const stops = createChatStops({ store, guard, attach: () => held.attach(), withdraw });

  /**
   * relay.request: checked and admitted at once; the promise the host gets is the held request's own
   * (no promise made only to pass it on), refused with the relay's error when the store does not open it.
   */
  function request(req: ElicitationRelayRequest): Promise<ElicitResult> {
    try {
      return admit(req);
    } catch (error) {
      // What the host handed over is wrong: a rejection, as from every other step.
      return Promise.reject(error);
    }
  }

  function admit(req: ElicitationRelayRequest): Promise<ElicitResult> {
    const { owner, serverName, params, signal, context } = req;
    admission.checkHostArguments("relay.request", owner, serverName, context);
    const requestTimeout = admission.timeoutOf("relay.request", req.timeoutMs);
    if (signal?.aborted) return withdrawnBefore(owner, serverName, signal);
    // Prepared once, here: the browser's queue prepares the params it receives for drawing, and an
    // answer is checked against this preparation.
    const admitted = admission.admit(owner, serverName, params);
    if (!admitted.ok) return admission.refuse(serverName, admitted.error, owner);
    // Taken now, before anything is awaited: another request prepared meanwhile would be the last.
    const paramsText = prepare.textOf(params);
    if (admitted.answer !== undefined) {
      emit({ type: "answered", owner, serverName, action: admitted.answer.action, cause: "sensitive" });
      const receivedAt = now();
      records.closed({ id: newRelayId(), owner, serverName, params: params as ElicitParams, ...(context === undefined ? {} : { context }), receivedAt, holder: held.instance }, admitted.answer, "policy");
      return Promise.resolve(admitted.answer);
    }
    // Transports replay requests (SDK 1.32 after a -32042 error), as the queue knows: an elicitation
    // already answered gets the same answer again, one still open the answer it will get; neither is shown twice.
    const { request: parsedRequest } = admitted.prepared;
    const urlKey = parsedRequest.mode === "url" && parsedRequest.elicitationId !== undefined ? urlElicitationKey(owner, serverName, parsedRequest.elicitationId) : undefined;
    const offered = remembered.offer(parsedRequest, context);
    const asking: Asking = { owner, serverName, params: params as ElicitParams, signal, context, requestTimeout, paramsText, urlKey, offered };
    if (urlKey !== undefined) return askUnlessReplayed(asking, urlKey);
    admission.count(owner, serverName);
    return held.attached() ? ask(asking) : held.attach().then(() => ask(asking), (error: unknown) => admission.refuseFailedStore(serverName, error, owner));
  }

  function withdrawnBefore(owner: string, serverName: string, signal: AbortSignal): Promise<never> {
    emit({ type: "withdrawn", owner, serverName });
    return Promise.reject(signal.reason);
  }

  async function askUnlessReplayed(asking: Asking, urlKey: string): Promise<ElicitResult> {
    const { owner, serverName } = asking;
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
    admission.count(owner, serverName);
    try {
      await held.attach();
    } catch (error) {
      return admission.refuseFailedStore(serverName, error, owner);
    }
    return ask(asking);
  }

  /** The person's remembered decision for it first, where one may apply (only then is a turn waited for); then opens it. */
  function ask(asking: Asking): Promise<ElicitResult> {
    const { owner, serverName, params, context, offered } = asking;
    if (offered === undefined) return open(asking, undefined);
    return remembered.find(owner, serverName, params, context, offered).then((decision) => open(asking, decision));
  }

  /** Opens an admitted request in the store, held here: its answer, or the store's refusal. */
  function open({ owner, serverName, params, signal, context, requestTimeout, paramsText, urlKey, offered }: Asking, decision: FoundDecision | undefined): Promise<ElicitResult> {
    // Withdrawn, or the relay closed, while this instance joined the store: nothing was opened, nothing to close.
    if (signal?.aborted) return withdrawnBefore(owner, serverName, signal);
    if (closed) return admission.refuse(serverName, admission.closedError(), owner);

    const id = newRelayId();
    const receivedAt = now();
    const record: RelayRecord = { id, owner, serverName, params, receivedAt, deadline: receivedAt + requestTimeout, holder: held.instance };
    if (context !== undefined) record.context = { ...context };
    // A question answered from a decision is opened as such (windows draw a line, not a card), with nothing more to offer.
    if (decision !== undefined) record.remembered = { key: decision.key, at: decision.at };
    else if (offered !== undefined) record.remember = offered;
    // The browser reads events up to the wire's bound: a request it would drop is refused here, where its server hears why.
    // Its text is made once, around the params' text the admission made, and is what every window is written.
    const eventJson = requestEventJson(record, paramsText);
    const eventLength = eventJson.length;
    if (eventLength > RELAY_BOUNDS.eventLength) {
      return admission.refuse(
        serverName,
        admission.invalidParams(`The request is ${eventLength} characters on the relay's wire; a browser reads at most ${RELAY_BOUNDS.eventLength}.`, { max: RELAY_BOUNDS.eventLength }),
        owner,
      );
    }
    const answer = held.hold(record, signal, requestTimeout);
    guard.callback(
      "open",
      () => store.open(record, settings.maxOpen, eventJson),
      (opened) => {
        if (!opened) {
          admission.refuse(serverName, admission.tooManyOpen(), owner).catch((error: unknown) => held.drop(id, error));
          return;
        }
        // Only once it is open: a request refused above never opened, and nobody waits for it.
        if (urlKey !== undefined) {
          replays.open(urlKey);
          answer.then(
            (result) => replays.close(urlKey, result),
            () => replays.close(urlKey, undefined),
          );
        }
        emit({ type: "requested", owner, serverName, id, streams: streams.count(owner) });
        if (decision !== undefined) {
          void answerFromDecision(record, decision.content);
        } else {
          // Ended however the question leaves: answered, withdrawn, timed out, closed.
          const endNotice = notices.schedule(record);
          if (endNotice !== undefined) answer.then(endNotice, endNotice);
        }
        // relay.close() ran while it was being opened: it did not see this one.
        if (closed) void held.leave(id, "closed", "shutdown");
      },
      (error: unknown) => {
        // The open may have landed all the same (its reply late or lost) or land later: its closing is written
        // first, and an answer another instance took meanwhile is what the MCP client gets; otherwise the open is
        // refused, its closing written again until the store has it (until the request's deadline, past which the
        // store takes no answer), and meanwhile no window here shows it.
        void held.closeUnopened(id, record.deadline).then((told) => {
          if (!told) admission.refuseFailedStore(serverName, error, owner).catch((refusal: unknown) => held.drop(id, refusal));
        });
      },
    );
    return answer;
  }

  /** Answers a question just opened with what its person remembered, through the store like any answer (so once). */
  async function answerFromDecision(record: RelayRecord, content: ElicitContent): Promise<void> {
    const result: ElicitResult = { action: "accept", content: structuredClone(content) };
    try {
      const outcome = await guard("settle", () => store.settle(record.id, { reason: "answered", result }, record.owner));
      if (outcome.status === "settled") return records.closed(record, result, "remembered");
      // Closed first (withdrawn, shut down): its holder heard how.
      if (outcome.status === "already-closed") return;
    } catch {
      // Not taken: closed below.
    }
    // The store failed or could not reach this holder: the question closes (`cancel`) rather than wait unseen.
    await held.leave(record.id, "closed", "shutdown");
  }

  /**
   * `notifications/elicitation/complete` reached the host's MCP client: the person's open URL-mode
   * request of that server and id (held by any instance), or the step they opened by accepting one
   * here, is done. Only ever for `owner`'s streams; true when it matched something.
   */
  async function completeElicitation(owner: string, serverName: string, elicitationId: string): Promise<boolean> {
    if (typeof owner !== "string" || owner === "") throw new TypeError("relay.completeElicitation: owner must be the person's id (a non-empty string).");
    if (typeof serverName !== "string") throw new TypeError("relay.completeElicitation: serverName must be a string.");
    if (!isRelayElicitationId(elicitationId)) {
      throw new TypeError(`relay.completeElicitation: elicitationId must be a non-empty string of at most ${RELAY_BOUNDS.elicitationIdLength} characters.`);
    }
    const { open } = await guard("snapshot", () => store.snapshot(owner));
    const ids = open
      .filter((record) => record.serverName === serverName && !record.completed && isRecord(record.params) && record.params.mode === "url" && record.params.elicitationId === elicitationId)
      .map((record) => record.id);
    // An accepted one: the browser shows its step ("Waiting for you to finish on …") until now.
    const opened = replays.answered(urlElicitationKey(owner, serverName, elicitationId))?.action === "accept";
    if (ids.length === 0 && !opened) return false;
    await guard("complete", () => store.complete(owner, { serverName, elicitationId }, ids));
    emit({ type: "completed", owner, serverName, ...(ids[0] === undefined ? {} : { id: ids[0] }), elicitationId });
    return true;
  }

  async function handle(request: Request, handleOptions?: ElicitationRelayHandleOptions): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "POST") return new Response(null, { status: RELAY_STATUS.methodNotAllowed, headers: { allow: "GET, POST" } });
    const origin = checkOrigin(request, settings.allowedOrigins);
    if (!origin.ok) {
      // Said to the developer on both ends: the event here, the reply (which the browser reports) there.
      emit({ type: "origin-refused", status: RELAY_STATUS.forbidden, origin: origin.origin, expected: origin.expected });
      return relayReply(RELAY_STATUS.forbidden, { error: "forbidden-origin", origin: origin.origin, expected: origin.expected });
    }
    // A cross-site form (urlencoded, multipart) or a text/plain fetch cannot send application/json without a preflight.
    if (method === "POST" && (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() !== "application/json") {
      return relayReply(RELAY_STATUS.unsupportedMediaType, { error: "unsupported-media-type" });
    }
    try {
      // The host's own login, when its middleware already knows the person; else `identify`; else nobody (401).
      const given = handleOptions?.owner;
      const owner = typeof given === "string" && given !== "" ? given : await options.identify?.(request);
      if (typeof owner !== "string" || owner === "") return relayReply(RELAY_STATUS.unauthenticated, { error: "unauthenticated" });
      if (method === "GET") return await streams.open(request, owner);
      // Joined before answering: a question the store closes under this answer is recorded here.
      if (records.on) await held.attach();
      return await takeAnswer(request, owner);
    } catch (error) {
      // The store failed or hung: the browser tries again after Retry-After.
      if (error instanceof StoreUnavailable) return storeUnavailableReply();
      // Neither the error nor anything of the body goes out (or into a log from here).
      return relayReply(RELAY_STATUS.internal, { error: "internal" });
    }
  }

  async function close(): Promise<void> {
    closed = true;
    rounds.stop();
    await held.close();
    streams.closeAll();
    await records.settled();
  }

  return {
    request,
    park: rounds.park,
    handle,
    withdraw: (withdrawal) => withdraw(withdrawal),
    stop: stops.stop,
    stopSignal: stops.signal,
    close,
    completeElicitation,
    remembered: async (owner) => {
      if (typeof owner !== "string" || owner === "") throw new TypeError("relay.remembered: owner must be the person's id (a non-empty string).");
      return remembered.list(owner);
    },
    forget: async (owner, key) => {
      if (typeof owner !== "string" || owner === "") throw new TypeError("relay.forget: owner must be the person's id (a non-empty string).");
      if (typeof key !== "string") throw new TypeError("relay.forget: key must be a decision's key (a string, from relay.remembered).");
      return remembered.forget(owner, key);
    },
    call: (owner, serverName, run, callOptions) =>
      callPausingWhileAsking({ subscribe: held.subscribe, asking: () => held.asking(owner, serverName) }, serverName, run, callOptions, "relay.call"),
  };
}
