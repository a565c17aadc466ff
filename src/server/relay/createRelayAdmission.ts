// What every way into the relay checks before anything is kept (relay.request and relay.park):
// the host's own arguments against the wire's bounds, the relay still open, the person's rate, and
// the refusals in the queue's documented codes, each reported once.
import { ElicitationQueueError, REQUEST_REFUSED } from "../../core/request/ElicitationQueueError";
import { rateLimitedError } from "../../core/request/rateLimitedError";
import { isRelayServerName } from "../../core/relay/readRelayEvent";
import { readRequestContext } from "../../core/relay/readRequestContext";
import { RELAY_BOUNDS } from "../../core/relay/relayWire";
import { createRateLimiter, type RateLimit } from "../../core/shared/createRateLimiter";
import type { ElicitationRelayEvent } from "../types";
import { positiveMs } from "./readRelayOptions";

export interface RelayAdmission {
  /** The host's owner, server name and context: a TypeError for a wrong type, a RangeError naming the wire's bound a browser would drop. */
  checkHostArguments(method: string, owner: unknown, serverName: unknown, context: unknown): void;
  /** A call's timeout, or the relay's. */
  timeoutOf(method: string, timeoutMs: number | undefined): number;
  isClosed(): boolean;
  closedError(): ElicitationQueueError;
  tooManyOpen(): ElicitationQueueError;
  /** The refusal when `owner` is over the rate for `serverName`; nothing is counted. */
  rateRefusal(owner: string, serverName: string): ElicitationQueueError | undefined;
  /** Counts one admission of `owner` and `serverName`. */
  countRate(owner: string, serverName: string): void;
  /** Rejects with `error`, reported as `rejected`. */
  refuse(serverName: string, error: Error & { code: number }, owner?: string): Promise<never>;
  readonly maxOpen: number;
}

const rateKey = (owner: string, serverName: string) => `${owner.length}:${owner}${serverName}`;

export function createRelayAdmission({
  rateLimit,
  now,
  timeoutMs,
  maxOpen,
  isClosed,
  emit,
}: {
  rateLimit: RateLimit | false;
  now: () => number;
  timeoutMs: number;
  maxOpen: number;
  isClosed: () => boolean;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
}): RelayAdmission {
  const requests = createRateLimiter(rateLimit, now);
  return {
    maxOpen,
    isClosed,
    checkHostArguments(method, owner, serverName, context) {
      if (typeof owner !== "string" || owner === "") throw new TypeError(`${method}: owner must be the person's id (a non-empty string).`);
      if (typeof serverName !== "string") throw new TypeError(`${method}: serverName must be a string.`);
      if (!isRelayServerName(serverName)) {
        throw new RangeError(`${method}: serverName must hold something besides white space and be at most ${RELAY_BOUNDS.serverNameLength} characters.`);
      }
      const reading = readRequestContext(context);
      if (!reading.ok) throw reading.bound ? new RangeError(`${method}: ${reading.problem}.`) : new TypeError(`${method}: ${reading.problem}.`);
    },
    timeoutOf(method, given) {
      const chosen = given ?? timeoutMs;
      if (!positiveMs(chosen)) throw new RangeError(`${method}: timeoutMs must be a positive number of milliseconds.`);
      return chosen;
    },
    closedError: () => new ElicitationQueueError("queue-closed", REQUEST_REFUSED, "The host is no longer showing requests."),
    tooManyOpen: () => new ElicitationQueueError("too-many-open", REQUEST_REFUSED, `This person already has ${maxOpen} open requests.`, { max: maxOpen }),
    rateRefusal(owner, serverName) {
      if (rateLimit === false || requests.allows(rateKey(owner, serverName))) return undefined;
      return rateLimitedError(serverName, rateLimit);
    },
    countRate(owner, serverName) {
      if (rateLimit !== false) requests.record(rateKey(owner, serverName));
    },
    refuse(serverName, error, owner) {
      emit({ type: "rejected", owner, serverName, code: error.code });
      return Promise.reject(error);
    },
  };
}
