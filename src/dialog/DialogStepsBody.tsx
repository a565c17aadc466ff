import type { ElicitationField } from "../fields/ElicitationField";
import type { FieldRegistry } from "../fields/fieldRegistry";
import type { FormAlert } from "../form/FormAlert";
import type { fillTemplate } from "../messages/fillTemplate";
import type { guardActivation } from "../ui/guardActivation";
import { ElicitationSteps } from "../form/ElicitationSteps";
import type { DialogFormHeader } from "./DialogFormHeader";
import type { ElicitationAnswer } from "./useElicitationAnswer";

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
  /** The dialog's protection interval, its default applied by DialogSteps. */
  protectionInterval: number;
}

/** The dialog's form one question at a time (`layout="steps"`): Cancel and Decline on every step, the draft notice above. */
export function DialogStepsBody({ answer, ...props }: DialogStepsBodyProps) {
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
      renderField={(field) => <Field field={field} control={control} messages={messages} components={props.fieldComponents} />}
      alert={<Alert control={control} />}
      protectionInterval={props.protectionInterval}
      guardActivation={guardActivation}
      header={<Header answer={answer} />}
      secondaryActions={secondaryActions}
    />
  );
}
