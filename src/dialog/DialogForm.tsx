import type { ReactNode } from "react";
import type { FieldRegistry } from "../fields/fieldRegistry";
import { ElicitationForm } from "../form/ElicitationForm";
import { DialogFormHeader } from "./DialogFormHeader";
import type { ElicitationAnswer } from "./useElicitationAnswer";

export interface DialogFormProps {
  /** The answer's life: its form hook, its draft, the last answer, `accept`. */
  answer: ElicitationAnswer;
  fieldComponents?: Partial<FieldRegistry>;
  actions: ReactNode;
}

/** The dialog's form, every field at once: the kept draft or the last answer offered above it. */
export function DialogForm({ answer, ...props }: DialogFormProps) {
  return (
    <ElicitationForm
      controller={answer.form}
      fieldComponents={props.fieldComponents}
      onSubmit={answer.accept}
      actions={props.actions}
      header={<DialogFormHeader answer={answer} />}
    />
  );
}
