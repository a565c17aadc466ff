import { useDialogPart } from "./useDialogPart";

/** Cancel, Decline and Submit of a form; Submit submits the form it is drawn in. */
export function ElicitationDialogActions() {
  const { answer } = useDialogPart("Actions");
  const { messages, cancel, decline } = answer;
  return (
    <div className="rme-actions">
      <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={cancel}>
        {messages.cancel}
      </button>
      <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={decline}>
        {messages.decline}
      </button>
      <button type="submit" className="rme-button rme-button--primary" data-action="accept">
        {messages.submit}
      </button>
    </div>
  );
}
