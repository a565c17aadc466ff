// The relay's wire (docs/relay.md), the one home of its facts for the server
// (react-mcp-elicitation/server) and the browser client alike: event names, closing reasons, every
// bound, the HTTP statuses and what each means, and the JSON each event and each POST reply carries. The readers of each shape sit beside it.
import type { ElicitationRememberScope, ElicitParams, ElicitResult, ValidationCode } from "../types";

/** The `event:` names of the relay's stream. */
export const RELAY_EVENT = Object.freeze({ request: "request", closed: "closed", completed: "completed", ready: "ready" } as const);

/** Why a request left without this window's answer. */
export type RelayCloseReason = "answered" | "withdrawn" | "timeout" | "closed";

/** Every closing reason, for the readers; a reason a reader does not know reads as "closed". */
export const RELAY_CLOSE_REASONS: readonly RelayCloseReason[] = Object.freeze<RelayCloseReason[]>(["answered", "withdrawn", "timeout", "closed"]);

/**
 * Every bound of the wire. The server refuses (at `relay.request`) whatever a browser would drop, and
 * the browser drops what is beyond them: one value per fact, read by both.
 */
export const RELAY_BOUNDS = Object.freeze({
  /** Entries of a request's `context`. */
  contextEntries: 16,
  /** Characters of a `context` key. */
  contextKeyLength: 64,
  /** Characters of a `context` value. */
  contextValueLength: 1024,
  /** Characters of a `serverName` (which must also hold something besides white space). */
  serverNameLength: 200,
  /** Characters of a request id (the relay makes 22: 128 bits, base64url). */
  requestIdLength: 128,
  /** Characters of a URL-mode `elicitationId` a completion names. */
  elicitationIdLength: 256,
  /** Request ids one `ready` event lists: a person's open requests at most. */
  readyIds: 10_000,
  /** Characters of one event the browser reads by default (`limits.maxEventLength`): a request longer on the wire is refused by the server. */
  eventLength: 1_000_000,
  /** Characters of an event's `id:` (a stream position) the browser keeps to resume from; a longer one is ignored. */
  eventIdLength: 1_024,
} as const);

/**
 * Every HTTP status the relay answers with, named for what it means, and what a window does with it. The
 * server answers with these names and the browser client branches on them: neither writes a status as a
 * bare number. A status not listed (a proxy's) is tried again.
 */
export const RELAY_STATUS = Object.freeze({
  /** GET: the stream is open. POST: the answer was taken, once. */
  ok: 200,
  /** POST: not an answer (`bad-request`), or an accept whose content breaks its schema (`invalid-content`, with field errors). Not sent as it is. */
  badRequest: 400,
  /** Nobody is signed in (`unauthenticated`): the stream stays closed; an answer's card closes. */
  unauthenticated: 401,
  /** The page's origin is not the relay's (`forbidden-origin`): the stream stays closed; an answer stays on its card, not sent. */
  forbidden: 403,
  /** POST: no open request of this person by that id (`not-found`); a store restarted empty says so for a moment. */
  notFound: 404,
  /** Neither GET nor POST. */
  methodNotAllowed: 405,
  /** GET: not asking for `text/event-stream` (`not-acceptable`): the stream stays closed. */
  notAcceptable: 406,
  /** POST: the body did not arrive within its deadline (`body-timeout`): tried again. */
  bodyTimeout: 408,
  /** POST: the request closed already (`already-closed`; its `reason` says how). */
  alreadyClosed: 409,
  /** POST: the body is over its bound (`too-large`). Not sent as it is. */
  tooLarge: 413,
  /** POST: not JSON (`unsupported-media-type`). Not sent as it is. */
  unsupportedMediaType: 415,
  /** Too many answers (`rate-limited`) or streams (`too-many-streams`) of this person: tried again later. */
  tooMany: 429,
  /** The relay failed on its own (`internal`). From here up (a proxy's 502 too): tried again, and an answer may have been taken. */
  internal: 500,
  /** The store is out, or the relay is closing (`store-unavailable`, `closed`): tried again after `Retry-After`. */
  unavailable: 503,
} as const);

