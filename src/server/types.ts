// The relay's public shapes (react-mcp-elicitation/server).
import type { ElicitationCallOptions, ElicitationCallRequestOptions } from "../core/shared/callPausingWhileAsking";
import type { RateLimit } from "../core/shared/createRateLimiter";
import type { ElicitationLimits } from "../core/request/limits";
import type { RelayCloseReason } from "../core/relay/relayWire";
import type { ElicitationRememberScope } from "../core/types";
import type { ElicitResult, FileInputs } from "../core/types";
import type { ElicitationRelayStore, RelayToolCall } from "./ElicitationRelayStore";

export interface ElicitationRelayOptions {
  /**
   * Who is asking, from the request (a session cookie, a bearer token): the person's id, or null when
   * nobody is signed in (401). May be left out by a host whose middleware passes the person to
   * `relay.handle(request, { owner })`; with neither, every request is refused with 401.
   */
  identify?: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  /** Where open requests live. Default: in this process's memory. Several instances: `createRedisRelayStore`. */
  store?: ElicitationRelayStore;
  /** Time a request may stay open before it is answered `cancel` (reason "timeout"), counted from its arrival. Default 600 000 ms (10 minutes). */
  timeoutMs?: number;
  /** Requests admitted per person and server within `windowMs`; further ones are refused (-32000). Default 10 per 60 000 ms; `false` turns it off. */
  rateLimit?: RateLimit | false;
  /** Size limits for every request, as the queue's (-32602 beyond them); the POST body bound is derived from them. */
  limits?: Partial<ElicitationLimits>;
  /** "decline": a form asking for a password, key, token, card or ID number is answered `decline` without reaching the browser. Default "warn". */
  sensitiveFields?: "warn" | "decline";
  /** File inputs (draft SEP-2356), as the queue's: `fileInputs` from "react-mcp-elicitation/core". Off by default. */
  fileInputs?: FileInputs | false;
  /** Origins besides the request's own whose `Origin` header is accepted (`https://app.example.com`). Default none. */
  allowedOrigins?: readonly string[];
  /** Audit trail: every state change, never anything of an answer's content. */
  onEvent?: (event: ElicitationRelayEvent) => void;
  /**
   * Reaches a person who has not seen a question: `send` is called once for a question no window of
   * its owner has drawn within `afterMs` (on any instance), and never for one answered, withdrawn or
   * closed meanwhile. Off by default.
   */
  notify?: ElicitationRelayNotify;
  /**
   * The record of each closed question, once across every instance sharing the store (an audit log or
   * table): who, which server, how it ended and when — never the answer's content unless
   * `recordContent` says so for that server. Set it on every instance. A throw is reported
   * (`record-failed`), never retried; `relay.close()` waits for the calls under way. Requests of
   * parked rounds (`relay.park`) are not recorded.
   */
  onRecord?: (record: ElicitationRecord) => void | Promise<void>;
  /** Whether the records of `serverName`'s questions carry what the person accepted (`content`). Default: never. */
  recordContent?: (serverName: string) => boolean;
  /**
   * Lets a person remember an accepted answer (docs/attention.md): the card offers "Remember for this
   * chat" and/or "Always for this server", and the same server's same form (its schema and message,
   * exactly) is then answered with the same content without a card. Never offered for sensitive
   * fields, files or URL mode. Off by default.
   */
  remember?: ElicitationRelayRemember;
  /** Open requests one person may have at once; further ones are refused (-32000). Default 50. */
  maxOpenPerPerson?: number;
  /** Event streams one person may hold on this instance (429 beyond). Default 8. */
  maxStreamsPerPerson?: number;
  /** Answers (POSTs) one person may send within `windowMs` (429 beyond). Default 30 per 10 000 ms; `false` turns it off. */
  answerRateLimit?: RateLimit | false;
  /** Largest POST body read, in bytes (413 beyond). Default derived from `limits` and `fileInputs` (relayBodyLimit). */
  maxBodyBytes?: number;
  /** Bytes a stream may hold unsent before its reader is dropped. Default 1 MiB. */
  maxStreamBufferBytes?: number;
  /** Interval of the keep-alive comment on every stream. Default 15 000 ms. */
  keepAliveMs?: number;
  /**
   * Longest wait for the store on a person's stream or answer: past it (or at once when the store
   * fails) the reply is 503 `store-unavailable` with `Retry-After`, and the browser tries again.
   * Default 5 000 ms.
   */
  storeTimeoutMs?: number;
  /** Longest time to read a POST body: a body that trickles past it gets 408 `body-timeout` and its slot back. Default 30 000 ms. */
  bodyTimeoutMs?: number;
  /**
   * Resumes a parked round (`relay.park`) once every request of it is answered, or once it expires
   * (unanswered keys answered `cancel`): retry the call with `inputResponses` and `requestState`.
   * Called once per round, on the instance that took its last answer (the POST answers after it
   * returns) or that noticed its deadline. A throw is reported (`resume-failed`); the round is not resumed again.
   */
  onResume?: (round: ElicitationRelayResume) => void | Promise<void>;
  /** How often this instance looks for parked rounds past their deadline (with `onResume` only). Default 5 000 ms. */
  roundSweepMs?: number;
  /** Clock in ms, replaceable in tests. Default `Date.now`. */
  now?: () => number;
}

