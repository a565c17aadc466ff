// The queue's options, checked once when it is created: misconfiguration fails there, loudly, rather
// than as a queue that silently refuses (or never times out) everything.
import { checkFileInputs } from "../../core/request/fileInputsOptIn";
import { checkRateLimit, type RateLimit } from "../../core/shared/createRateLimiter";
import type { ElicitationQueueOptions } from "../types";

const DEFAULT_RATE_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };
/** An opened URL step with no word from its server is dropped after this long (default 10 minutes). */
const DEFAULT_URL_STEP_TIMEOUT_MS = 10 * 60_000;

export interface QueueSettings {
  now: () => number;
  rateLimit: RateLimit | false;
  /** Off (undefined) unless given. */
  timeoutMs: number | undefined;
  urlStepTimeoutMs: number;
}

/** The options with their defaults; throws a RangeError or TypeError naming the option that cannot work. */
export function readQueueOptions(options: ElicitationQueueOptions): QueueSettings {
  const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  checkRateLimit(rateLimit, "createElicitationQueue");
  const { timeoutMs } = options;
  if (timeoutMs !== undefined && !(timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    throw new RangeError("createElicitationQueue: timeoutMs must be a positive number of milliseconds.");
  }
  // `fileInputs: true` (or any other stand-in for the opt-in value) throws here, not per request.
  checkFileInputs(options.fileInputs);
  const urlStepTimeoutMs = options.urlStepTimeoutMs ?? DEFAULT_URL_STEP_TIMEOUT_MS;
  if (!(urlStepTimeoutMs > 0)) {
    throw new RangeError("createElicitationQueue: urlStepTimeoutMs must be a positive number of milliseconds (Infinity keeps steps).");
  }
  return { now: options.now ?? (() => Date.now()), rateLimit, timeoutMs, urlStepTimeoutMs };
}
