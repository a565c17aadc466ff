import type { Control } from "react-hook-form";
import type { FormValue, FormValues } from "../core/types";

// The two reads of react-hook-form's store that its own hooks (useController, useFormState,
// useWatch) are built on, without the per-field copies of the whole form state those hooks keep:
// bound through them, a field of a 200-field form held about 6 KB; bound through these, under 1 KB.

/** The field's current value in the form's store. */
export function storedValue(control: Control<FormValues>, name: string): FormValue | undefined {
  return control._formValues[name] as FormValue | undefined;
}

/**
 * The field's error message in the form's store. Form names are flat (`f0`, `f1`, …), so the error
 * is the store's own property by that name: read directly, not through getFieldState, which looks
 * up five records by path (a regular expression and an array each) for every field as it mounts.
 */
export function storedError(control: Control<FormValues>, name: string): string | undefined {
  const errors = control._formState.errors as Record<string, { message?: unknown } | undefined>;
  const message = Object.prototype.hasOwnProperty.call(errors, name) ? errors[name]?.message : undefined;
  return typeof message === "string" ? message : undefined;
}

/**
 * Calls `notify` after every change of the form's state that may concern field `name` (one about
 * it, or about the whole form). The caller compares what it shows, so a notification is cheap.
 */
export function subscribeToField(control: Control<FormValues>, name: string, notify: () => void): () => void {
  const subscription = control._subjects.state.subscribe({
    next: ({ name: about }) => {
      if (about === undefined || about === name || (Array.isArray(about) && about.includes(name))) notify();
    },
  });
  return () => subscription.unsubscribe();
}

/**
 * Whether react-hook-form has forgotten this field's input: `reset()` without `keepFieldsRef`
 * (a host's own reset, a cleared draft) drops every registration.
 */
export function isForgotten(control: Control<FormValues>, name: string): boolean {
  return !control._names.mount.has(name) || control._fields[name] === undefined;
}
