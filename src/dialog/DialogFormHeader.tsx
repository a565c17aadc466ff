import type { ElicitationAnswer } from "./useElicitationAnswer";

/**
 * Above the dialog's fields, in either layout: that the form starts from a kept draft, with a way to
 * clear it, and the last answer on offer. Nothing when there is neither.
 */
export function DialogFormHeader({ answer }: { answer: ElicitationAnswer }) {
  const { form: controller, draft, lastAnswer, messages } = answer;
  const clear = () => controller.form.reset(draft.clear());
  return draft.showRestored || lastAnswer ? (
    <div className="rme-form__restored" role="status" data-state={draft.showRestored ? "restored" : "last-answer"}>
      {draft.showRestored ? (
        <>
          <span>{messages.draftRestored}</span>
          <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
            {messages.draftClear}
          </button>
        </>
      ) : null}
      {lastAnswer ? (
        <button type="button" className="rme-button rme-button--secondary" data-action="use-last-answer" onClick={answer.fillLastAnswer}>
          {messages.useLastAnswer}
        </button>
      ) : null}
    </div>
  ) : null;
}
