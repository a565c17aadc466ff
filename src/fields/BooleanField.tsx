import { memo } from "react";
import type { BooleanFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useNativeField } from "./useNativeField";

/** A checkbox is what it shows: unchecked answers `false`. */
export const BooleanField = memo(function BooleanField(props: FieldComponentProps<BooleanFieldDescriptor>) {
  const { field } = props;
  const state = useNativeField(props);
  const { ids, ariaProps } = state;
  return (
    <FieldShell field={field} state={state} messages={props.messages} labelAfter>
      <input
        id={ids.inputId}
        name={state.name}
        className="rme-checkbox"
        type="checkbox"
        defaultChecked={state.start === true}
        onChange={(event) => state.change(event.target.checked)}
        // Read-only: the box keeps its tick (a checkbox ignores the readonly attribute).
        onClick={state.readOnly ? (event) => event.preventDefault() : undefined}
        onBlur={state.blur}
        ref={state.ref}
        aria-readonly={state.readOnly || undefined}
        {...ariaProps}
      />
    </FieldShell>
  );
});
