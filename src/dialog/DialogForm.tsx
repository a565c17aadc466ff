import type { ReactNode } from "react";
import type { ElicitContent, ParsedElicitationSchema } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { ElicitationForm } from "../form/ElicitationForm";
import type { UseElicitationFormResult } from "../form/useElicitationForm";
import type { ElicitationDraft } from "../form/useElicitationDraft";

export interface DialogFormProps {
  schema: ParsedElicitationSchema;
  /** The dialog's own form hook. */
  controller: UseElicitationFormResult;
  /** The dialog's draft of this form. */
  draft: ElicitationDraft;
  /** Given when there is a last answer to offer: fills the form with it (never sends). */
  onUseLastAnswer?: () => void;
  fieldComponents?: Partial<FieldRegistry>;
  onSubmit: (content: ElicitContent) => void;
  actions: ReactNode;
}

/** The dialog's form: says when it starts from a kept draft, with a way to clear it, and offers the last answer. */
export function DialogForm({ schema, controller, draft, onUseLastAnswer, ...props }: DialogFormProps) {
  const clear = () => controller.form.reset(draft.clear());

  return (
    <ElicitationForm
      controller={controller}
      fieldComponents={props.fieldComponents}
      onSubmit={props.onSubmit}
      actions={props.actions}
      header={
        draft.showRestored || onUseLastAnswer ? (
          <div className="rme-form__restored" role="status" data-state={draft.showRestored ? "restored" : "last-answer"}>
            {draft.showRestored ? (
              <>
                <span>{controller.messages.draftRestored}</span>
                <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
                  {controller.messages.draftClear}
                </button>
              </>
            ) : null}
            {onUseLastAnswer ? (
              <button type="button" className="rme-button rme-button--secondary" data-action="use-last-answer" onClick={onUseLastAnswer}>
                {controller.messages.useLastAnswer}
              </button>
            ) : null}
          </div>
        ) : undefined
      }
    />
  );
}
