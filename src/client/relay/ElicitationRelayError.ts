// What the relay's browser side reports through `onError`: never thrown, so a bad stream or a
// refused answer never breaks the page.

export type ElicitationRelayErrorCode =
  /** An event whose JSON is not what docs/relay.md says: ignored. */
  | "malformed-event"
  /** An event over `limits.maxEventLength`: skipped. */
  | "event-too-large"
  /** More than `limits.maxEventsPerSecond` events: the stream is dropped and opened again later. */
  | "too-many-events"
  /** More than `limits.maxOpen` requests held at once: the extra ones are not shown. */
  | "too-many-open"
  /** The queue refused a request (invalid params, rate limit, closed); `cause` is its error. */
  | "request-refused"
  /** 401: nobody is signed in. The stream ends; an answer's card closes. */
  | "unauthenticated"
  /** 403 (a foreign origin) or 406: the relay will not serve this page. The stream ends. */
  | "forbidden"
  /** 404 to an answer, still after 5 s of tries: no such open request of this person; its card closes. */
  | "not-found"
  /** 400 (bad request), 413 or 415 to an answer: it cannot be sent as it is; the card stays. */
  | "answer-refused"
  /** The stream failed or ended (network, 5xx, 429, silence): it is opened again with backoff. */
  | "connection-lost";

export class ElicitationRelayError extends Error {
  override readonly name = "ElicitationRelayError";
  readonly code: ElicitationRelayErrorCode;
  /** The HTTP status, when a response said it. */
  readonly status: number | undefined;
  /** The request concerned, when there is one. */
  readonly requestId: string | undefined;

  constructor(code: ElicitationRelayErrorCode, message: string, details: { status?: number; requestId?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.requestId = details.requestId;
  }
}
