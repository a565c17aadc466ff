import { memo } from "react";
import type { SingleSelectFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useElicitationField } from "./useElicitationField";

/** Up to this many options of a required choice show as radios: every option visible, one keystroke apart. */
export const MAX_RADIO_OPTIONS = 5;

/**
 * Radios when the choice is required and short; otherwise a native select, whose empty
 * option also lets the person clear an optional choice (a radio group cannot be emptied).
 */
export const SingleSelectField = memo(function SingleSelectField(
  props: FieldComponentProps<SingleSelectFieldDescriptor>,
) {
  const { field, messages } = props;
  const state = useElicitationField(props);
  const { controller, ids, ariaProps } = state;
  const value = controller.value as string;

  if (field.required && field.options.length <= MAX_RADIO_OPTIONS) {
    return (
      <FieldShell field={field} state={state} messages={messages} group={{ role: "radiogroup" }}>
        <div className="rme-options">
          {field.options.map((option, position) => (
            <label key={option.value} className="rme-option" data-option={option.value}>
              <input
                type="radio"
                className="rme-radio"
                name={state.name}
                value={option.value}
                checked={value === option.value}
                onChange={() => controller.onChange(option.value)}
                onBlur={controller.onBlur}
                // react-hook-form focuses this on a failed submit: the chosen radio, else the first.
                ref={value === option.value || (position === 0 && !value) ? controller.ref : undefined}
              />
              <span className="rme-option__label">{option.label}</span>
            </label>
          ))}
        </div>
      </FieldShell>
    );
  }

  return (
    <FieldShell field={field} state={state} messages={messages}>
      <select
        id={ids.inputId}
        name={state.name}
        className="rme-select"
        value={value}
        onChange={(event) => controller.onChange(event.target.value)}
        onBlur={controller.onBlur}
        ref={controller.ref}
        aria-required={field.required || undefined}
        aria-readonly={state.readOnly || undefined}
        {...ariaProps}
      >
        <option value="">{messages.selectPlaceholder}</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
