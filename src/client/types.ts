// Shapes shared by the queue, the outlet and hosts.
import type { ElicitationRememberScope, ElicitParams, ElicitResult, FileInputs, ParsedElicitationRequest } from "../core/types";
import type { ElicitationCallOptions, ElicitationCallRequestOptions } from "../core/shared/callPausingWhileAsking";
import type { PreparedElicitationRequest } from "../core/request/prepareElicitationRequest";
import type { SensitiveFieldPolicy } from "../core/types";

export interface ElicitationQueueOptions {
  /** Requests admitted per server within `windowMs`; further ones are rejected. Default 10 per 60 000 ms; `false` turns it off. */
  rateLimit?: { max: number; windowMs: number } | false;
  /** Time a request may stay on screen before it is answered `cancel`. Counted from when it is shown. Off by default. */
  timeoutMs?: number;
  /** Audit trail: every state change of every request. */
  onEvent?: (event: ElicitationQueueEvent) => void;
  /** Clock in ms, replaceable in tests. Default `Date.now`. */
  now?: () => number;
  /** Size limits for every request (see `defaultElicitationLimits`); a request over them is rejected with -32602. */
  limits?: Partial<import("../core/request/limits").ElicitationLimits>;
  /** "decline": a form request with a field that looks like a password, key, token, card or ID number is answered `decline` without being shown. Default "warn" (the dialog shows a warning). */
  sensitiveFields?: SensitiveFieldPolicy;
  /**
   * File inputs (draft SEP-2356): `x-mcp-file` properties are admitted as file fields (a picker with
   * drag and drop whose value is a data: URI) and their annotation is checked (-32602 when malformed).
   * Given `fileInputs` from "react-mcp-elicitation/core", which brings the code that reads them; off by
   * default: such a property is a URL field. Declare the `fileInputs` client capability to match.
   */
  fileInputs?: FileInputs | false;
  /**
   * How long an opened URL-mode step shows "Waiting for you to finish on …" when its server never
   * sends `notifications/elicitation/complete` (optional in the spec). Default 600 000 ms (10 minutes);
   * `Infinity` keeps steps until the person dismisses them.
   */
  urlStepTimeoutMs?: number;
}

export interface ElicitationQueueRequest {
  /** Who is asking, as the host knows it (never taken from the request itself). */
  serverName: string;
  /** `params` of `elicitation/create` exactly as received. */
  params: unknown;
  /** Aborts when the server withdraws the request (SDK: `extra.signal` / `ctx.mcpReq.signal`). */
  signal?: AbortSignal;
  /** Overrides the queue's `timeoutMs` for this request. */
  timeoutMs?: number;
  /**
   * Hands the person's answer to something that may refuse it (a relay, the host's own socket). The
   * request stays on screen, "Sending…", until it resolves; then it leaves the queue and `request`
   * resolves with that answer. A rejection with `ElicitationAnswerRefused` puts its errors on the
   * fields and waits for a corrected answer; any other rejection is retried with backoff (the same
   * answer, never two at once) while the card says so and the person may still Cancel.
   * Answers the queue gives by itself (timeout, "stop asking", `close()`) do not go through it.
   */
  deliver?: (result: ElicitResult, options?: ElicitationAnswerOptions) => Promise<void>;
  /** What the person may remember of an accept (a relay offers it): the card draws a checkbox for each, and the choice goes to `deliver`. */
  remember?: readonly ElicitationRememberScope[];
  /** The host's own labels for this request (a chat id, a tool call id), to place its card by: string values, copied onto `entry.context`. */
  context?: Readonly<Record<string, string>>;
  /**
   * Where what the person types into this request is kept (with the outlet's `drafts`): a key naming
   * this request and no other, the same each time the request is drawn again (the relay connection
   * gives its request's id). Default: one made by the queue, good for as long as the queue lives.
   */
  draftKey?: string;
}

