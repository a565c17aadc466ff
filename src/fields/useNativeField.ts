import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { FormValue } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { FieldComponentProps } from "./FieldComponentProps";
import { storedValue, subscribeToField } from "./formStore";
import { useFieldWiring, type BlurEvent } from "./useFieldWiring";

/**
 * The built-in fields' binding (react-hook-form's `register`): the native input holds the value,
 * starting from `start`, and reports each change; the field re-renders only when its error changes.
 * With `{ watch: true }` it also re-renders when its value changes, for inputs whose drawing
 * depends on it (radios, checkbox groups).
 */
export function useNativeField({ field, control, readOnly = false }: FieldComponentProps, { watch = false } = {}) {
  const name = fieldName(field);
  const subscribe = useCallback((notify: () => void) => subscribeToField(control, name, notify), [control, name]);
  const readError = () => control.getFieldState(name).error?.message;
  const errorMessage = useSyncExternalStore(subscribe, readError, readError);
  const readValue = () => (watch ? storedValue(control, name) : undefined);
  const value = useSyncExternalStore(watch ? subscribe : unwatched, readValue, readValue);
  // Registered once per field: the ref lets react-hook-form focus the input on a failed submit and
  // write into it on reset.
  const registered = useMemo(() => control.register(name), [control, name]);
  const wiring = useFieldWiring(field, control, name, errorMessage, readOnly);
  // Values are handed over as they are (not read back from the input by react-hook-form), so a
  // number field can record "unreadable" and a checkbox its boolean.
  const change = (next: FormValue) => {
    if (!readOnly) void registered.onChange({ target: { name, value: next }, type: "change" });
  };
  const blur = (event?: BlurEvent) =>
    wiring.blurThen(event, () => void registered.onBlur({ target: { name, value: storedValue(control, name) }, type: "blur" }));
  const { blurThen: _, ...state } = wiring;
  return { ...state, value, start: storedValue(control, name), ref: registered.ref, change, blur };
}

const unwatched = () => () => {};
