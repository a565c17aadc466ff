// 2026-07-28 `input_required` rounds the host parks instead of holding its function open: each
// elicitation becomes an open request with no holder; the instance that takes the round's last
// answer (or whose sweep finds it past its deadline) hands every answer to `onResume`, once.
import { quoteExcerpt } from "../../core/shared/excerpt";
import { isRecord } from "../../core/shared/ownProperty";
import type { ElicitParams, ElicitResult } from "../../core/types";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayRecord, RelayRound } from "../ElicitationRelayStore";
import type { ElicitationRelayEvent, ElicitationRelayPark, ElicitationRelayResume } from "../types";
import type { RelayAdmission } from "./createRelayAdmission";
import type { HeldRequests } from "./createHeldRequests";

export interface ParkedRoundsOptions {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
  now: () => number;
  admission: RelayAdmission;
  onResume: ((round: ElicitationRelayResume) => void | Promise<void>) | undefined;
  timeoutMs: number;
  roundSweepMs: number;
  /** Streams `owner` has open here (for the audit trail). */
  streams: (owner: string) => number;
  /** A new id of a round or request (relay ids: 128 random bits, base64url). */
  newId: () => string;
  /** Closes a question whose round the store failed to park, should it land later (the held requests' repair). */
  writeLater: HeldRequests["writeLater"];
}

export interface ParkedRounds {
  park(request: ElicitationRelayPark): Promise<{ roundId: string }>;
  /** Hands a round with every answer to `onResume`, once (the store took it out as it returned it). */
  resume(round: RelayRound, cause: "answered" | "timeout"): Promise<void>;
  /** Stops the sweep. */
  stop(): void;
}

export function createParkedRounds(options: ParkedRoundsOptions): ParkedRounds {
  const { store, guard, emit, now, admission, onResume, newId: newRelayId } = options;

  async function resume(round: RelayRound, cause: "answered" | "timeout"): Promise<void> {
    const { id: roundId, owner, serverName } = round;
    emit({ type: "resumed", owner, serverName, roundId, cause: cause === "answered" ? "user" : "timeout" });
    try {
      await onResume!({
        roundId,
        owner,
        serverName,
        call: round.call,
        ...(round.requestState === undefined ? {} : { requestState: round.requestState }),
        // In the order of the round's inputRequests, whatever order the store kept them in.
        inputResponses: Object.fromEntries(Object.keys(round.requests).map((key) => [key, round.answers[key] ?? { action: "cancel" }])),
        ...(round.context === undefined ? {} : { context: round.context }),
        cause,
      });
    } catch (error) {
      // The round has left the store: it is not resumed again. Nothing of the error goes out (it may quote the state).
      emit({ type: "resume-failed", owner, serverName, roundId, error: error instanceof Error ? error.name : "error" });
    }
  }

  // Parked rounds past their deadline are resumed by whichever instance's sweep takes them first.
  let sweeping = false;
  const sweep =
    onResume === undefined
      ? undefined
      : setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          void store
            .expireRounds(now())
            .then(async (due) => {
              for (const round of due) await resume(round, "timeout");
            })
            .catch(() => undefined)
            .finally(() => {
              sweeping = false;
            });
        }, options.roundSweepMs);
  (sweep as { unref?: () => void } | undefined)?.unref?.();

  async function park(req: ElicitationRelayPark): Promise<{ roundId: string }> {
    const { owner, serverName, call, requestState, context } = req;
    if (onResume === undefined) throw new TypeError("relay.park: the relay has no onResume to retry the call with (createElicitationRelay({ onResume })).");
    admission.checkHostArguments("relay.park", owner, serverName, context);
    if (!isRecord(call) || typeof call.name !== "string" || call.name === "") throw new TypeError("relay.park: call must be { name, arguments? } with the tool's name.");
    if (call.arguments !== undefined && !isRecord(call.arguments)) throw new TypeError("relay.park: call.arguments must be an object.");
    if (requestState !== undefined && typeof requestState !== "string") throw new TypeError("relay.park: requestState must be a string.");
    const roundTimeout = admission.timeoutOf("relay.park", req.timeoutMs);
    if (admission.isClosed()) return admission.refuse(serverName, admission.closedError(), owner);
    const inputRequests = req.inputRequests;
    if (!isRecord(inputRequests) || Object.keys(inputRequests).length === 0) {
      return admission.refuse(serverName, admission.invalidParams("relay.park: inputRequests must be an object with at least one request."), owner);
    }
    // Every entry is checked before anything is counted or kept: one refused entry parks nothing.
    const answers: Record<string, ElicitResult> = {};
    const asked: [key: string, params: ElicitParams][] = [];
    for (const [key, entry] of Object.entries(inputRequests)) {
      if (!isRecord(entry) || entry.method !== "elicitation/create") {
        const method = isRecord(entry) && typeof entry.method === "string" ? ` (it is ${quoteExcerpt(entry.method)})` : "";
        return admission.refuse(
          serverName,
          admission.invalidParams(`relay.park: inputRequests[${quoteExcerpt(key)}] is not an elicitation/create request${method}; the relay carries only elicitations.`, { key }),
          owner,
        );
      }
      const admitted = admission.admit(owner, serverName, entry.params);
      if (!admitted.ok) return admission.refuse(serverName, admitted.error, owner);
      if (admitted.answer !== undefined) answers[key] = admitted.answer;
      else asked.push([key, entry.params as ElicitParams]);
    }
    // A round is one admission of the rate limit: one tool call, however many questions it asks.
    admission.count(owner, serverName);
    const roundId = newRelayId();
    const receivedAt = now();
    const deadline = receivedAt + roundTimeout;
    const requestIds: Record<string, string | undefined> = {};
    const records: RelayRecord[] = asked.map(([key, params]) => {
      const id = newRelayId();
      requestIds[key] = id;
      return {
        id,
        owner,
        serverName,
        params,
        ...(context === undefined ? {} : { context: { ...context } }),
        receivedAt,
        deadline,
        holder: "",
        round: { id: roundId, key },
      };
    });
    for (const key of Object.keys(answers)) requestIds[key] = undefined;
    const round: RelayRound = {
      id: roundId,
      owner,
      serverName,
      call: { name: call.name, ...(call.arguments === undefined ? {} : { arguments: call.arguments }) },
      ...(requestState === undefined ? {} : { requestState }),
      ...(context === undefined ? {} : { context: { ...context } }),
      requests: requestIds,
      answers,
      deadline,
    };
    const reportAnswered = () => {
      for (const answer of Object.values(answers)) emit({ type: "answered", owner, serverName, roundId, action: answer.action, cause: "sensitive" });
    };
    // Nothing for the person to answer: the round resumes now, without being kept.
    if (records.length === 0) {
      reportAnswered();
      await resume(round, "answered");
      return { roundId };
    }
    let parked: boolean;
    try {
      parked = await guard("park", () => store.park(round, records, admission.maxOpen));
    } catch (error) {
      // The round may still land once the store answers: its questions are closed after it (no card, and
      // no resume of a call whose host was told it failed).
      for (const record of records) options.writeLater(record.id, "closed", deadline);
      return admission.refuseFailedStore(serverName, error, owner);
    }
    if (!parked) return admission.refuse(serverName, admission.tooManyOpen(), owner);
    reportAnswered();
    const streams = options.streams(owner);
    for (const record of records) emit({ type: "requested", owner, serverName, id: record.id, roundId, streams });
    emit({ type: "parked", owner, serverName, roundId, streams });
    return { roundId };
  }

  return {
    park,
    resume,
    stop() {
      if (sweep !== undefined) clearInterval(sweep);
    },
  };
}
