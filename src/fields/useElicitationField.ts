import { useId } from "react";
import { useController } from "react-hook-form";
import { fieldName } from "../core/initialFormValues";
import { useTimeZoneName } from "./useTimeZoneName";
import type { FieldComponentProps } from "./FieldComponentProps";

/**
 * Wires one field to react-hook-form and to its label, description and error
 * (the React Aria `useField` idea): returns the controller plus the ids and ARIA props
 * an input needs. Subscribes to this field only, so typing elsewhere does not re-render it.
 */
export function useElicitationField({ field, control, readOnly = false }: FieldComponentProps) {
  const name = fieldName(field);
  const { field: registered, fieldState } = useController({ name, control });
  // Read-only: the input keeps showing its value and edits are dropped.
  const controller = readOnly ? { ...registered, onChange: ignoreChange } : registered;
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const descriptionId = field.description ? `${baseId}-description` : undefined;
  const warningId = field.sensitive ? `${baseId}-warning` : undefined;
  // Date-and-time fields say which time zone the typed time is in.
  const timeZone = useTimeZoneName(field.kind === "text" && field.format === "date-time");
  const hintId = timeZone ? `${baseId}-hint` : undefined;
  const errorMessage = fieldState.error?.message;
  const errorId = errorMessage ? `${baseId}-error` : undefined;
  // Only ids of elements that are rendered right now.
  const describedBy = [descriptionId, hintId, warningId, errorId].filter(Boolean).join(" ") || undefined;
  return {
    name,
    controller,
    readOnly,
    invalid: Boolean(errorMessage),
    errorMessage,
    timeZone,
    ids: { inputId, labelId, descriptionId, hintId, errorId, warningId },
    ariaProps: {
      "aria-describedby": describedBy,
      "aria-invalid": errorMessage ? (true as const) : undefined,
    },
  };
}

function ignoreChange(): void {}

export type ElicitationFieldState = ReturnType<typeof useElicitationField>;
