import { lazy, Suspense } from "react";
import type { ElicitContent } from "../core/types";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { ElicitationForm } from "../form/ElicitationForm";
import type { ElicitationStepsProps } from "../form/ElicitationSteps";
import type { ElicitationDraft } from "../form/useElicitationDraft";
import type { UseElicitationFormResult } from "../form/useElicitationForm";

export interface DialogStepsProps {
  controller: UseElicitationFormResult;
  draft: ElicitationDraft;
  fieldComponents?: Partial<FieldRegistry>;
  onSubmit: (content: ElicitContent) => void;
  onCancel: () => void;
  onDecline: () => void;
  protectionInterval?: number;
}

// Loaded only when a request is shown one question at a time, so a host that never does pays nothing
// up front. If the chunk cannot load (offline, blocked), the same questions are shown all at once.
const ElicitationSteps = lazy(() =>
  import("../form/ElicitationSteps").then(
    (module) => ({ default: module.ElicitationSteps }),
    () => ({ default: AllAtOnce }),
  ),
);

function AllAtOnce({ controller, onSubmit, fieldComponents, secondaryActions, header }: ElicitationStepsProps) {
  return (
    <ElicitationForm
      schema={controller.schema}
      controller={controller}
      fieldComponents={fieldComponents}
      onSubmit={onSubmit}
      header={header}
      actions={
        <div className="rme-actions">
          {secondaryActions}
          <button type="submit" className="rme-button rme-button--primary" data-action="accept">
            {controller.messages.submit}
          </button>
        </div>
      }
    />
  );
}

/** The dialog's form one question at a time (`layout="steps"`): Cancel and Decline on every step, the draft notice above. */
export function DialogSteps({ controller, draft, ...props }: DialogStepsProps) {
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
  // While the chunk arrives (a moment, same origin) the dialog keeps its shape and its Cancel and Decline.
  const loading = (
    <form className="rme-form rme-form--steps" data-layout="steps" noValidate onSubmit={(event) => event.preventDefault()}>
      <div className="rme-form__body" />
      <div className="rme-actions rme-steps__actions">{secondaryActions}</div>
    </form>
  );
  return (
    <Suspense fallback={loading}>
      <ElicitationSteps
        controller={controller}
        onSubmit={props.onSubmit}
        fieldComponents={props.fieldComponents}
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
    </Suspense>
  );
}
