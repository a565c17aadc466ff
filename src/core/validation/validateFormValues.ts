import { convertFormValues } from "../values/formValues";
import type { ElicitContent, FormValues, ParsedElicitationSchema, ValidationIssue } from "../types";
import { formIssues } from "./issueOrder";
import { checkParsedContent } from "./validateElicitationContent";
import type { ValidationMessages } from "./validationMessages";
import { wordFormIssues } from "./wordFormIssues";

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
  const checked = checkParsedContent(parsed, content);
  return { content, errors: wordFormIssues(parsed.fields, formIssues(parsed.fields, issues, checked.valid ? [] : checked.errors), messages) };
}
