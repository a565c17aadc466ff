import type { ElicitContent } from "../core/types";
import type { ReactNode } from "react";
import type { FieldDescriptor } from "../core/types";
import { ElicitationSteps } from "../form/ElicitationSteps";
import type { ElicitationDraft } from "../form/useElicitationDraft";
import type { UseElicitationFormResult } from "../form/useElicitationForm";

export interface DialogStepsBodyProps {
  controller: UseElicitationFormResult;
  draft: ElicitationDraft;
  renderField: (field: FieldDescriptor) => ReactNode;
  alert: ReactNode;
  onSubmit: (content: ElicitContent) => void;
  onCancel: () => void;
  onDecline: () => void;
  protectionInterval?: number;
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
  return (
      <ElicitationSteps
        controller={controller}
        onSubmit={props.onSubmit}
        renderField={props.renderField}
        alert={props.alert}
        protectionInterval={props.protectionInterval}
        header={
          draft.showRestored ? (
            <div className="rme-form__restored" role="status" data-state="restored">
              <span>{messages.draftRestored}</span>
              <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
                {messages.draftClear}
              </button>
            </div>
          ) : undefined
        }
        secondaryActions={secondaryActions}
      />
  );
}
