import { useMemo, useState } from "react";
import type { Control } from "react-hook-form";
import type { FormValue, FormValues } from "../core/types";
import { fieldName } from "../core/values/initialFormValues";
import type { FieldComponentProps } from "./FieldComponentProps";
import { isForgotten, storedError, storedValue, subscribeToField } from "./formStore";
import { checkOnBlur, type BlurEvent } from "./checkOnBlur";
import { useFieldWiring } from "./useFieldWiring";

/**
 * The built-in fields' binding (react-hook-form's `register`): the native input holds the value,
 * starting from `start`, and reports each change; the field re-renders only when its error changes.
 * Inputs drawn from the value (a checkbox, radios, checkbox groups) pass `drawnFromValue` and also
 * re-render when it changes (`value`); a date-and-time field passes its time zone (useTimeZoneName). Each hook here is one per field: a lean field is one that
 * keeps few.
 */
export function useNativeField(
  { field, control, messages, readOnly = false }: FieldComponentProps,
  timeZone?: string,
  drawnFromValue = false,
) {
  const name = fieldName(field);
  const [shown, show] = useState(() => read(control, name, drawnFromValue));
  const errorMessage = shown.error;
  // The registration, which also watches the field's error (and value) while its input is there: no
  // effect per field. Its handlers are made once with it, not on every render.
  const binding = useMemo(
    () => bindInput(control, name, drawnFromValue, readOnly, shown, show),
    [control, name, drawnFromValue, readOnly],
  );
  const wiring = useFieldWiring(field, name, errorMessage, readOnly, timeZone, messages);
  return { ...wiring, start: storedValue(control, name), value: shown.value, ref: binding.ref, change: binding.change, blur: binding.blur };
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

/** What the field shows from the form's store: its error, and its value when drawn from it. */
interface Shown {
  error: string | undefined;
  value: FormValue | undefined;
}

function read(control: Control<FormValues>, name: string, drawnFromValue: boolean): Shown {
  return { error: storedError(control, name), value: drawnFromValue ? storedValue(control, name) : undefined };
}

/**
 * The field's registration with react-hook-form (`register`) and its input: the ref lets the form
 * focus the input on a failed submit and write into it on reset. A reset that forgets every
 * input registers it again and hands it the input, which then shows the new value.
 * While the input is there, every change of the form's state about this field reaches `show` when
 * what it shows differs from what is `shown`: subscribed as React attaches the input, unsubscribed
 * as it detaches it.
 */
function bindInput(
  control: Control<FormValues>,
  name: string,
  drawnFromValue: boolean,
  readOnly: boolean,
  shown: Shown,
  show: (next: Shown) => void,
) {
  let input: HTMLElement | null = null;
  let unsubscribe: (() => void) | undefined;
  const update = () => {
    if (isForgotten(control, name)) {
      binding.current = control.register(name);
      if (input) binding.current.ref(forForm(input));
    }
    const next = read(control, name, drawnFromValue);
    if (next.error !== shown.error || next.value !== shown.value) show((shown = next));
  };
  const binding = {
    current: control.register(name),
    ref: (element: HTMLElement | null) => {
      input = element;
      binding.current.ref(forForm(element));
      if (element && !unsubscribe) {
        unsubscribe = subscribeToField(control, name, update);
        // What changed between the render and now is shown too.
        update();
      } else if (!element && unsubscribe) {
        unsubscribe();
        unsubscribe = undefined;
      }
    },
    // Values are handed over as they are (not read back from the input by react-hook-form), so a
    // number field can record "unreadable" and a checkbox its boolean.
    change: (next: FormValue) => {
      if (!readOnly) void binding.current.onChange({ target: { name, value: next }, type: "change" });
    },
    blur: (event?: BlurEvent) =>
      checkOnBlur(control, name, event, () => void binding.current.onBlur({ target: { name, value: storedValue(control, name) }, type: "blur" })),
  };
  return binding;
}
