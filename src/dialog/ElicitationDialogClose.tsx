import { useDialogPart } from "./useDialogPart";

/**
 * The × in the header's corner, which answers cancel. Drawn last so it is last in Tab order (after
 * the actions); absent where a notice or a finished URL step has its own Close. The × is drawn by
 * CSS: the dialog holds no markup a request could be mistaken for.
 */
export function ElicitationDialogClose() {
  const { answer, closable } = useDialogPart("Close");
  return closable ? (
    <button
      type="button"
      className="rme-dialog__close"
      data-action="close"
      onClick={answer.cancel}
      // Like Cancel: waits while an answer is sent, comes back when it is retried.
      aria-disabled={answer.delivery && answer.delivery !== "retrying"}
    >
      <span className="rme-visually-hidden">{answer.messages.close}</span>
    </button>
  ) : null;
}
