// The browser side of the relay (docs/relay.md): reads the person's requests from the relay's event
// stream into the host's queue, so every presentation, protection, draft and language works as for
// an in-page request, and hands each answer back with one POST, through the queue's `deliver`.
import { relayAnswerBody } from "../../core/relay/relayAnswerBody";
import type { ElicitResult } from "../../core/types";
import { AnswerNotSent } from "../../dialog/AnswerNotSent";
import { ElicitationAnswerRefused, type ElicitationFieldError } from "../../dialog/ElicitationAnswerRefused";
import { ElicitationRequestClosed, type ElicitationClosedReason } from "../ElicitationRequestClosed";
import type { ElicitationQueue } from "../types";
import { createEventStreamParser } from "./createEventStreamParser";
import { ElicitationRelayError } from "./ElicitationRelayError";
import { readCloseReason, readRelayEvent, type ElicitationRelayRequest } from "../../core/relay/readRelayEvent";
import { RELAY_BOUNDS } from "../../core/relay/relayWire";
import { relayUrlOf } from "../../core/relay/relayUrlOf";
import { whilePageShown } from "./whilePageShown";

export interface ElicitationRelayLimits {
  /** Characters of one event of the stream; a longer one is skipped and reported. Default 1,000,000. */
  maxEventLength: number;
  /** Events in one second; more drops the stream (reported), which is opened again with backoff. Default 500. */
  maxEventsPerSecond: number;
  /** Requests from this relay held in the queue at once; more are not shown (reported). Default 100. */
  maxOpen: number;
  /** Silence (no event, no keep-alive) after which the stream is taken for dead and opened again. Default 45,000 ms (three keep-alives). */
  idleTimeoutMs: number;
  /** First wait before opening the stream again; it doubles per failure, up to `reconnectMaxMs`. Default 1,000 ms. */
  reconnectFirstMs: number;
  /** Longest wait before opening the stream again. Default 30,000 ms. */
  reconnectMaxMs: number;
}

export interface ElicitationRelayOptions {
  /** The relay's URL (GET = the stream, POST = one answer), e.g. "/api/elicitation": http: or https: only. */
  url: string | URL;
  /** The host's queue; the relay's requests go into it like any other. */
  queue: ElicitationQueue;
  /** Extra headers of both GET and POST, e.g. `{ Authorization: "Bearer …" }`; a function is asked before each request (a refreshed token). */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Cookies sent with both. Default "same-origin". */
  credentials?: RequestCredentials;
  /** Replaces the global `fetch` (tests, a host's own instrumented fetch). */
  fetch?: typeof fetch;
  /** Only requests it returns true for are shown here (e.g. those of the open chat, by `context`). */
  filter?: (request: ElicitationRelayRequest) => boolean;
  /** Everything that went wrong and was handled (malformed events, refused answers, lost connections). */
  onError?: (error: ElicitationRelayError) => void;
  limits?: Partial<ElicitationRelayLimits>;
}

export interface ElicitationRelayConnection {
  /**
   * Stops the stream and takes every request it put into the queue out again, without answering:
   * the relay still holds them, for another window or a reload. Answers already on their way finish.
   */
  close(): void;
}

const DEFAULT_LIMITS: ElicitationRelayLimits = {
  maxEventLength: RELAY_BOUNDS.eventLength,
  maxEventsPerSecond: 500,
  maxOpen: 100,
  idleTimeoutMs: 45_000,
  reconnectFirstMs: 1_000,
  reconnectMaxMs: 30_000,
};
/**
 * How long a request the relay does not know stays on screen: missing from a `ready`, or answered with
 * 404. A store restarted empty knows no request until the instance holding it opens it again (a second
 * or two), so neither its card nor an answer given meanwhile is dropped at once; the card closes when
 * the relay still does not know it after this.
 */
