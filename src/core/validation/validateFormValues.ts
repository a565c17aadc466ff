import { checkFormValues } from "../values/formValues";
import type { ElicitContent, FormValues, ParsedElicitationSchema, ValidationIssue } from "../types";
import { validateElicitationContent } from "./validateElicitationContent";
import type { ValidationMessages } from "./validationMessages";

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
  return checkFormValues(parsed, values, (content) => validateElicitationContent(parsed, content), messages);
}
