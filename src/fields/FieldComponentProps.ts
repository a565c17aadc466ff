import type { Control } from "react-hook-form";
import type { FieldDescriptor, FormValues } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";

/** What every field component receives; a custom renderer gets the same. */
export interface FieldComponentProps<F extends FieldDescriptor = FieldDescriptor> {
  field: F;
  control: Control<FormValues>;
  messages: ElicitationMessages;
  /** Shows the value without letting the person change it (a preview of an answer). */
  readOnly?: boolean;
}