const UNKNOWN_GRACE_MS = 5_000;
/** Characters read of a POST's response body: only `{ error, errors, reason }` is wanted from it. */
const MAX_RESPONSE_LENGTH = 65_536;

/** One request this connection put into the queue. */
interface Held {
  readonly id: string;
  /** Takes the request out of the queue (its reason says why, or nothing for `close()`). */
  readonly withdraw: AbortController;
  /** A POST of its answer is under way. */
  posting: boolean;
  /** An earlier POST may have been taken (the network failed after sending, or a 5xx). */
  maybeTaken: boolean;
  /** The relay took this window's answer. */
  taken: boolean;
  /** The stream said it closed while a POST was under way: that POST's outcome decides. */
  closedAs: ElicitationClosedReason | undefined;
  /** When the relay first answered 404 to this window's answer (tried again within UNKNOWN_GRACE_MS). */
  notFoundSince: number | undefined;
  /** A `ready` did not list it: it closes when this runs out, unless the relay lists it again first. */
  unlisted: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Connects the host's queue to a relay; returns `{ close() }`. `url` must be http: or https: (a
 * relative one resolved against the page's base): anything else throws a TypeError naming it. The stream opens at once; it is closed
 * as the page goes (its cards leave unanswered, keeping drafts) and opened again if it comes back
 * from the back/forward cache.
 */
export function connectElicitationRelay(options: ElicitationRelayOptions): ElicitationRelayConnection {
  // Checked before anything is fetched, and what is checked is what is fetched (a relative URL resolved once).
  const url = relayUrlOf(options.url, globalThis.document?.baseURI ?? globalThis.location?.href, "url");
  return whilePageShown(() => openRelayConnection({ ...options, url }));
}

function openRelayConnection(options: ElicitationRelayOptions): ElicitationRelayConnection {
  const { queue } = options;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const credentials = options.credentials ?? "same-origin";
  const url = options.url;
  const held = new Map<string, Held>();
  let stopped = false;
  let stream: AbortController | undefined;
  let wake: (() => void) | undefined;
  let lastEventId: string | undefined;
  /** Reconnection time the stream asked for (`retry:`), within the bounds. */
  let serverRetryMs: number | undefined;

  function report(error: ElicitationRelayError): void {
    try {
      options.onError?.(error);
    } catch {
      /* a reporter that throws must not break the connection */
    }
  }

  async function headersFor(extra: Record<string, string>): Promise<Headers> {
    const given = typeof options.headers === "function" ? await options.headers() : options.headers;
    const headers = new Headers(given);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return headers;
  }

  // ---- The stream -------------------------------------------------------------------------------

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      const outcome = await readStreamOnce();
      if (outcome === "end" || stopped) return;
      failures = outcome === "ready" ? 1 : failures + 1;
      const base = serverRetryMs ?? limits.reconnectFirstMs;
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
  async function readStreamOnce(): Promise<"ready" | "retry" | "end" | number> {
    const controller = new AbortController();
    stream = controller;
    let response: Response;
    try {
      const headers = await headersFor(lastEventId === undefined ? { Accept: "text/event-stream" } : { Accept: "text/event-stream", "Last-Event-ID": lastEventId });
      response = await fetchFn(url, { method: "GET", headers, credentials, cache: "no-store", signal: controller.signal });
    } catch (error) {
      if (stopped) return "end";
      report(new ElicitationRelayError("connection-lost", "The relay's event stream could not be opened.", { cause: error }));
      return "retry";
    }
    if (response.status !== 200) {
      void response.body?.cancel().catch(() => undefined);
      if (response.status === 401) {
        report(new ElicitationRelayError("unauthenticated", "The relay answered 401: nobody is signed in. The stream stays closed.", { status: 401 }));
        return "end";
      }
      if (response.status === 403 || response.status === 406) {
        const origins = response.status === 403 ? originsOf(await readErrorBody(response)) : "";
        report(new ElicitationRelayError("forbidden", `The relay answered ${response.status} to this page's stream${origins}. It stays closed.`, { status: response.status }));
        return "end";
      }
      report(new ElicitationRelayError("connection-lost", `The relay answered ${response.status} to the event stream; it is opened again later.`, { status: response.status }));
      const retryAfter = retryAfterMs(response);
      return retryAfter === undefined ? "retry" : Math.min(limits.reconnectMaxMs, Math.max(limits.reconnectFirstMs, retryAfter));
    }
    const type = response.headers.get("content-type") ?? "";
    if (!/^text\/event-stream\s*(;|$)/i.test(type) || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      report(new ElicitationRelayError("connection-lost", `The relay's stream is not text/event-stream ("${type.slice(0, 100)}"); it is opened again later.`, { status: 200 }));
      return "retry";
    }
    return readEvents(response.body, controller);
  }

  async function readEvents(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<"ready" | "retry" | "end"> {
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
      onRetry: (ms) => (serverRetryMs = Math.min(limits.reconnectMaxMs, Math.max(limits.reconnectFirstMs, ms))),
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
        if (message.id !== undefined) lastEventId = message.id;
        if (onEvent(message.event, message.data)) gotReady = true;
      },
    });
    const reader = body.getReader();
    const decoder = new TextDecoder();
    resetIdle();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped || flooded) break;
        resetIdle();
        parser.push(decoder.decode(value, { stream: true }));
        if (stopped || flooded) break;
      }
    } catch (error) {
      if (!stopped && !controller.signal.aborted) report(new ElicitationRelayError("connection-lost", "The relay's stream broke off; it is opened again.", { cause: error }));
    } finally {
      clearTimeout(idle);
      void reader.cancel().catch(() => undefined);
    }
    if (stopped) return "end";
    return gotReady && !flooded ? "ready" : "retry";
  }

  /** One event of the stream; true for `ready`. */
  function onEvent(name: string, data: string): boolean {
    const event = readRelayEvent(name, data);
    switch (event.kind) {
      case "malformed":
        report(new ElicitationRelayError("malformed-event", `The relay sent ${event.problem}: ignored.`));
        return false;
      case "request":
        show(event.request);
        return false;
      case "closed":
        closedElsewhere(event.id, event.reason);
        return false;
      case "completed":
        // As in-page: the card waiting for it, or the step the person opened, says it is done.
        queue.completeElicitation(event.elicitationId, event.serverName);
        return false;
      case "ready":
        // Held here but not listed: it closed while this window was away (the relay kept no `closed`
        // for it), or the store lost its data and its holder has not opened it again yet. It goes
        // unless the relay lists it again within UNKNOWN_GRACE_MS.
        for (const item of [...held.values()]) {
          if (event.open.has(item.id)) listedAgain(item);
          else item.unlisted ??= setTimeout(() => closedElsewhere(item.id, "closed"), UNKNOWN_GRACE_MS);
        }
        return true;
      default:
        return false;
    }
  }

  // ---- Requests in the queue ---------------------------------------------------------------------

  function show(request: ElicitationRelayRequest): void {
    // Every connection starts with the requests still open: one already here stays as it is.
    const here = held.get(request.id);
    if (here !== undefined) return listedAgain(here);
    try {
      if (options.filter && !options.filter(request)) return;
    } catch (error) {
      report(new ElicitationRelayError("request-refused", "The relay's `filter` threw; the request is not shown.", { requestId: request.id, cause: error }));
      return;
    }
    if (held.size >= limits.maxOpen) {
      report(new ElicitationRelayError("too-many-open", `More than ${limits.maxOpen} requests from the relay at once: this one is not shown.`, { requestId: request.id }));
      return;
    }
    const item: Held = { id: request.id, withdraw: new AbortController(), posting: false, maybeTaken: false, taken: false, closedAs: undefined, notFoundSince: undefined, unlisted: undefined };
    held.set(request.id, item);
    queue
      .request({
        serverName: request.serverName,
        params: request.params,
        signal: item.withdraw.signal,
        context: request.context,
        deliver: (result) => deliver(item, result),
      })
      .then(
        (result) => {
          forget(item);
          // The queue answered for the person ("stop asking", its timeout, its close): the relay
          // must hear it too, once; whatever it says, there is no card left to tell.
          if (!item.taken) void post(item.id, result).then((response) => response.body?.cancel().catch(() => undefined), () => undefined);
        },
        (error: unknown) => {
          forget(item);
          if (!item.withdraw.signal.aborted) {
            report(new ElicitationRelayError("request-refused", `The queue refused the relay's request: ${error instanceof Error ? error.message : String(error)}`, { requestId: item.id, cause: error }));
          }
        },
      );
  }

  function forget(item: Held): void {
    listedAgain(item);
    if (held.get(item.id) === item) held.delete(item.id);
  }

  /** The relay knows it (again): a close pending on a `ready` that did not list it is off. */
  function listedAgain(item: Held): void {
    clearTimeout(item.unlisted);
    item.unlisted = undefined;
  }

  function withdraw(item: Held, reason: ElicitationClosedReason): void {
    forget(item);
    item.withdraw.abort(new ElicitationRequestClosed(reason));
  }

  /** The stream says a request closed without this window's answer (or, with `ready`, that it is gone). */
  function closedElsewhere(id: string, reason: ElicitationClosedReason): void {
    const item = held.get(id);
    if (!item) return;
    // An answer under way decides: its 200 means it was ours after all. So does one the relay did not
    // know a moment ago (a store restarted empty says "gone" on the stream too, until it is opened again).
    if (item.posting || item.notFoundSince !== undefined) {
      item.closedAs = reason;
      return;
    }
    // An earlier try may have been taken: the next try (a moment away) settles it without a POST.
    if (reason === "answered" && item.maybeTaken) {
      item.closedAs = reason;
      return;
    }
    withdraw(item, reason);
  }

  function post(id: string, result: ElicitResult, headers?: Headers): Promise<Response> {
    return (headers ? Promise.resolve(headers) : headersFor({ "Content-Type": "application/json" })).then(async (ready) =>
      fetchFn(url, { method: "POST", headers: ready, credentials, cache: "no-store", body: await relayAnswerBody(id, result) }),
    );
  }

  /** The queue's `deliver`: one POST. Resolves when taken; a refusal for the fields, or a failure the queue retries. */
  async function deliver(item: Held, result: ElicitResult): Promise<void> {
    // The stream said "answered" after a try whose outcome was unknown: that try was taken.
    if (item.closedAs === "answered" && item.maybeTaken) {
      item.taken = true;
      return;
    }
    // Asked before anything is sent: a headers function that fails sent nothing (tried again by the queue).
    const headers = await headersFor({ "Content-Type": "application/json" });
    item.posting = true;
    let response: Response;
    try {
      response = await post(item.id, result, headers);
    } catch (error) {
      item.posting = false;
      item.maybeTaken = true;
      if (item.closedAs === "answered") {
        item.taken = true;
        return;
      }
      afterFailedTry(item);
      throw error;
    }
    const { status } = response;
    if (status === 200) {
      item.posting = false;
      void response.body?.cancel().catch(() => undefined);
      item.taken = true;
      return;
    }
    // Still under way while its body is read: a `closed` arriving meanwhile waits for the verdict.
    const body = await readErrorBody(response);
    item.posting = false;
    if (status === 409) {
      const reason = readCloseReason(body.reason);
      if (reason === "answered" && item.maybeTaken) {
        item.taken = true;
        return;
      }
      withdraw(item, reason);
      throw new Error(`The request is already closed (${reason}).`);
    }
    if (status === 400 && body.error === "invalid-content") {
      afterFailedTry(item);
      throw new ElicitationAnswerRefused(readFieldErrors(body.errors), "The relay refused the answer's content.");
    }
    if (status === 403) {
      // The relay refused this page's origin (a dev proxy that rewrites Host, most often): the answer
      // is not lost, the card stays with it and says it was not sent, and the developer hears why.
      afterFailedTry(item);
      report(new ElicitationRelayError("forbidden", `The relay answered 403 to an answer${originsOf(body)}; the card stays open.`, { status, requestId: item.id }));
      throw new AnswerNotSent([], "The relay refused this page's origin.");
    }
    if (status === 404) {
      item.notFoundSince ??= Date.now();
      // Tried again by the queue; the card keeps the answer, "Sending…".
      if (Date.now() - item.notFoundSince < UNKNOWN_GRACE_MS) throw new Error("The relay does not know the request this moment (404).");
      report(new ElicitationRelayError("not-found", `The relay answered 404 to an answer for ${UNKNOWN_GRACE_MS / 1000} s; its card closes.`, { status, requestId: item.id }));
      withdraw(item, item.closedAs ?? "closed");
      throw new Error("The relay answered 404.");
    }
    if (status === 401) {
      report(new ElicitationRelayError("unauthenticated", "The relay answered 401 to an answer; its card closes.", { status, requestId: item.id }));
      withdraw(item, "closed");
      throw new Error("The relay answered 401.");
    }
    if (status === 400 || status === 413 || status === 415) {
      report(new ElicitationRelayError("answer-refused", `The relay answered ${status} (${typeof body.error === "string" ? body.error.slice(0, 50) : "no reason"}) to an answer.`, { status, requestId: item.id }));
      afterFailedTry(item);
      throw new ElicitationAnswerRefused([], `The relay answered ${status}.`);
    }
    // 429, 5xx and the rest: tried again by the queue. A 5xx may have come after the answer was taken.
    if (status >= 500) item.maybeTaken = true;
    afterFailedTry(item);
    throw new Error(`The relay answered ${status}.`);
  }

  /** A try failed: if the stream said meanwhile that the request closed, it goes now, saying why. */
  function afterFailedTry(item: Held): void {
    const reason = item.closedAs;
    if (reason !== undefined && !(reason === "answered" && item.maybeTaken)) withdraw(item, reason);
  }

  void run();

  return {
    close() {
      if (stopped) return;
      stopped = true;
      stream?.abort();
      wake?.();
      const reason = new DOMException("The relay connection was closed.", "AbortError");
      for (const item of [...held.values()]) {
        forget(item);
        item.withdraw.abort(reason);
      }
    },
  };
}