export interface ElicitationRelayRemember {
  /** The `context` entry naming the chat (`"chatId"`): offers "Remember for this chat" on requests whose context has it. */
  chat?: string;
  /** Offers "Always for this server". */
  server?: boolean;
}

/** One decision a person remembered (`relay.remembered`). */
export interface ElicitationRememberedDecision {
  /** What `relay.forget` and the thread's Forget take. */
  key: string;
  scope: ElicitationRememberScope;
  serverName: string;
  /** The chat it holds for (the value of the `remember.chat` entry), when `scope` is "chat". */
  chat?: string;
  /** The server's message when it was remembered, cut to 140 characters. */
  message: string;
  /** What is sent each time, exactly as the person accepted it. */
  content: NonNullable<ElicitResult["content"]>;
  /** When the person remembered it (`now()`, ms). */
  at: number;
}

export interface ElicitationRelayNotify {
  /** How long a question waits for a window to draw it before its notice goes. */
  afterMs: number;
  /** Sends the notice (an email, a chat message, Web Push). A throw is reported (`notify-failed`), never retried. */
  send: (notice: ElicitationNotice) => void | Promise<void>;
}

/** What a notice may say: who asks and what, never anything of an answer or a field. */
export interface ElicitationNotice {
  /** The request's id (a link back can carry it). */
  id: string;
  owner: string;
  serverName: string;
  /** The server's message, cut to 140 characters. */
  message: string;
  /** The host's context given with the request (a chat id), for the link back. */
  context?: Record<string, string>;
  /** When the question arrived. */
  receivedAt: number;
  /**
   * For the simplest questions (one yes/no, or one choice of at most three; never a field whose words
   * name a secret, a file or URL mode): the answers a person may give from the notice itself, each
   * with its words ("Yes", "No", or the choice's title) and the answer to POST for it.
   */
  choices?: { title: string; result: ElicitResult }[];
}

/**
 * How a question came to its end: `person` answered in a window; `notification`: the person
 * answered from a notification's action (Web Push); `timeout`; `withdrawn` by its MCP
 * server or tool call (the request's signal); `stopped` by the chat's Stop (`relay.stop`); `over`
 * (`relay.withdraw`); `shutdown` (`relay.close`); `holder-gone` (the instance holding it died and
 * the store closed it); `policy` (declined for its sensitive fields, never shown); `remembered`
 * (answered from a decision the person remembered, never shown as a card).
 */
export type ElicitationRecordCause = "person" | "notification" | "timeout" | "withdrawn" | "stopped" | "over" | "shutdown" | "holder-gone" | "policy" | "remembered";

/** One closed question, as `onRecord` gets it. */
export interface ElicitationRecord {
  id: string;
  owner: string;
  serverName: string;
  /** The host's context given with the request (a chat id, a tool call id). */
  context?: Record<string, string>;
  /** What its MCP side got ("cancel" for every closing without an answer, a withdrawal too). */
  action: ElicitResult["action"];
  cause: ElicitationRecordCause;
  /** When the question arrived and when it closed (`now()`, ms). */
  receivedAt: number;
  closedAt: number;
  /** What the person accepted, only where `recordContent(serverName)` is true. */
  content?: ElicitResult["content"];
}