/** Request ids: base64url, as the relay makes them; anything else names no request. */
export const RELAY_REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Every scope, for the readers; an unknown one is not offered. */
export const RELAY_REMEMBER_SCOPES: readonly ElicitationRememberScope[] = Object.freeze<ElicitationRememberScope[]>(["chat", "server"]);

/** A remembered decision's key, as the relay makes it (its scope, a dot, a SHA-256 in base64url). */
export const RELAY_REMEMBERED_KEY = /^(chat|server)\.[A-Za-z0-9_-]{43}$/;

/** `event: request` — a request to show. */
export interface RelayRequestEventData {
  /** At least 128 random bits, base64url. */
  id: string;
  serverName: string;
  params: ElicitParams;
  /** What the host passed to `relay.request` (a chat id, a tool call id), never anything from the MCP server. */
  context?: Record<string, string>;
  /** Server clock, ms since the epoch. */
  receivedAt: number;
  /** Server clock, ms since the epoch: the request is answered `cancel` then. */
  deadline?: number;
  /** What the person may remember of an accept (the host's `remember`); absent for sensitive fields, files and URL mode. */
  remember?: ElicitationRememberScope[];
  /**
   * Answered from a decision the person remembered, without a card: its key (what Forget sends) and
   * when it was made (server clock). A `closed` event follows.
   */
  remembered?: { key: string; at: number };
}

/** `event: closed` — the request left without this window's answer. */
export interface RelayClosedEventData {
  id: string;
  reason: RelayCloseReason;
}

/**
 * `event: completed` — the MCP server said a URL-mode elicitation is done
 * (`notifications/elicitation/complete`): the card waiting for it, or the status line of the step
 * the person opened, says so.
 */
export interface RelayCompletedEventData {
  /** The open request it completes, when one is open. */
  id?: string;
  serverName: string;
  elicitationId: string;
}

/** `event: ready` — sent once per connection after the requests still open. */
export interface RelayReadyEventData {
  open: string[];
}

/** The body of a `POST`. */
export interface RelayAnswerBody {
  id: string;
  result: ElicitResult;
  /** "notification": sent by the service worker from a notification's action (the record's cause says so). */
  via?: "notification";
  /** With an accept: keep it for this chat or this server (only a scope the request's `remember` offered). */
  remember?: ElicitationRememberScope;
}

/** The body of a `POST` that forgets one of the person's remembered decisions (`{ ok: true }`, also when it was gone). */
export interface RelayForgetBody {
  forget: string;
}

/**
 * A field error of a refused accept (400 `invalid-content`): the rule it broke (`code`, with its
 * `params`: `{ field: "age", code: "minimum", params: { limit: 18 }, message: "Must be 18 or more" }`),
 * which the browser words in the person's language, and the English `message` for hosts that speak
 * the wire themselves.
 */
export interface RelayFieldError {
  field: string;
  code?: ValidationCode;
  params?: Record<string, unknown>;
  message: string;
}

/** Every reply body a `POST` can get. */
export type RelayPostReply =
  | { ok: true }
  | { error: "invalid-content"; errors: RelayFieldError[] }
  | { error: "bad-request"; message: string }
  | { error: "unauthenticated" }
  | RelayForbiddenOrigin
  | { error: "not-found" }
  | { error: "already-closed"; reason: RelayCloseReason }
  | { error: "too-large" }
  | { error: "body-timeout" }
  | { error: "unsupported-media-type" }
  | { error: "rate-limited" }
  | { error: "store-unavailable" };

/**
 * 403 `forbidden-origin`: the page's `Origin` is neither the request's own origin nor an allowed one
 * (a dev proxy that rewrites `Host` is the usual cause). Both sides are named so the developer sees
 * which setting to change; neither is a secret.
 */
export interface RelayForbiddenOrigin {
  error: "forbidden-origin";
  /** The `Origin` header the relay saw. */
  origin: string;
  /** The origin the relay took as the request's own (from its URL, `X-Forwarded-*` or `Host`). */
  expected: string;
}
