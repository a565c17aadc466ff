import { rfc3339ToLocalInput } from "./rfc3339ToLocalInput";
import type { FieldDescriptor, FormValue, FormValues } from "../types";

// What a form starts from, apart from how its answer is built (formValues.ts): the page draws a
// form with this, while building and checking the answer waits for the validation engine anyway.

/** The form-state name of a field: `f0`, `f1`, … — never the server's key, which may be "a.b" or "__proto__". */
export function fieldName(field: Pick<FieldDescriptor, "index">): string {
  return `f${field.index}`;
}

/**
 * The value a number input reports when the browser cannot read what was typed ("1e999", "--5",
 * "12e"): the input's own value is then "", which must not pass for "not answered".
 */
export const UNREADABLE_NUMBER = "\u0000unreadable-number";

/** What each input shows first: every default, falsy ones included; otherwise empty (unchecked, nothing chosen). */
export function initialFormValues(fields: readonly FieldDescriptor[]): FormValues {
  return Object.fromEntries(fields.map((field) => [fieldName(field), initialValue(field)]));
}

function initialValue(field: FieldDescriptor): FormValue {
  switch (field.kind) {
    case "text":
      if (field.default === undefined) return "";
      return field.format === "date-time" ? rfc3339ToLocalInput(field.default) : field.default;
    case "file":
      return field.default ?? "";
    case "number":
      return field.default === undefined ? "" : String(field.default);
    case "boolean":
      return field.default ?? false;
    case "single-select":
      return field.default ?? "";
    case "multi-select":
      return field.default === undefined ? [] : [...field.default];
  }
}
