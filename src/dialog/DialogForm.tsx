import { useState, type ReactNode } from "react";
import type { ElicitContent, FormValues, ParsedElicitationSchema } from "../core/types";
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
  /** The person's last submitted answer to this same form, if the host keeps answers. */
  lastAnswer?: FormValues;
  /** Fills the form with `lastAnswer` (never sends). */
  onUseLastAnswer?: () => void;
  fieldComponents?: Partial<FieldRegistry>;
  onSubmit: (content: ElicitContent) => void;
  actions: ReactNode;
}

/** The dialog's form: says when it starts from a kept draft, with a way to clear it, and offers the last answer. */
export function DialogForm({ schema, controller, draft, lastAnswer, onUseLastAnswer, ...props }: DialogFormProps) {
  const clear = () => controller.form.reset(draft.clear());
  const [lastUsed, setLastUsed] = useState(false);
  const useLast = () => {
    onUseLastAnswer?.();
    setLastUsed(true);
  };
  const offerLast = lastAnswer !== undefined && onUseLastAnswer !== undefined && !lastUsed;

  return (
    <ElicitationForm
      schema={schema}
      controller={controller}
      fieldComponents={props.fieldComponents}
      onSubmit={props.onSubmit}
      actions={props.actions}
      header={
        draft.showRestored || offerLast ? (
          <>
            {draft.showRestored ? (
              <div className="rme-form__restored" role="status" data-state="restored">
                <span>{controller.messages.draftRestored}</span>
                <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
                  {controller.messages.draftClear}
                </button>
              </div>
            ) : null}
            {offerLast ? (
              <div className="rme-form__restored" data-state="last-answer">
                <button type="button" className="rme-button rme-button--secondary" data-action="use-last-answer" onClick={useLast}>
                  {controller.messages.useLastAnswer}
                </button>
              </div>
            ) : null}
          </>
        ) : undefined
      }
    />
  );
}
