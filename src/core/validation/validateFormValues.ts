import { convertFormValues } from "../values/formValues";
import { fieldName } from "../values/initialFormValues";
import type { ElicitContent, FormValues, ParsedElicitationSchema, ValidationIssue } from "../types";
import { checkContentSync } from "./checkContentSync";
import { formIssues } from "./issueOrder";
import { defaultValidationRuntime } from "./validationRuntime";
import { wordIssues, type ValidationMessages } from "./validationMessages";

/**
 * Builds content from form values, validates it against the schema, and returns at most one issue
 * per field keyed by form name (conversion issues win over schema issues), worded with the host's
 * `messages`. Synchronous (validateElicitationContent's engines); the forms' resolver does the
 * same with the engine it loaded. Cheap on repeat: the schema's validator is compiled once and cached.
 */
export function validateFormValues(
  parsed: ParsedElicitationSchema,
  values: FormValues,
  messages?: Partial<ValidationMessages>,
): { content: ElicitContent; errors: Record<string, ValidationIssue> } {
  const { content, issues } = convertFormValues(parsed.fields, values);
  const checked = checkContentSync(defaultValidationRuntime, parsed, content, { patterns: true });
  const worded = wordIssues(parsed.fields, formIssues(parsed.fields, issues, checked.valid ? [] : checked.errors), messages);
  // formIssues keeps the form's own fields only: each issue has its field's form name.
  const nameOf = new Map(parsed.fields.map((field) => [field.key, fieldName(field)]));
  return { content, errors: Object.fromEntries(worded.map((issue) => [nameOf.get(issue.field)!, issue])) };
}
