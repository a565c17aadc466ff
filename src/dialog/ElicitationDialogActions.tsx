import { useContext } from "react";
import { ElicitationDialogContext } from "./ElicitationDialogContext";

/** Cancel, Decline and Submit of a form; Submit submits the form it is drawn in. */
export function ElicitationDialogActions() {
  const { answer } = useContext(ElicitationDialogContext)!;
  const { messages, cancel, decline } = answer;
  // While an answer is on its way the buttons wait (aria-disabled keeps focus where it is); Cancel
  // comes back once sending has failed and is being retried.
  const waiting = answer.sending !== undefined || answer.closedReason !== undefined;
  const cancelWaits = waiting && answer.sending !== "retrying";
  return (
    <div className="rme-actions">
      <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={cancel} aria-disabled={cancelWaits || undefined}>
        {messages.cancel}
      </button>
      <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={decline} aria-disabled={waiting || undefined}>
        {messages.decline}
      </button>
      <button type="submit" className="rme-button rme-button--primary" data-action="accept" aria-disabled={waiting || undefined}>
        {messages.submit}
      </button>
    </div>
  );
}