/** A 2026-07-28 `input_required` round the host parks instead of holding its function open. */
export interface ElicitationRelayPark {
  /** Whose round it is: the id `identify` returns for that person. */
  owner: string;
  /** Who is asking, as the host knows it. */
  serverName: string;
  /** The tool call to retry: its name and arguments as first sent. */
  call: RelayToolCall;
  /** The result's `inputRequests` exactly as received: every entry must be `elicitation/create`. */
  inputRequests: unknown;
  /** The result's `requestState`, kept as given (it may be sensitive: never logged, expired with the round). */
  requestState?: string;
  /** The host's context, sent to the browser with each request and given back on resume (as `relay.request`'s). */
  context?: Record<string, string>;
  /** Time the round may wait for its answers before it is resumed with `cancel`. Default the relay's `timeoutMs`. */
  timeoutMs?: number;
}

/** What `onResume` gets: everything to retry the call. */
export interface ElicitationRelayResume {
  roundId: string;
  owner: string;
  serverName: string;
  call: RelayToolCall;
  requestState?: string;
  /** One answer per key of the round's `inputRequests`. */
  inputResponses: Record<string, ElicitResult>;
  context?: Record<string, string>;
  /** "answered": the person answered every request; "timeout": the round expired, unanswered keys are `cancel`. */
  cause: "answered" | "timeout";
}

export interface ElicitationRelayHandleOptions {
  /** The person, as the host's own login found them; null or undefined when nobody is signed in. */
  owner?: string | null;
  /**
   * Anything else is ignored: `export const GET = relay.handle` stays a valid route handler where the
   * framework passes its own second argument (Next.js: `{ params }`).
   */
  readonly [key: string]: unknown;
}

export interface ElicitationRelayWithdrawal {
  /** Whose requests. */
  owner: string;
  /** The entries a request's `context` must hold, e.g. `{ chatId }` or `{ toolCallId }`. */
  context: Record<string, string>;
}

export interface ElicitationRelayRequest {
  /** Whose request it is: the id `identify` returns for that person. */
  owner: string;
  /** Who is asking, as the host knows it (never taken from the request itself). */
  serverName: string;
  /** `params` of `elicitation/create` exactly as received. */
  params: unknown;
  /** Aborts when the server withdraws the request (SDK: `extra.signal`). */
  signal?: AbortSignal;
  /** Overrides the relay's `timeoutMs` for this request. */
  timeoutMs?: number;
  /**
   * The host's context, sent to the browser with the request (a chat id, a tool call id): at most 16
   * entries, keys up to 64 characters, values up to 1 024 (`RELAY_BOUNDS`; beyond them a RangeError).
   */
  context?: Record<string, string>;
}

export type ElicitationRelayEventType =
  | "requested"
  | "shown"
  | "answered"
  | "withdrawn"
  | "rejected"
  | "answer-refused"
  | "stream-opened"
  | "stream-closed"
  | "parked"
  | "resumed"
  | "resume-failed"
  | "completed"
  | "origin-refused"
  | "store-failed"
  | "store-reset"
  | "notified"
  | "notify-failed"
  | "record-failed"
  | "remembered"
  | "forgotten";

