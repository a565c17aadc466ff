import { memo } from "react";
import type { MultiSelectFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useNativeField } from "./useNativeField";

/** A group of checkboxes; the answer keeps the server's option order. */
export const MultiSelectField = memo(function MultiSelectField(
  props: FieldComponentProps<MultiSelectFieldDescriptor>,
) {
  const { field, messages } = props;
  // The boxes are drawn from the value (the list of chosen options).
  const state = useNativeField(props, undefined, true);
  const { ariaProps } = state;
  const selected = state.value as string[];

  const toggle = (value: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(value);
    else next.delete(value);
    state.change(field.options.map((o) => o.value).filter((v) => next.has(v)));
  };

  return (
    FieldShell({
      field, state, messages, group: {},
      children: (
        <div className="rme-options">
          {field.options.map((option, position) => (
            <label key={option.value} className="rme-option" data-option={option.value}>
              <input
                type="checkbox"
                className="rme-checkbox"
                name={state.name}
                value={option.value}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={state.blur}
                ref={position === 0 ? state.ref : undefined}
                aria-invalid={ariaProps["aria-invalid"]}
                aria-readonly={state.readOnly || undefined}
              />
              <span className="rme-option__label">{option.label}</span>
            </label>
          ))}
        </div>
      ),
    })
  );
});
