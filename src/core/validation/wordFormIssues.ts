import type { FieldDescriptor, ValidationIssue } from "../types";
import { fieldName } from "../values/initialFormValues";
import type { FoundIssue } from "../values/FoundIssue";
import { describeValidationIssue, type ValidationMessages } from "./validationMessages";

// Apart from the messages themselves: the file picker words its own refusals with those, and has no
// use for the forms' names of fields.

/** Issues keyed by form name (`f0`, `f1`, …), each worded once with its field's label and the host's `messages`. */
export function wordFormIssues(
  fields: readonly FieldDescriptor[],
  issues: readonly FoundIssue[],
  messages?: Partial<ValidationMessages>,
): Record<string, ValidationIssue> {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const worded: [string, ValidationIssue][] = [];
  for (const found of issues) {
    const field = byKey.get(found.field);
    if (field !== undefined) worded.push([fieldName(field), { ...found, message: describeValidationIssue(found, field.label, messages) }]);
  }
  return Object.fromEntries(worded);
}
