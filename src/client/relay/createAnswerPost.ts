// Answers back to the relay: the queue's `deliver` for each held request, one POST per try. It
// resolves once the relay took the answer, rejects with ElicitationAnswerRefused for what the person
// can change, and with anything else for the queue to try again (with backoff, one try at a time).
// A try whose outcome was lost (the network failed after sending, a 5xx) may have been taken: the
// stream's "answered", or the next try's 409 "answered", says it was.
import { relayAnswerBody } from "../../core/relay/relayAnswerBody";
import { readCloseReason } from "../../core/relay/readRelayEvent";
import { RELAY_STATUS } from "../../core/relay/relayWire";
import type { ElicitResult } from "../../core/types";
import type { ElicitationAnswerOptions } from "../types";
import { ElicitationAnswerRefused } from "../queue/ElicitationAnswerRefused";
import { AnswerNotSent } from "./AnswerNotSent";
import type { HeldRequest, HeldRequests } from "./createHeldRequests";
import { ElicitationRelayError } from "./ElicitationRelayError";
import type { ConnectionContext } from "./readConnectionOptions";
import { discardReply, originsOf, readFieldErrors, readRelayReply } from "./readRelayReply";
import { stillUnknown, UNKNOWN_GRACE_MS } from "./unknownHold";

export interface AnswerPost {
  /** The queue's `deliver`: one POST. Resolves when taken; a refusal for the fields, or a failure the queue retries. */
  deliver(item: HeldRequest, result: ElicitResult, options?: ElicitationAnswerOptions): Promise<void>;
  /** An answer the queue gave by itself, sent once; nobody waits for its reply. */
  sendOnce(id: string, result: ElicitResult): void;
  /** Forgets one of the person's remembered decisions (the thread's Forget): resolves once the relay took it. */
  forget(key: string): Promise<void>;
}

export function createAnswerPost(context: ConnectionContext, held: () => HeldRequests): AnswerPost {
  const { report } = context;
  const jsonHeaders = () => context.headersFor({ "Content-Type": "application/json" });
  const post = async (id: string, result: ElicitResult, headers: Headers, options?: ElicitationAnswerOptions) =>
    context.send({ method: "POST", headers, body: await relayAnswerBody(id, result, options?.remember) });

  async function deliver(item: HeldRequest, result: ElicitResult, options?: ElicitationAnswerOptions): Promise<void> {
    const requests = held();
    // The stream said "answered" after a try whose outcome was unknown: that try was taken.
    if (item.closedAs === "answered" && item.maybeTaken) {
      item.taken = true;
      return;
    }
    // Asked before anything is sent: a headers function that fails sent nothing (tried again by the queue).
    const headers = await jsonHeaders();
    item.posting = true;
    let response: Response;
    try {
      response = await post(item.id, result, headers, options);
    } catch (error) {
      item.posting = false;
      item.maybeTaken = true;
      if (item.closedAs === "answered") {
        item.taken = true;
        return;
      }
      requests.afterFailedTry(item);
      throw error;
    }
    const { status } = response;
    if (status === RELAY_STATUS.ok) {
      item.posting = false;
      discardReply(response);
      item.taken = true;
      return;
    }
    // Still under way while its body is read: a `closed` arriving meanwhile waits for the verdict.
    const body = await readRelayReply(response);
    item.posting = false;
    switch (status) {
      case RELAY_STATUS.alreadyClosed: {
        const reason = readCloseReason(body.reason);
        if (reason === "answered" && item.maybeTaken) {
          item.taken = true;
          return;
        }
        requests.withdraw(item, reason);
        throw new Error(`The request is already closed (${reason}).`);
      }
      case RELAY_STATUS.forbidden:
        // The relay refused this page's origin (a dev proxy that rewrites Host, most often): the answer
        // is not lost, the card stays with it and says it was not sent, and the developer hears why.
        requests.afterFailedTry(item);
        report(new ElicitationRelayError("forbidden", `The relay answered ${status} to an answer${originsOf(body)}; the card stays open.`, { status, requestId: item.id }));
        throw new AnswerNotSent([], "The relay refused this page's origin.");
      case RELAY_STATUS.notFound:
        // Tried again by the queue; the card keeps the answer, "Sending…".
        if (stillUnknown(item)) throw new Error(`The relay does not know the request this moment (${status}).`);
        report(new ElicitationRelayError("not-found", `The relay answered ${status} to an answer for ${UNKNOWN_GRACE_MS / 1_000} s; its card closes.`, { status, requestId: item.id }));
        requests.withdraw(item, item.closedAs ?? "closed");
        throw new Error(`The relay answered ${status}.`);
      case RELAY_STATUS.unauthenticated:
        context.drafts((store) => store.clear());
        report(new ElicitationRelayError("unauthenticated", `The relay answered ${status} to an answer; its card closes.`, { status, requestId: item.id }));
        requests.withdraw(item, "closed");
        throw new Error(`The relay answered ${status}.`);
      case RELAY_STATUS.badRequest:
      case RELAY_STATUS.tooLarge:
      case RELAY_STATUS.unsupportedMediaType:
        // It cannot be sent as it is: the card stays for the person to change it.
        // The content broke its schema: each error goes onto its field.
        if (body.error === "invalid-content") {
          requests.afterFailedTry(item);
          throw new ElicitationAnswerRefused(readFieldErrors(body.errors), "The relay refused the answer's content.");
        }
        report(new ElicitationRelayError("answer-refused", `The relay answered ${status} (${typeof body.error === "string" ? body.error.slice(0, 50) : "no reason"}) to an answer.`, { status, requestId: item.id }));
        requests.afterFailedTry(item);
        throw new ElicitationAnswerRefused([], `The relay answered ${status}.`);
      default:
        // 408, 429, 5xx and the rest: tried again by the queue. A 5xx (a proxy's 502 too) may have come after the answer was taken.
        if (status >= RELAY_STATUS.internal) item.maybeTaken = true;
        requests.afterFailedTry(item);
        throw new Error(`The relay answered ${status}.`);
    }
  }

  return {
    deliver,
    async forget(key) {
      const response = await context.send({ method: "POST", headers: await jsonHeaders(), body: JSON.stringify({ forget: key }) });
      if (response.status === RELAY_STATUS.ok) return discardReply(response);
      const body = await readRelayReply(response);
      report(new ElicitationRelayError("answer-refused", `The relay answered ${response.status} (${typeof body.error === "string" ? body.error.slice(0, 50) : "no reason"}) to a Forget.`, { status: response.status }));
      throw new Error(`The relay answered ${response.status} to a Forget.`);
    },
    sendOnce(id, result) {
      void jsonHeaders()
        .then((headers) => post(id, result, headers))
        .then(discardReply, () => undefined);
    },
  };
}