function readFieldErrors(value: unknown): ElicitationFieldError[] {
  if (!Array.isArray(value)) return [];
  // ElicitationAnswerRefused keeps only `{ field, message }` strings, within its bounds.
  return value.slice(0, 100).filter((entry): entry is ElicitationFieldError => typeof entry === "object" && entry !== null);
}

/** What a 403 `forbidden-origin` names: the `Origin` the relay saw and the one it expected (origins only, never a secret). */
function originsOf(body: Record<string, unknown>): string {
  const { origin, expected } = body;
  if (typeof origin !== "string" || typeof expected !== "string") return "";
  return ` (forbidden-origin: it saw Origin ${JSON.stringify(origin.slice(0, 200))} and expected ${JSON.stringify(expected.slice(0, 200))}; a dev proxy that rewrites Host needs xfwd or changeOrigin: false, see docs/relay.md)`;
}

/** `Retry-After` in ms when it is a number of seconds; undefined otherwise. */
function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim()) * 1_000;
}

/** The JSON object of an error response, read within MAX_RESPONSE_LENGTH characters; `{}` for anything else. */
async function readErrorBody(response: Response): Promise<Record<string, unknown>> {
  const body = response.body;
  if (!body) return {};
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > MAX_RESPONSE_LENGTH) return {};
    }
  } catch {
    return {};
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
