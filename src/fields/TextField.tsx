import { memo } from "react";
import type { StringFormat, TextFieldDescriptor } from "../core/types";
import type { FieldComponentProps } from "./FieldComponentProps";
import { FieldShell } from "./FieldShell";
import { useNativeField } from "./useNativeField";
import { useTimeZoneName } from "./useTimeZoneName";

const INPUT_TYPE: Record<StringFormat, string> = {
  email: "email",
  uri: "url",
  date: "date",
  // The value is local wall-clock time; core converts it to RFC 3339 with the offset.
  "date-time": "datetime-local",
};

const AUTOCOMPLETE: Partial<Record<StringFormat, string>> = { email: "email", uri: "url" };

/** Long free text gets a textarea; anything with a format keeps its native input. */
const TEXTAREA_FROM_LENGTH = 200;

export const TextField = memo(function TextField(props: FieldComponentProps<TextFieldDescriptor>) {
  // Date-and-time fields say which time zone the typed time is in; the others keep no hook for it.
  return props.field.format === "date-time" ? <ZonedTextInput {...props} /> : <TextInput {...props} />;
});

function ZonedTextInput(props: FieldComponentProps<TextFieldDescriptor>) {
  return <TextInput {...props} timeZone={useTimeZoneName(true)} />;
}

function TextInput(props: FieldComponentProps<TextFieldDescriptor> & { timeZone?: string }) {
  const { field } = props;
  const state = useNativeField(props, props.timeZone);
  const { ids, ariaProps } = state;
  const common = {
    id: ids.inputId,
    name: state.name,
    className: "rme-input",
    // The input holds what is typed; the form hears of each change.
    defaultValue: state.start as string,
    onChange: (event: { target: { value: string } }) => state.change(event.target.value),
    onBlur: state.blur,
    ref: state.ref,
    // No native maxLength: it counts UTF-16 units and cuts what is typed or pasted, so three emoji
    // under maxLength 3 would become one. The schema counts code points; validation says when it is too long.
    minLength: field.minLength,
    readOnly: state.readOnly || undefined,
    "aria-required": field.required || undefined,
    ...ariaProps,
  };
  const multiline = !field.format && (field.maxLength ?? 0) >= TEXTAREA_FROM_LENGTH;
  return (
    FieldShell({
      field, state, messages: props.messages,
      children: (
        multiline ? (
          <textarea rows={3} {...common} />
        ) : (
          <input
            type={field.format ? INPUT_TYPE[field.format] : "text"}
            autoComplete={field.format ? AUTOCOMPLETE[field.format] : undefined}
            spellCheck={field.format === "email" || field.format === "uri" ? false : undefined}
            {...common}
          />
        )
      ),
    })
  );
}
