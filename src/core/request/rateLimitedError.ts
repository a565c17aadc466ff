import { quoteExcerpt } from "../shared/excerpt";
import type { RateLimit } from "../shared/createRateLimiter";
import { ElicitationQueueError, REQUEST_REFUSED } from "./ElicitationQueueError";

/** The refusal of a request over its rate limit, in the same words from the queue and the relay. */
export function rateLimitedError(serverName: string, limit: RateLimit): ElicitationQueueError {
  return new ElicitationQueueError(
    "rate-limited",
    REQUEST_REFUSED,
    `Too many elicitation requests from ${quoteExcerpt(serverName)}: at most ${limit.max} per ${limit.windowMs / 1000} s.`,
    { max: limit.max, windowMs: limit.windowMs },
  );
}
