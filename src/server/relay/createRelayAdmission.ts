// What every way into the relay checks before anything is kept (relay.request and relay.park): the
// host's own arguments against the wire's bounds, then the core's admission step (closed, the
// person's rate per server, the params, the sensitive-fields policy), refusing with the relay's own
// error type, each refusal reported once; and the refusal of what the store failed to take.
import { createElicitationAdmission, type AdmissionResult } from "../../core/request/createElicitationAdmission";
import { INVALID_PARAMS } from "../../core/request/ElicitationQueueError";
import type { PreparedElicitationRequest } from "../../core/request/prepareElicitationRequest";
import { isRelayServerName } from "../../core/relay/readRelayEvent";
import { readRequestContext } from "../../core/relay/readRequestContext";
import { RELAY_BOUNDS } from "../../core/relay/relayWire";
import type { RateLimit } from "../../core/shared/createRateLimiter";
import { StoreUnavailable } from "../createStoreGuard";
import { ElicitationRelayRequestError } from "../ElicitationRelayRequestError";
import type { ElicitationRelayEvent } from "../types";
import { positiveMs } from "./readRelayOptions";

export interface RelayAdmission {
  /** The host's owner, server name and context: a TypeError for a wrong type, a RangeError naming the wire's bound a browser would drop. */
  checkHostArguments(method: string, owner: unknown, serverName: unknown, context: unknown): void;
  /** A call's timeout, or the relay's. */
  timeoutOf(method: string, timeoutMs: number | undefined): number;
  /** The core's step for `owner`'s request from `serverName`; nothing is counted. */
  admit(owner: string, serverName: string, params: unknown): AdmissionResult<ElicitationRelayRequestError>;
  /** Counts one admission of `owner` and `serverName` (a request, or a whole round). */
  count(owner: string, serverName: string): void;
  isClosed(): boolean;
  closedError(): ElicitationRelayRequestError;
  tooManyOpen(): ElicitationRelayRequestError;
  /**
   * Rejects with the refusal of a request the store failed to take, reported as `rejected`, when `error`
   * is the store's failure (its own error the refusal's cause); anything else is rejected with as it is.
   */
  refuseFailedStore(serverName: string, error: unknown, owner?: string): Promise<never>;
  /** -32602 for what the host handed over that no browser can be shown (the core's schema errors aside). */
  invalidParams(message: string, data?: Record<string, unknown>): ElicitationRelayRequestError;
  /** Rejects with `error`, reported as `rejected`. */
  refuse(serverName: string, error: Error & { code: number }, owner?: string): Promise<never>;
  readonly maxOpen: number;
}

/** The rate's key: one person's requests from one server. */
const rateKey = (owner: string, serverName: string) => `${owner.length}:${owner}${serverName}`;

export function createRelayAdmission({
  rateLimit,
  now,
  timeoutMs,
  maxOpen,
  isClosed,
  prepare,
  emit,
}: {
  rateLimit: RateLimit | false;
  now: () => number;
  timeoutMs: number;
  maxOpen: number;
  isClosed: () => boolean;
  prepare: (params: unknown) => PreparedElicitationRequest;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
}): RelayAdmission {
  const admission = createElicitationAdmission({ Refusal: ElicitationRelayRequestError, rateLimit, now, isClosed, prepare });
  const refuse = (serverName: string, error: Error & { code: number }, owner?: string): Promise<never> => {
    emit({ type: "rejected", owner, serverName, code: error.code });
    return Promise.reject(error);
  };
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
    admit: (owner, serverName, params) => admission.admit(rateKey(owner, serverName), serverName, params),
    count: (owner, serverName) => admission.count(rateKey(owner, serverName)),
    closedError: admission.closedError,
    tooManyOpen: () => admission.tooManyOpen(maxOpen),
    invalidParams: (message, data) => new ElicitationRelayRequestError("invalid-params", INVALID_PARAMS, message, data),
    refuse,
    refuseFailedStore(serverName, error, owner) {
      if (!(error instanceof StoreUnavailable)) return Promise.reject(error);
      return refuse(serverName, admission.storeUnavailable(error.cause), owner);
    },
  };
}
