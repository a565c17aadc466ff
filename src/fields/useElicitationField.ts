import { useController } from "react-hook-form";
import { fieldName } from "../core/values/initialFormValues";
import type { FieldComponentProps } from "./FieldComponentProps";
import { checkOnBlur } from "./checkOnBlur";
import { useFieldWiring } from "./useFieldWiring";
import { useTimeZoneName } from "./useTimeZoneName";

/**
 * Wires one field to react-hook-form and to its label, description and error
 * (the React Aria `useField` idea): returns a controller (the value and its setters, as a custom
 * input needs them) plus the ids and ARIA props an input needs. Subscribes to this field only,
 * so typing elsewhere does not re-render it. The built-in fields let the native input hold the
 * value instead (useNativeField), which costs far less per field.
 */
export function useElicitationField({ field, control, messages, readOnly = false }: FieldComponentProps) {
  const name = fieldName(field);
  const { field: registered, fieldState } = useController({ name, control });
  // Date-and-time fields say which time zone the typed time is in.
  const timeZone = useTimeZoneName(field.kind === "text" && field.format === "date-time");
  const wiring = useFieldWiring(field, name, fieldState.error?.message, readOnly, timeZone, messages);
  const onBlur = (event?: { relatedTarget?: EventTarget | null; target?: EventTarget | null }) =>
    checkOnBlur(control, name, event, registered.onBlur);
  // Read-only: the input keeps showing its value and edits are dropped.
  const controller = { ...registered, onBlur, ...(readOnly ? { onChange: ignoreChange } : null) };
  return {
    name,
    controller,
    readOnly,
    invalid: wiring.invalid,
    errorMessage: wiring.errorMessage,
    timeZone: wiring.timeZone,
    bounds: wiring.bounds,
    ids: wiring.ids,
    ariaProps: wiring.ariaProps,
  };
}

function ignoreChange(): void {}

export type { ElicitationFieldState } from "./useFieldWiring";
