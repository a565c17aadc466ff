import { useElicitationDialogContext } from "./ElicitationDialogContext";

/**
 * The × in the header's corner, which answers cancel. Drawn last so it is last in Tab order (after
 * the actions); absent where a notice or a finished URL step has its own Close. The × is drawn by
 * CSS: the dialog holds no markup a request could be mistaken for.
 */
export function ElicitationDialogClose() {
  const { answer, urlStepDone } = useElicitationDialogContext("Close");
  const { prepared, messages, cancel } = answer;
  if (!prepared.ok || (prepared.request.mode === "url" && urlStepDone)) return null;
  return (
    <button type="button" className="rme-dialog__close" data-action="close" onClick={cancel}>
      <span className="rme-visually-hidden">{messages.close}</span>
    </button>
  );
}