export interface ElicitationRelayEvent {
  type: ElicitationRelayEventType;
  /** `now()` when it happened. */
  time: number;
  /** The person, as `identify` named them. */
  owner?: string;
  serverName?: string;
  /** The request id. */
  id?: string;
  /** "completed": the URL-mode elicitation its server said is done. */
  elicitationId?: string;
  /** A parked round's id ("parked", "resumed", "resume-failed", and its requests' events). Never its `requestState`. */
  roundId?: string;
  /** "answered": what was answered. */
  action?: ElicitResult["action"];
  /**
   * "answered": the person (from a window), "notification": the person, from a notification's action
   * (as the record's cause), the timeout, the relay closing, the sensitive-field policy,
   * "replay": a URL-mode elicitation already answered (or open) arrived again and got the same answer
   * without being shown, or "remembered": a decision the person remembered answered it without a card.
   */
  cause?: "user" | "notification" | "timeout" | "closed" | "sensitive" | "replay" | "remembered";
  /** "remembered" (a decision kept), "forgotten": the decision's scope. */
  scope?: ElicitationRememberScope;
  /** "rejected": the JSON-RPC code the request was refused with. */
  code?: number;
  /** "requested": event streams this person has open on this instance (0: nobody is looking; the request waits for its timeout). */
  streams?: number;
  /** "answer-refused": the HTTP status and error name. "stream-closed": why the stream ended. */
  status?: number;
  /** "answer-refused": the error name. "store-failed": the store operation that failed or timed out (`settle`, `snapshot`…). "notify-failed", "record-failed": the thrown error's name. */
  error?: string;
  /** "origin-refused": the `Origin` header seen, and the origin the relay took as the request's own. */
  origin?: string;
  expected?: string;
  reason?: RelayCloseReason | "disconnected" | "dropped" | "closed";
}

export interface ElicitationRelay {
  /** Carries `params` to `owner`'s browser; resolves with the answer, exactly once. Rejects like `queue.request`. */
  request(request: ElicitationRelayRequest): Promise<ElicitResult>;
  /** Like `queue.call`: the call's time stops while `owner` has an open request of `serverName` held here. */
  call<T>(owner: string, serverName: string, run: (options: ElicitationCallRequestOptions) => T | PromiseLike<T>, options?: ElicitationCallOptions): Promise<Awaited<T>>;
  /**
   * The route: GET is the person's event stream, POST one answer (docs/relay.md). `owner`: the person
   * the host's own login already found (Express's `req.user`); else `identify` is asked.
   */
  handle(request: Request, options?: ElicitationRelayHandleOptions): Promise<Response>;
  /**
   * Closes the open requests of `owner` whose context holds every entry of `context` (a chat that was
   * deleted, a tool call that ended), on any instance: their MCP side gets `cancel`, their cards close.
   * Resolves with how many closed.
   */
  withdraw(withdrawal: ElicitationRelayWithdrawal): Promise<number>;
  /**
   * The chat's Stop, on whichever instance it lands: aborts every `stopSignal` of `owner` whose context
   * holds all of `context` (on any instance sharing the store), and withdraws the same questions as
   * `withdraw`. Resolves with how many questions closed.
   */
  stop(stop: ElicitationRelayWithdrawal): Promise<number>;
  /**
   * A signal for a chat's run (`streamText({ abortSignal })`) that aborts on `relay.stop` for this
   * person and chat, from any instance — and on nothing else: a reload, a closed tab or a dropped
   * network leave the run and its questions be. Held weakly: it lives as long as the run holds it.
   */
  stopSignal(scope: ElicitationRelayWithdrawal): AbortSignal;
  /**
   * Parks a 2026-07-28 `input_required` round: each elicitation becomes an open request of `owner`
   * (prepared and refused exactly as `request`'s; nothing is parked when one is refused), and the
   * host's function may end. `onResume` gets the answers. Rejects when `onResume` is not set.
   */
  park(round: ElicitationRelayPark): Promise<{ roundId: string }>;
  /**
   * `notifications/elicitation/complete` (URL mode) reached the MCP client serving `owner`: their open
   * request of `serverName` with this `elicitationId` (on any instance), or the step they opened by
   * accepting it here, is shown done in every window of theirs (`event: completed`), never anyone
   * else's. True when it matched something, like `queue.completeElicitation`.
   */
  completeElicitation(owner: string, serverName: string, elicitationId: string): Promise<boolean>;
  /** The decisions `owner` remembered (`remember`), oldest first, from any instance. */
  remembered(owner: string): Promise<ElicitationRememberedDecision[]>;
  /** Forgets one of `owner`'s remembered decisions, by its key: the next such question is asked again. False when it was not there. */
  forget(owner: string, key: string): Promise<boolean>;
  /** Answers `cancel` to every open request held here, ends every stream, refuses new requests. */
  close(): Promise<void>;
}