/** How the person answered, besides the answer: what they asked to remember of an accept. */
export interface ElicitationAnswerOptions {
  remember?: ElicitationRememberScope;
}

/** A question answered without a card from a decision the person remembered (`queue.addRemembered`). */
export interface ElicitationRememberedRequest {
  serverName: string;
  /** `params` of the question answered. */
  params: unknown;
  context?: Readonly<Record<string, string>>;
  /** When the person made the decision (ms since the epoch). */
  rememberedAt: number;
  /** Names the decision: every line of it says `forgotten` once one's Forget went through. */
  decision: string;
  /** Revokes the decision (the relay's Forget); resolves once it is gone. */
  forget: () => Promise<void>;
}

/** The line a thread draws for a question answered from a remembered decision ("Answered automatically — remembered 3 Dec · Forget"). */
export interface ElicitationRememberedEntry extends ElicitationQueueEntry {
  readonly rememberedAt: number;
  readonly decision: string;
  /** Forget was pressed and went through: the next such question is asked again. */
  readonly forgotten: boolean;
  /** Revokes the decision; the entry then says `forgotten`. Rejects when it could not be sent. */
  forget(): Promise<void>;
}

export interface ElicitationQueueEntry {
  /** Queue-local id, unique per queue. */
  readonly id: string;
  /** Where its draft is kept: the request's `draftKey`, or one the queue made for it. */
  readonly draftKey: string;
  readonly serverName: string;
  readonly params: ElicitParams;
  /** The request as the queue prepared it (`prepared.request`). */
  readonly request: ParsedElicitationRequest;
  /**
   * What `prepareElicitationRequest` returned when the queue admitted the request, the same object
   * for the entry's whole stay: give it to `ElicitationDialog`'s `prepared` so it is drawn as is,
   * never prepared again. Always `ok` (the queue refuses the rest) and without an `answer` (the
   * queue answers those itself).
   */
  readonly prepared: Extract<PreparedElicitationRequest, { ok: true }>;
  /** `now()` when the request arrived. */
  readonly receivedAt: number;
  /** `now()` value at which the request times out; set once it is shown with a timeout. */
  readonly deadline?: number;
  /** URL mode: the server reported (`notifications/elicitation/complete`) that the step is done. */
  readonly completed: boolean;
  /** `context` as the request gave it (string values only), or undefined. */
  readonly context?: Readonly<Record<string, string>>;
  /** An answer is on its way through `deliver`: "sending", or "retrying" after a failure. */
  readonly delivery?: "sending" | "retrying";
  /** What the person may remember of an accept, as the request offered it. */
  readonly remember?: readonly ElicitationRememberScope[];
  /**
   * Aborts when the request leaves the queue without the person's answer (timeout, "stop asking",
   * withdrawn by its server, queue closed). The outlet passes it to the dialog, which then keeps a
   * draft of what was typed and closes without answering.
   */
  readonly signal: AbortSignal;
}

// The queue's own state: its URL-mode steps.
/** A URL-mode step the user agreed to open, tracked until the server says it is complete. */
export interface ElicitationUrlStep {
  readonly elicitationId: string;
  readonly serverName: string;
  readonly url: string;
  readonly status: "waiting" | "done";
  /** `now()` when the person opened the link. */
  readonly openedAt: number;
}

export interface ElicitationQueueSnapshot {
  /** The request on screen, if any. */
  readonly current: ElicitationQueueEntry | undefined;
  /** Every unanswered request in arrival order; `entries[0]` is `current`. */
  readonly entries: readonly ElicitationQueueEntry[];
  /** Opened URL-mode steps, for a "waiting / done" status line. */
  readonly urlSteps: readonly ElicitationUrlStep[];
  /** Questions answered from remembered decisions, oldest first (the last 50), for their lines in the thread. */
  readonly remembered: readonly ElicitationRememberedEntry[];
}

