import { memo, type SyntheticEvent } from "react";
import { UNREADABLE_NUMBER } from "../core/values/initialFormValues";
import type { NumberFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { storedValue } from "./formStore";
import { useNativeField } from "./useNativeField";

export const NumberField = memo(function NumberField(props: FieldComponentProps<NumberFieldDescriptor>) {
  const { field } = props;
  const state = useNativeField(props);
  const { ids, ariaProps } = state;
  // Text the browser cannot read as a number ("1e999", "--5") reports value "" and validity.badInput;
  // the form records that it cannot be read, so it is refused rather than sent as "not answered".
  // `input` events, not React's onChange alone: going from "" to unreadable "" is no change to React.
  const read = (event: SyntheticEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    state.change(input.value === "" && input.validity?.badInput ? UNREADABLE_NUMBER : input.value);
  };
  return (
    FieldShell({
      field, state, messages: props.messages,
      children: (
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
          // The input holds what is typed (unreadable text included); it starts from the form's value.
          defaultValue={state.start === UNREADABLE_NUMBER ? "" : (state.start as string)}
          onChange={read}
          onInput={read}
          onBlur={(event) => {
            // Some browsers settle badInput only on blur (a lone "-" or "e").
            if (event.currentTarget.validity?.badInput && storedValue(props.control, state.name) !== UNREADABLE_NUMBER) read(event);
            state.blur(event);
          }}
          ref={state.ref}
          readOnly={state.readOnly || undefined}
          aria-required={field.required || undefined}
          {...ariaProps}
        />
      ),
    })
  );
});
