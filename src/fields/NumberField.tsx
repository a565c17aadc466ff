import { memo } from "react";
import type { NumberFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useElicitationField } from "./useElicitationField";

export const NumberField = memo(function NumberField(props: FieldComponentProps<NumberFieldDescriptor>) {
  const { field } = props;
  const state = useElicitationField(props);
  const { controller, ids, ariaProps } = state;
  return (
    <FieldShell field={field} state={state} messages={props.messages}>
      <input
        id={ids.inputId}
        name={state.name}
        className="rme-input"
        type="number"
        // Integers step by 1; numbers take any decimal.
        step={field.integer ? 1 : "any"}
        inputMode={field.integer ? "numeric" : "decimal"}
        min={field.minimum}
        max={field.maximum}
        value={controller.value as string}
        onChange={(event) => controller.onChange(event.target.value)}
        onBlur={controller.onBlur}
        ref={controller.ref}
        readOnly={state.readOnly || undefined}
        aria-required={field.required || undefined}
        {...ariaProps}
      />
    </FieldShell>
  );
});
