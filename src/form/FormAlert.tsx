import { useFormState, type Control } from "react-hook-form";
import type { FormValues } from "../core/types";

/**
 * A problem with the form as a whole rather than one field (its validation code failed to load).
 * Its own component, so that watching the form's errors re-renders this line, not the fields.
 */
export function FormAlert({ control }: { control: Control<FormValues> }) {
  const { errors } = useFormState({ control });
  const message = errors.root?.message;
  return message ? (
    <p className="rme-form__invalid" role="alert" data-state="unavailable">
      {message}
    </p>
  ) : null;
}
