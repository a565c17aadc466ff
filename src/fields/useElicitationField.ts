import { useEffect, useId } from "react";
import { useController } from "react-hook-form";
import { fieldName } from "../core/values/initialFormValues";
import { describeFieldBounds } from "./describeFieldBounds";
import { afterPointerRelease, trackPointerPresses } from "./afterPointerRelease";
import { useTimeZoneName } from "./useTimeZoneName";
import type { FieldComponentProps } from "./FieldComponentProps";

/** Focus moving to a button (Submit, Decline, Cancel, Stop asking…) means the person is about to act, not done with the field. */
function movesToButton(next: EventTarget | null | undefined): boolean {
  const element = next as Element | null | undefined;
  return typeof element?.closest === "function" && element.closest('button, [role="button"], input[type="submit"]') !== null;
}

/**
 * Wires one field to react-hook-form and to its label, description and error
 * (the React Aria `useField` idea): returns the controller plus the ids and ARIA props
 * an input needs. Subscribes to this field only, so typing elsewhere does not re-render it.
 */
export function useElicitationField({ field, control, messages, readOnly = false }: FieldComponentProps) {
  const name = fieldName(field);
  const { field: registered, fieldState } = useController({ name, control });
  const untouched = !fieldState.isDirty;
  useEffect(() => (typeof document === "undefined" ? undefined : trackPointerPresses(document)), []);
  // Leaving the field checks it (react-hook-form's onTouched), except: leaving an untouched field
  // for a button shows no error, and a check during a pointer press waits for the click (no layout shift under the pointer).
  const onBlur = (event?: { relatedTarget?: EventTarget | null; target?: EventTarget | null }) => {
    if (untouched && movesToButton(event?.relatedTarget)) return;
    const doc = (event?.target as Node | null | undefined)?.ownerDocument ?? (typeof document === "undefined" ? undefined : document);
    afterPointerRelease(doc, registered.onBlur);
  };
  // Read-only: the input keeps showing its value and edits are dropped.
  const controller = { ...registered, onBlur, ...(readOnly ? { onChange: ignoreChange } : null) };
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const labelId = `${baseId}-label`;
  const descriptionId = field.description ? `${baseId}-description` : undefined;
  const warningId = field.sensitive ? `${baseId}-warning` : undefined;
  // Date-and-time fields say which time zone the typed time is in.
  const timeZone = useTimeZoneName(field.kind === "text" && field.format === "date-time");
  const hintId = timeZone ? `${baseId}-hint` : undefined;
  // What the field accepts, said before anything is typed (not on a read-only preview).
  const bounds = readOnly || !messages ? undefined : describeFieldBounds(field, messages);
  const boundsId = bounds ? `${baseId}-bounds` : undefined;
  const errorMessage = fieldState.error?.message;
  const errorId = errorMessage ? `${baseId}-error` : undefined;
  // Only ids of elements that are rendered right now. While an error shows it says what is wrong
  // (usually the same bound, sharper), so the bounds are not read out twice.
  const describedBy = [descriptionId, errorId ? undefined : boundsId, hintId, warningId, errorId].filter(Boolean).join(" ") || undefined;
  return {
    name,
    controller,
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

function ignoreChange(): void {}

export type ElicitationFieldState = ReturnType<typeof useElicitationField>;
