import { memo } from "react";
import type { BooleanFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useNativeField } from "./useNativeField";

/** A checkbox is what it shows: unchecked answers `false`. */
export const BooleanField = memo(function BooleanField(props: FieldComponentProps<BooleanFieldDescriptor>) {
  const { field } = props;
  // Drawn from the value: react-hook-form never reads or writes the box itself.
  const state = useNativeField(props, undefined, true);
  const { ids, ariaProps } = state;
  const checked = state.value === true;
  return (
    FieldShell({
      field, state, messages: props.messages, labelAfter: true,
      children: (
        <input
          id={ids.inputId}
          name={state.name}
          className="rme-checkbox"
          type="checkbox"
          checked={checked}
          onChange={(event) => state.change(event.target.checked)}
          onBlur={state.blur}
          ref={state.ref}
          aria-readonly={state.readOnly || undefined}
          {...ariaProps}
        />
      ),
    })
  );
});
