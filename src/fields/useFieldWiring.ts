import { useId } from "react";
import type { FieldDescriptor } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { describeFieldBounds } from "./describeFieldBounds";

/**
 * What every field has whatever holds its value (the React Aria `useField` idea): the ids of its
 * label, description, hint, warning and error, and the ARIA props its input needs (the rule for
 * checking it when focus leaves is checkOnBlur).
 */
export function useFieldWiring(
  field: FieldDescriptor,
  name: string,
  errorMessage: string | undefined,
  readOnly: boolean,
  /** The browser's time zone, for a date-and-time field (useTimeZoneName). */
  timeZone: string | undefined,
  /** The wording of the field's bounds; without it they are not said. */
  messages?: ElicitationMessages,
) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const descriptionId = field.description ? `${baseId}-description` : undefined;
  const warningId = field.sensitive ? `${baseId}-warning` : undefined;
  const hintId = timeZone ? `${baseId}-hint` : undefined;
  // What the field accepts, said before anything is typed (not on a read-only preview).
  const bounds = readOnly || !messages ? undefined : describeFieldBounds(field, messages);
  const boundsId = bounds ? `${baseId}-bounds` : undefined;
  const errorId = errorMessage ? `${baseId}-error` : undefined;
  // Only ids of elements that are rendered right now. While an error shows it says what is wrong
  // (usually the same bound, sharper), so the bounds are not read out twice.
  const describedBy = [descriptionId, errorId ? undefined : boundsId, hintId, warningId, errorId].filter(Boolean).join(" ") || undefined;
  return {
    name,
    readOnly,
    invalid: Boolean(errorMessage),
    errorMessage,
    timeZone,
    bounds,
    ids: { inputId, labelId, descriptionId, boundsId, hintId, errorId, warningId },
    ariaProps: {
      "aria-describedby": describedBy,
      "aria-invalid": errorMessage ? (true as const) : undefined,
    },
  };
}

/** What FieldShell draws from: ids, ARIA, the error and the time-zone hint. */
export type ElicitationFieldState = ReturnType<typeof useFieldWiring>;
