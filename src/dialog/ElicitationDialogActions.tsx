import { useDialogPart } from "./useDialogPart";

/** Cancel, Decline and Submit of a form; Submit submits the form it is drawn in. */
export function ElicitationDialogActions() {
  const { answer } = useDialogPart("Actions");
  const { messages, cancel, decline, delivery } = answer;
  // While an answer is on its way the buttons wait (aria-disabled keeps focus where it is); Cancel
  // comes back once sending has failed and is being retried.
  const waiting = delivery ? true : undefined;
  const cancelWaits = delivery && delivery !== "retrying";
  return (
    <div className="rme-actions">
      <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={cancel} aria-disabled={cancelWaits}>
        {messages.cancel}
      </button>
      <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={decline} aria-disabled={waiting}>
        {messages.decline}
      </button>
      <button type="submit" className="rme-button rme-button--primary" data-action="accept" aria-disabled={waiting}>
        {messages.submit}
      </button>
    </div>
  );
}
