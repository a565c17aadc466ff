import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { FormValue } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { FieldComponentProps } from "./FieldComponentProps";
import { storedValue, subscribeToField } from "./formStore";
import { useFieldWiring, type BlurEvent } from "./useFieldWiring";

/**
 * The built-in fields' binding (react-hook-form's `register`): the native input holds the value,
 * starting from `start`, and reports each change; the field re-renders only when its error changes.
 * Inputs drawn from the value (radios, checkbox groups) add useFieldValue; a date-and-time field
 * passes its time zone (useTimeZoneName). Each hook here is one per field: a lean field is one that
 * keeps few.
 */
export function useNativeField({ field, control, readOnly = false }: FieldComponentProps, timeZone?: string) {
  const name = fieldName(field);
  const subscribe = useCallback((notify: () => void) => subscribeToField(control, name, notify), [control, name]);
  const readError = () => control.getFieldState(name).error?.message;
  const errorMessage = useSyncExternalStore(subscribe, readError, readError);
  // Registered once per field: the ref lets react-hook-form focus the input on a failed submit and
  // write into it on reset.
  const registered = useMemo(() => control.register(name), [control, name]);
  const wiring = useFieldWiring(field, control, name, errorMessage, readOnly, timeZone);
  // Values are handed over as they are (not read back from the input by react-hook-form), so a
  // number field can record "unreadable" and a checkbox its boolean.
  const change = (next: FormValue) => {
    if (!readOnly) void registered.onChange({ target: { name, value: next }, type: "change" });
  };
  const blur = (event?: BlurEvent) =>
    wiring.blurThen(event, () => void registered.onBlur({ target: { name, value: storedValue(control, name) }, type: "blur" }));
  const { blurThen: _, ...state } = wiring;
  return { ...state, start: storedValue(control, name), ref: registered.ref, change, blur };
}
