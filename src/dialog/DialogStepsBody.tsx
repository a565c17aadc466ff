import type { ElicitContent } from "../core/types";
import type { ElicitationField } from "../fields/ElicitationField";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { FormAlert } from "../form/FormAlert";
import { ElicitationSteps } from "../form/ElicitationSteps";
import type { ElicitationDraft } from "../form/useElicitationDraft";
import type { UseElicitationFormResult } from "../form/useElicitationForm";

export interface DialogStepsBodyProps {
  controller: UseElicitationFormResult;
  draft: ElicitationDraft;
  fieldComponents?: Partial<FieldRegistry>;
  /**
   * The form's field and alert components, handed over by the dialog rather than imported: this
   * module loads on demand, and importing what the first paint already has would make bundlers split
   * that shared code into chunks of its own.
   */
  Field: typeof ElicitationField;
  Alert: typeof FormAlert;
  onSubmit: (content: ElicitContent) => void;
  onCancel: () => void;
  onDecline: () => void;
  protectionInterval?: number;
  /** Given when there is a last answer to offer: fills every step with it (never sends). */
  onUseLastAnswer?: () => void;
}

/** The dialog's form one question at a time (`layout="steps"`): Cancel and Decline on every step, the draft notice above. */
export function DialogStepsBody({ controller, draft, ...props }: DialogStepsBodyProps) {
  const { messages } = controller;
  const clear = () => controller.form.reset(draft.clear());
  const secondaryActions = (
    <>
      <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={props.onCancel}>
        {messages.cancel}
      </button>
      <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={props.onDecline}>
        {messages.decline}
      </button>
    </>
  );
  const { Field, Alert } = props;
  const control = controller.form.control;
  return (
    <ElicitationSteps
      controller={controller}
      onSubmit={props.onSubmit}
      renderField={(field) => <Field field={field} control={control} messages={messages} components={props.fieldComponents} />}
      alert={<Alert control={control} />}
      protectionInterval={props.protectionInterval}
      header={
        draft.showRestored || props.onUseLastAnswer ? (
          <div className="rme-form__restored" role="status" data-state={draft.showRestored ? "restored" : "last-answer"}>
            {draft.showRestored ? (
              <>
                <span>{messages.draftRestored}</span>
                <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
                  {messages.draftClear}
                </button>
              </>
            ) : null}
            {props.onUseLastAnswer ? (
              <button type="button" className="rme-button rme-button--secondary" data-action="use-last-answer" onClick={props.onUseLastAnswer}>
                {messages.useLastAnswer}
              </button>
            ) : null}
          </div>
        ) : undefined
      }
      secondaryActions={secondaryActions}
    />
  );
}
