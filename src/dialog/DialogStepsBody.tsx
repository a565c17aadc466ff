import type { ElicitationField } from "../fields/ElicitationField";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { knownFilesOf } from "../fields/knownFiles";
import type { FormAlert } from "../form/FormAlert";
import type { fillTemplate } from "../messages/fillTemplate";
import type { guardActivation } from "../ui/guardActivation";
import type { useClientLayoutEffect } from "../ui/useClientLayoutEffect";
import { ElicitationSteps } from "../form/ElicitationSteps";
import type { DialogFormHeader } from "./DialogFormHeader";
import type { ElicitationAnswer } from "./useElicitationAnswer";
import type { FormChecks, loadFormChecks } from "../core/loading/loadFormChecks";
import type { ComponentType, ReactNode } from "react";

export interface DialogStepsBodyProps {
  /** The answer's life: its form hook, its draft, the last answer, and the three answers. */
  answer: ElicitationAnswer;
  fieldComponents?: Partial<FieldRegistry>;
  /**
   * The form's field and alert components, handed over by the dialog rather than imported: this
   * module loads on demand, and importing what the first paint already has would make bundlers split
   * that shared code into chunks of its own.
   */
  Field: typeof ElicitationField;
  Alert: typeof FormAlert;
  Header: typeof DialogFormHeader;
  fill: typeof fillTemplate;
  guardActivation: typeof guardActivation;
  useClientLayoutEffect: typeof useClientLayoutEffect;
  knownFilesOf: typeof knownFilesOf;
  /** The dialog's protection interval, its default applied by DialogSteps. */
  protectionInterval: number;
  /** Drawn above the review step's actions (the outlet's remember choices). */
  beforeSubmit?: ReactNode;
}

/**
 * The steps' body once the form's checking code is there (loadFormChecks.ts): the review describes a
 * chosen file with it, taken from it rather than imported, so that bundlers keep it in its chunk.
 * `load` is handed in, as the components are (see above).
 */
export async function withFormChecks(load: typeof loadFormChecks): Promise<ComponentType<DialogStepsBodyProps>> {
  const checks = await load();
  return function DialogStepsBodyWithChecks(props: DialogStepsBodyProps) {
    return <DialogStepsBody {...props} checks={checks} />;
  };
}

/** The dialog's form one question at a time (`layout="steps"`): Cancel and Decline on every step, the draft notice above. */
function DialogStepsBody({ answer, checks, ...props }: DialogStepsBodyProps & { checks: FormChecks }) {
  const { form: controller, messages } = answer;
  const secondaryActions = (
    <>
      <button type="button" className="rme-button rme-button--quiet" data-action="cancel" onClick={answer.cancel}>
        {messages.cancel}
      </button>
      <button type="button" className="rme-button rme-button--secondary" data-action="decline" onClick={answer.decline}>
        {messages.decline}
      </button>
    </>
  );
  const { Field, Alert, Header, fill, guardActivation } = props;
  const control = controller.form.control;
  return (
    <ElicitationSteps
      controller={controller}
      onSubmit={answer.accept}
      fill={fill}
      checks={checks}
      files={props.knownFilesOf(control)}
      renderField={(field) => <Field field={field} control={control} messages={messages} components={props.fieldComponents} />}
      alert={<Alert control={control} />}
      protectionInterval={props.protectionInterval}
      guardActivation={guardActivation}
      useClientLayoutEffect={props.useClientLayoutEffect}
      header={<Header answer={answer} />}
      beforeSubmit={props.beforeSubmit}
      secondaryActions={secondaryActions}
    />
  );
}
