import { memo, useRef } from "react";
import type { SingleSelectFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useNativeField } from "./useNativeField";

/** Up to this many options show as radios (every option visible, one keystroke apart); more become a select. */
export const MAX_RADIO_OPTIONS = 5;

/**
 * One rule whatever `required` says: radios for a handful of options, a native select beyond.
 * An optional radio group offers "Clear choice" once something is chosen; a select's empty
 * option does the same.
 */
export const SingleSelectField = memo(function SingleSelectField(
  props: FieldComponentProps<SingleSelectFieldDescriptor>,
) {
  const { field, messages } = props;
  const radios = field.options.length <= MAX_RADIO_OPTIONS;
  // Radios are drawn from the value ("Clear choice" shows once something is chosen); a select holds it.
  const state = useNativeField(props, undefined, radios);
  const { ids, ariaProps } = state;
  const value = state.value as string;
  const options = useRef<HTMLDivElement>(null);

  if (radios) {
    const clear = () => {
      state.change("");
      // The button leaves with the choice: keep focus in the group, on its first radio.
      options.current?.querySelector<HTMLInputElement>("input")?.focus();
    };
    const clearable = !field.required && !state.readOnly && value !== "";
    return (
      FieldShell({
        field,
        state,
        messages,
        group: { role: "radiogroup" },
        after: clearable ? (
          <button type="button" className="rme-button rme-button--quiet rme-field__clear" data-action="clear-choice" onClick={clear}>
            {messages.clearChoice}
          </button>
        ) : null,
        children: (
          <div className="rme-options" ref={options}>
            {field.options.map((option, position) => (
              <label key={option.value} className="rme-option" data-option={option.value}>
                <input
                  type="radio"
                  className="rme-radio"
                  name={state.name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => state.change(option.value)}
                  onBlur={state.blur}
                  // react-hook-form focuses this on a failed submit, which happens only with nothing chosen.
                  ref={position === 0 ? state.ref : undefined}
                />
                <span className="rme-option__label">{option.label}</span>
              </label>
            ))}
          </div>
        ),
      })
    );
  }

  return (
    FieldShell({
      field, state, messages,
      children: (
        <select
          id={ids.inputId}
          name={state.name}
          className="rme-select"
          // A select has no readonly attribute: read-only, React puts the value back after each pick.
          {...(state.readOnly ? { value: state.start as string } : { defaultValue: state.start as string })}
          onChange={(event) => state.change(event.target.value)}
          onBlur={state.blur}
          ref={state.ref}
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
      ),
    })
  );
});
