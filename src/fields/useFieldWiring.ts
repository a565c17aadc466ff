import { useId } from "react";
import type { Control } from "react-hook-form";
import type { FieldDescriptor, FormValues } from "../core/types";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { describeFieldBounds } from "./describeFieldBounds";
import { afterPointerRelease } from "./afterPointerRelease";

/** Focus moving to a button (Submit, Decline, Cancel, Stop asking…) means the person is about to act, not done with the field. */
function movesToButton(next: EventTarget | null | undefined): boolean {
  const element = next as Element | null | undefined;
  return typeof element?.closest === "function" && element.closest('button, [role="button"], input[type="submit"]') !== null;
}

export type BlurEvent = { relatedTarget?: EventTarget | null; target?: EventTarget | null };

/**
 * What every field has whatever holds its value (the React Aria `useField` idea): the ids of its
 * label, description, hint, warning and error, the ARIA props its input needs, and the rule for
 * checking it when focus leaves.
 */
export function useFieldWiring(
  field: FieldDescriptor,
  control: Control<FormValues>,
  name: string,
  errorMessage: string | undefined,
  readOnly: boolean,
  /** The browser's time zone, for a date-and-time field (useTimeZoneName). */
  timeZone: string | undefined,
  /** The wording of the field's bounds; without it they are not said. */
  messages?: ElicitationMessages,
) {
  // Leaving the field checks it (react-hook-form's onTouched), except: leaving an untouched field
  // for a button shows no error, and a check during a pointer press waits for the click (no layout shift under the pointer;
  // the form watches the presses, once for all its fields).
  const blurThen = (event: BlurEvent | undefined, check: () => void) => {
    if (!control.getFieldState(name).isDirty && movesToButton(event?.relatedTarget)) return;
    const doc = (event?.target as Node | null | undefined)?.ownerDocument ?? (typeof document === "undefined" ? undefined : document);
    afterPointerRelease(doc, check);
  };
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
    blurThen,
    ids: { inputId, labelId, descriptionId, boundsId, hintId, errorId, warningId },
    ariaProps: {
      "aria-describedby": describedBy,
      "aria-invalid": errorMessage ? (true as const) : undefined,
    },
  };
}

/** What FieldShell draws from: ids, ARIA, the error and the time-zone hint. */
export type ElicitationFieldState = Omit<ReturnType<typeof useFieldWiring>, "blurThen">;
