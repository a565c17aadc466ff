import { useMemo, useSyncExternalStore } from "react";
import type { Control } from "react-hook-form";
import type { FormValue, FormValues } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { FieldComponentProps } from "./FieldComponentProps";
import { isForgotten, storedValue, subscribeToField } from "./formStore";
import { useFieldWiring, type BlurEvent } from "./useFieldWiring";

/**
 * The built-in fields' binding (react-hook-form's `register`): the native input holds the value,
 * starting from `start`, and reports each change; the field re-renders only when its error changes.
 * Inputs drawn from the value (radios, checkbox groups) add useFieldValue; a date-and-time field
 * passes its time zone (useTimeZoneName). Each hook here is one per field: a lean field is one that
 * keeps few.
 */
export function useNativeField({ field, control, messages, readOnly = false }: FieldComponentProps, timeZone?: string) {
  const name = fieldName(field);
  // One memo for both (a hook fewer per field): the registration and the subscription to its error.
  const { binding, subscribe } = useMemo(() => {
    const bound = bindInput(control, name);
    const listen = (notify: () => void) =>
      subscribeToField(control, name, () => {
        bound.rebind();
        notify();
      });
    return { binding: bound, subscribe: listen };
  }, [control, name]);
  const readError = () => control.getFieldState(name).error?.message;
  const errorMessage = useSyncExternalStore(subscribe, readError, readError);
  const wiring = useFieldWiring(field, control, name, errorMessage, readOnly, timeZone, messages);
  // Values are handed over as they are (not read back from the input by react-hook-form), so a
  // number field can record "unreadable" and a checkbox its boolean.
  const change = (next: FormValue) => {
    if (!readOnly) void binding.current.onChange({ target: { name, value: next }, type: "change" });
  };
  const blur = (event?: BlurEvent) =>
    wiring.blurThen(event, () => void binding.current.onBlur({ target: { name, value: storedValue(control, name) }, type: "blur" }));
  const { blurThen: _, ...state } = wiring;
  return { ...state, start: storedValue(control, name), ref: binding.ref, change, blur };
}

/**
 * What react-hook-form is given for an input: a text, number or date input or a select, which it
 * reads and writes; for a checkbox, radio or button (drawn from the value by React) only a way to focus it,
 * so that it never takes the box's state for the value.
 */
function forForm(element: HTMLElement | null): HTMLElement | { focus: () => void } | null {
  // A button (a file field's picker) holds no value either: a data: URI never lands in an attribute.
  if (element instanceof HTMLButtonElement || (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio"))) {
    return { focus: () => element.focus() };
  }
  return element;
}

/**
 * The field's registration with react-hook-form (`register`) and its input: the ref lets the form
 * focus the input on a failed submit and write into it on reset. A reset that forgets every
 * input (rebind) registers it again and hands it the input, which then shows the new value.
 */
function bindInput(control: Control<FormValues>, name: string) {
  let input: HTMLElement | null = null;
  const binding = {
    current: control.register(name),
    ref: (element: HTMLElement | null) => {
      input = element;
      binding.current.ref(forForm(element));
    },
    rebind: () => {
      if (!isForgotten(control, name)) return;
      binding.current = control.register(name);
      if (input) binding.current.ref(forForm(input));
    },
  };
  return binding;
}
