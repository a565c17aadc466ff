import type { ReactNode } from "react";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { fillTemplate } from "../messages/fillTemplate";
import { DialogForm } from "./DialogForm";
import { DialogSteps } from "./DialogSteps";
import { FormNotice } from "../form/FormNotice";
import { ElicitationDialogActions } from "./ElicitationDialogActions";
import { LazyUrlModeBody } from "./LazyUrlModeBody";
import { useDialogPart } from "./useDialogPart";

export interface ElicitationDialogBodyProps {
  /** Replacement components for some field kinds. */
  fieldComponents?: Partial<FieldRegistry>;
  /** The buttons at the end of the form; default `<ElicitationDialogParts.Actions />`. Steps (Root's `layout`) draw their own. */
  actions?: ReactNode;
  /** Steps only: drawn above the review step's actions, where Submit is (the outlet's remember choices). */
  beforeSubmit?: ReactNode;
  /**
   * Drawn in place of the default form for a form-mode request, e.g. a host's own layout of the
   * fields built on `answer.form` and answering through `answer.accept`. URL mode and the notice
   * of an invalid request are drawn as usual.
   */
  form?: ReactNode;
}

/**
 * What the request asks for: the form's fields and actions (one question at a time when Root's
 * `layout` chose steps), the URL step, or why it cannot be shown.
 */
export function ElicitationDialogBody(props: ElicitationDialogBodyProps) {
  const { fieldComponents, actions, form } = props;
  const { answer, urlStepDone, steps, protectionInterval } = useDialogPart("Body");
  const { prepared, messages, serverName } = answer;
  if (!prepared.ok) {
    const reason = fillTemplate(messages.invalidRequest, { reason: prepared.error.message });
    // Why it cannot be answered with a form, and a Close button that answers cancel.
    return (
      <FormNotice
        text={reason}
        state="invalid"
        actions={
          <div className="rme-actions">
            <button type="button" className="rme-button rme-button--secondary" data-action="cancel" onClick={answer.cancel}>
              {messages.close}
            </button>
          </div>
        }
      />
    );
  }
  if (prepared.request.mode === "url") {
    return <LazyUrlModeBody serverName={serverName} url={prepared.request.url} messages={messages} completed={urlStepDone} respond={answer.respond} />;
  }
  if (form !== undefined) return <>{form}</>;
  return steps ? (
    // The rest of the props (fieldComponents, beforeSubmit) as given.
    <DialogSteps {...props} answer={answer} protectionInterval={protectionInterval} />
  ) : (
    <DialogForm answer={answer} fieldComponents={fieldComponents} actions={actions ?? <ElicitationDialogActions />} />
  );
}
