import { useCallback, useSyncExternalStore } from "react";
import type { Control } from "react-hook-form";
import type { FormValues } from "../core/types";
import { subscribeToField } from "../fields/formStore";

/**
 * A problem with the form as a whole rather than one field (its validation code failed to load).
 * Its own component, so that watching the form's errors re-renders this line, not the fields.
 */
export function FormAlert({ control }: { control: Control<FormValues> }) {
  const subscribe = useCallback((notify: () => void) => subscribeToField(control, "root", notify), [control]);
  const read = () => control.getFieldState("root").error?.message;
  const message = useSyncExternalStore(subscribe, read, read);
  return message ? (
    <p className="rme-form__invalid" role="alert" data-state="unavailable">
      {message}
    </p>
  ) : null;
}
