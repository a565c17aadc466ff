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
  fieldComponents?: Partial<FieldRegistry>;
  onSubmit: (content: ElicitContent) => void;
  actions: ReactNode;
}

/** The dialog's form: says when it starts from a kept draft, with a way to clear it. */
export function DialogForm({ schema, controller, draft, ...props }: DialogFormProps) {
  const clear = () => controller.form.reset(draft.clear());

  return (
    <ElicitationForm
      controller={controller}
      fieldComponents={props.fieldComponents}
      onSubmit={props.onSubmit}
      actions={props.actions}
      header={
        draft.showRestored ? (
          <div className="rme-form__restored" role="status" data-state="restored">
            <span>{controller.messages.draftRestored}</span>
            <button type="button" className="rme-button rme-button--quiet" data-action="clear-draft" onClick={clear}>
              {controller.messages.draftClear}
            </button>
          </div>
        ) : undefined
      }
    />
  );
}
