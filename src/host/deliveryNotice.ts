import { ElicitationRequestClosed } from "../client/queue/ElicitationRequestClosed";
import { defaultDeliveryMessages, type DeliveryMessages } from "../messages/deliveryMessages";
import type { ElicitationQueueEntry } from "../client/types";

/**
 * The line at the foot of an entry's card: why it closed elsewhere (its abort reason is an
 * `ElicitationRequestClosed`), or where its answer is (`entry.delivery`); undefined otherwise.
 */
export function deliveryNotice(entry: ElicitationQueueEntry, messages: Partial<DeliveryMessages>): string | undefined {
  const said = { ...defaultDeliveryMessages, ...withoutGaps(messages) };
  const reason: unknown = entry.signal.reason;
  if (entry.signal.aborted && reason instanceof ElicitationRequestClosed) {
    const closed = { answered: said.closedAnswered, withdrawn: said.closedWithdrawn, timeout: said.closedTimeout, closed: said.closedClosed };
    return closed[reason.reason] ?? said.closedClosed;
  }
  if (entry.delivery === "retrying") return said.answerRetrying;
  return entry.delivery === "sending" ? said.answerSending : undefined;
}

/** A host's `{ answerSending: undefined }` keeps the default rather than blanking the line. */
function withoutGaps(messages: Partial<DeliveryMessages>): Partial<DeliveryMessages> {
  return Object.fromEntries(Object.entries(messages).filter(([, value]) => typeof value === "string"));
}