export type ElicitationQueueEventType =
  | "requested"
  | "shown"
  | "answered"
  | "withdrawn"
  | "rejected"
  | "completed"
  /** An opened URL step with no word from its server reached `urlStepTimeoutMs` and was dropped. */
  | "expired";

export interface ElicitationQueueEvent {
  type: ElicitationQueueEventType;
  serverName: string;
  /** `now()` when it happened. */
  time: number;
  /** Queue-local id; absent for requests rejected before they got one. */
  id?: string;
  /** "answered": what the user (or the timeout / "stop asking") chose. */
  action?: ElicitResult["action"];
  /**
   * "answered": why — the user's button, the timeout, "stop asking", the host declining sensitive
   * fields, or "replay": a URL-mode elicitation already answered (or waiting) arrived again and got
   * the same answer without being shown.
   */
  cause?: "user" | "timeout" | "stop-asking" | "sensitive" | "replay";
  /** "rejected": the JSON-RPC error code of the error the request was rejected with. "withdrawn": undefined (the server's own abort reason is passed on). */
  code?: number;
  /** "completed", "expired", "answered" by replay: the URL-mode elicitation concerned. */
  elicitationId?: string;
}

export interface ElicitationQueue {
  /** Shows `params` when its turn comes; resolves with the user's answer, exactly once. */
  request(request: ElicitationQueueRequest): Promise<ElicitResult>;
  /** Answers the request with this id. False when it was already answered or withdrawn. A request with `deliver` is only sent on its way: use `submit` to learn whether it was taken. */
  respond(id: string, result: ElicitResult): boolean;
  /**
   * Answers the request with this id, as the outlet does. Without `deliver`: at once, like `respond`.
   * With `deliver`: a promise that resolves true once the answer is taken (false when the request
   * left first) and rejects with `ElicitationAnswerRefused` when it is refused (the request stays).
   * While an answer is on its way a second one is not sent; only Cancel, once sending has failed,
   * replaces it for the next try.
   */
  submit(id: string, result: ElicitResult, options?: ElicitationAnswerOptions): boolean | Promise<boolean>;
  /** A question answered without a card from a remembered decision (the relay connection adds them): into `remembered`, for its line. False when its params are not a valid request. */
  addRemembered(request: ElicitationRememberedRequest): boolean;
  /**
   * Starts the turn of the request with this id — its "shown" event and its timeout — when an outlet
   * draws it before it reaches the head (an outlet with a `filter`); the head's starts by itself. Once
   * per request; false when it is not waiting.
   */
  show(id: string): boolean;
  /** "Stop asking": answers `cancel` to every unanswered request from this server. Returns how many. */
  cancelServer(serverName: string): number;
  /** `notifications/elicitation/complete` arrived. True when it matched a request or an opened step. */
  completeElicitation(elicitationId: string, serverName?: string): boolean;
  /** Removes a URL step from the snapshot, waiting or done (the person closed its status line). */
  dismissUrlStep(elicitationId: string, serverName?: string): void;
  /** Answers `cancel` to everything and refuses new requests (host shutting down). */
  close(): void;
  /** The queue's clock (`options.now`), so the UI counts time left on the same clock. */
  now(): number;
  /**
   * Runs a client call (a tool call, say) under a time limit that pauses while a request of this
   * server waits in the queue or is on screen, or a URL-mode step of it is open: the time a person
   * takes to answer does not count.
   * `run` gets the request options to pass to the client: `signal` aborts when the limit is reached
   * (or the host's own `signal` aborts), `timeout` turns the client's own timer off.
   */
  call<T>(serverName: string, run: (options: ElicitationCallRequestOptions) => T | PromiseLike<T>, options?: ElicitationCallOptions): Promise<Awaited<T>>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ElicitationQueueSnapshot;
}

export type { ElicitationCallOptions, ElicitationCallRequestOptions } from "../core/shared/callPausingWhileAsking";
