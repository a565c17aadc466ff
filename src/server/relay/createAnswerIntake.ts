// One answer from a window (POST): read within its bounds, checked against the request's own schema
// on this instance, then settled in the store, where the first of any racing answers and closings
// wins. A 200 only for an answer the store recorded for a holder that hears it; anything the store
// could not decide is a 503 the browser tries again.
import type { RelayContentCheck } from "../../core/relay/createRelayContentCheck";
import { parseRelayAnswer } from "../../core/relay/parseRelayAnswer";
import { RELAY_STATUS, type RelayCloseReason, type RelayPostReply } from "../../core/relay/relayWire";
import type { RateLimiter } from "../../core/shared/createRateLimiter";
import type { StoreGuard } from "../createStoreGuard";
import type { PreparedRequests } from "../createPreparedRequests";
import type { ElicitationRelayStore, RelayRound } from "../ElicitationRelayStore";
import { readBoundedBody } from "../readBoundedBody";
import type { Records } from "./createRecords";
import type { RememberedDecisions } from "./createRememberedDecisions";
import type { ElicitationRelayEvent } from "../types";
import { relayReply, storeUnavailableReply } from "./relayReply";

export interface AnswerIntakeOptions {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
  prepare: PreparedRequests;
  checkContent: RelayContentCheck;
  /** Answers per person (429 beyond), or none. */
  answers: RateLimiter | undefined;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  /** A closing this instance has not written yet: the request is already closed for the person. */
  closing: (id: string) => RelayCloseReason | undefined;
  /** This answer won: its record is made here. */
  records: Records;
  /** The last answer of a parked round: resumed here, before the reply. */
  resume: (round: RelayRound) => Promise<void>;
  /** Where an accept the person asked to remember is kept, and a Forget goes. */
  remembered: RememberedDecisions;
}

export function createAnswerIntake(options: AnswerIntakeOptions): (request: Request, owner: string) => Promise<Response> {
  const { store, guard, emit, prepare, checkContent } = options;
  return async (request, owner) => {
    const refused = (status: number, body: Exclude<RelayPostReply, { ok: true }>, id?: string) => {
      emit({ type: "answer-refused", owner, id, status, error: body.error });
      return relayReply(status, body);
    };
    if (options.answers !== undefined) {
      if (!options.answers.allows(owner)) return refused(RELAY_STATUS.tooMany, { error: "rate-limited" });
      options.answers.record(owner);
    }
    const text = await readBoundedBody(request, options.maxBodyBytes, options.bodyTimeoutMs);
    if (text === "too-large") return refused(RELAY_STATUS.tooLarge, { error: "too-large" });
    if (text === "timeout") return refused(RELAY_STATUS.bodyTimeout, { error: "body-timeout" });
    const parsed = await parseRelayAnswer(text);
    if (!parsed.ok) return refused(RELAY_STATUS.badRequest, { error: "bad-request", message: parsed.message });
    // The thread's Forget: answered alike whether the decision was there or not.
    if (parsed.forget !== undefined) {
      await options.remembered.forget(owner, parsed.forget);
      return relayReply(RELAY_STATUS.ok, { ok: true });
    }
    const { id, remember } = parsed.answer;
    let result = parsed.answer.result;
    const found = await guard("get", () => store.get(id));
    // Someone else's request answers exactly as an unknown one: nothing says it exists.
    if (found === undefined || found.owner !== owner) return refused(RELAY_STATUS.notFound, { error: "not-found" });
    if (found.record === undefined) return refused(RELAY_STATUS.alreadyClosed, { error: "already-closed", reason: found.closed }, id);
    const closing = options.closing(id);
    if (closing !== undefined) return refused(RELAY_STATUS.alreadyClosed, { error: "already-closed", reason: closing }, id);
    // Only what the request offered (never for sensitive fields, files or URL mode): the answer is not taken without it.
    if (remember !== undefined && found.record.remember?.includes(remember) !== true) {
      return refused(RELAY_STATUS.badRequest, { error: "bad-request", message: `This request offers no remembering "${remember}".` }, id);
    }
    if (result.action === "accept") {
      // The preparation made when it arrived (kept by its params' text), or, on another instance, made now.
      const prepared = prepare(found.record.params);
      if (!prepared.ok) return refused(RELAY_STATUS.notFound, { error: "not-found" }, id);
      const requestShape = prepared.request;
      if (requestShape.mode === "url") {
        if (result.content !== undefined) return refused(RELAY_STATUS.badRequest, { error: "bad-request", message: "A URL-mode answer carries no content." }, id);
      } else {
        const checked = await checkContent(requestShape.schema, result.content ?? {});
        if (!checked.valid) {
          return refused(RELAY_STATUS.badRequest, { error: "invalid-content", errors: checked.errors.map(({ field, code, params, message }) => ({ field, code, params, message })) }, id);
        }
        result = { action: "accept", content: checked.content };
      }
    }
    // Kept before the answer is taken: its server may ask the same again the moment it has it. A store
    // that fails keeps nothing (reported as store-failed); the answer goes on all the same.
    if (remember !== undefined && result.action === "accept") await options.remembered.keep(found.record, remember, result).catch(() => undefined);
    // A settle that fails or times out is a 503: the browser tries again, and a try that landed after all reads as its own 409 "answered".
    // How it was answered travels with it: its holder reports the answer as its record says.
    const { via } = parsed.answer;
    const outcome = await guard("settle", () => store.settle(id, { reason: "answered", result, ...(via === undefined ? {} : { via }) }, owner));
    if (outcome.status === "not-found") return refused(RELAY_STATUS.notFound, { error: "not-found" });
    // The instance waiting for it cannot hear it this moment: taken by nobody, tried again by the browser.
    if (outcome.status === "unreachable") {
      emit({ type: "answer-refused", owner, id, status: RELAY_STATUS.unavailable, error: "holder-unreachable" });
      return storeUnavailableReply();
    }
    if (outcome.status === "already-closed") return refused(RELAY_STATUS.alreadyClosed, { error: "already-closed", reason: outcome.reason }, id);
    options.records.closed(found.record, result, via ?? "person");
    const { round } = found.record;
    if (round !== undefined) {
      // A parked request has no holder to report its answer: the instance that took it does.
      emit({ type: "answered", owner, serverName: found.record.serverName, id, roundId: round.id, action: result.action, cause: via ?? "user" });
      // The last answer of a round: resumed here, before the reply (a serverless function ends with it).
      if (outcome.resume !== undefined) await options.resume(outcome.resume);
    }
    return relayReply(RELAY_STATUS.ok, { ok: true });
  };
}
