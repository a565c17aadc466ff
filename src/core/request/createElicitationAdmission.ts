// The one admission step every way in shares: the page's queue, relay.request and relay.park. In
// order: the way in still open, the rate of the request's source, the params (the core's preparation:
// structure, limits, file inputs, pattern syntax), the sensitive-fields policy. It counts nothing: the
// caller counts once it takes the request, so a URL replay joining an open one counts nothing and a
// round of several questions counts once. Each caller refuses with its own error type, in the same
// words and codes.
import type { ElicitResult } from "../types";
import { createRateLimiter, type RateLimit } from "../shared/createRateLimiter";
import { quoteExcerpt } from "../shared/excerpt";
import { INTERNAL_ERROR, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "./ElicitationQueueError";
import type { ElicitationSchemaError } from "./ElicitationSchemaError";
import { prepareElicitationRequest, type PreparedElicitationRequest } from "./prepareElicitationRequest";

/** An error type with the queue's shape: a reason, a JSON-RPC code, a message and data. */
export type RefusalType<E> = new (reason: ElicitationQueueErrorReason, code: number, message: string, data?: Record<string, unknown>, options?: { cause?: unknown }) => E;

type Prepared = Extract<PreparedElicitationRequest, { ok: true }>;

export type AdmissionResult<E> =
  /** Refused: closed, over the rate, or params it cannot show. */
  | { ok: false; error: E | ElicitationSchemaError }
  /** Taken: `prepared.answer` is set when the host's policy answered for the person (nothing to show). */
  | { ok: true; prepared: Prepared; answer: ElicitResult | undefined };

export interface ElicitationAdmission<E> {
  /** The step: the first refusal, or the prepared request. Counts nothing. */
  admit(source: string, serverName: string, params: unknown): AdmissionResult<E>;
  /** The preparation alone (no way-in or rate check): for a request already answered elsewhere, to show it. */
  prepare(params: unknown): PreparedElicitationRequest;
  /** Counts one admission of `source` against the rate. */
  count(source: string): void;
  /** The refusal once the way in is closed. */
  closedError(): E;
  /** The refusal of a person already holding `max` open requests. */
  tooManyOpen(max: number): E;
  /** The refusal of a request the store failed to take (`cause`: the store's error), so nothing was shown. */
  storeUnavailable(cause: unknown): E;
}

export function createElicitationAdmission<E>({
  Refusal,
  rateLimit,
  now,
  isClosed,
  prepare = prepareElicitationRequest,
}: {
  Refusal: RefusalType<E>;
  rateLimit: RateLimit | false;
  now: () => number;
  isClosed: () => boolean;
  prepare?: (params: unknown) => PreparedElicitationRequest;
}): ElicitationAdmission<E> {
  const admissions = createRateLimiter(rateLimit, now);
  const closedError = () => new Refusal("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests.");
  return {
    admit(source, serverName, params) {
      if (isClosed()) return { ok: false, error: closedError() };
      if (rateLimit !== false && !admissions.allows(source)) {
        const message = `Too many elicitation requests from ${quoteExcerpt(serverName)}: at most ${rateLimit.max} per ${rateLimit.windowMs / 1000} s.`;
        return { ok: false, error: new Refusal("rate-limited", REQUEST_REFUSED, message, { max: rateLimit.max, windowMs: rateLimit.windowMs }) };
      }
      const prepared = prepare(params);
      if (!prepared.ok) return { ok: false, error: prepared.error };
      return { ok: true, prepared, answer: prepared.answer };
    },
    prepare,
    count(source) {
      if (rateLimit !== false) admissions.record(source);
    },
    closedError,
    tooManyOpen: (max) => new Refusal("too-many-open", REQUEST_REFUSED, `This person already has ${max} open requests.`, { max }),
    storeUnavailable: (cause) =>
      new Refusal("store-unavailable", INTERNAL_ERROR, "The host could not open this request: its store failed or did not answer in time. Nothing was shown; try again later.", {}, { cause }),
  };
}
