import { memo } from "react";
import type { BooleanFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useElicitationField } from "./useElicitationField";

/** A checkbox is what it shows: unchecked answers `false`. */
export const BooleanField = memo(function BooleanField(props: FieldComponentProps<BooleanFieldDescriptor>) {
  const { field } = props;
  const state = useElicitationField(props);
  const { controller, ids, ariaProps } = state;
  return (
    <FieldShell field={field} state={state} messages={props.messages} labelAfter>
      <input
        id={ids.inputId}
        name={state.name}
        className="rme-checkbox"
        type="checkbox"
        checked={controller.value === true}
        onChange={(event) => controller.onChange(event.target.checked)}
        onBlur={controller.onBlur}
        ref={controller.ref}
        aria-readonly={state.readOnly || undefined}
        {...ariaProps}
      />
    </FieldShell>
  );
});
