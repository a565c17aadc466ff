import type { FieldDescriptor, ValidationCode, ValidationIssue } from "../types";
import type { FoundIssue } from "../values/FoundIssue";
import { formatFileSize } from "../shared/formatFileSize";

/** One message per rule. `p` holds the field's label and the rule's params ({ limit }, { format }, { type }, …). */
export type ValidationMessages = {
  [C in ValidationCode]: (p: { label: string } & Record<string, unknown>) => string;
};

// Plural forms come from Intl.PluralRules, never from `n === 1`.
const plural = new Intl.PluralRules("en");
const count = (n: unknown, one: string, many: string) =>
  `${String(n)} ${typeof n === "number" && plural.select(n) === "one" ? one : many}`;

const FORMAT_MESSAGES: Record<string, string> = {
  email: "Enter a valid email address",
  uri: "Enter a valid URL, like https://example.com",
  date: "Enter a valid date",
  "date-time": "Enter a valid date and time",
  "data-uri": "Choose a file",
};

const TYPE_MESSAGES: Record<string, string> = {
  number: "Enter a number",
  integer: "Enter a number",
  string: "Enter text",
  boolean: "Choose yes or no",
  array: "Choose from the options",
  object: "Must be an object of field values",
};

/** Plain-words English defaults; hosts replace any of them through `messages`. */
export const defaultValidationMessages: ValidationMessages = {
  required: () => "This field is required",
  type: (p) => TYPE_MESSAGES[String(p.type)] ?? "Enter a valid value",
  integer: () => "Enter a whole number",
  minLength: (p) => `Use at least ${count(p.limit, "character", "characters")}`,
  maxLength: (p) => `Use at most ${count(p.limit, "character", "characters")}`,
  pattern: () => "Doesn't match the expected format",
  format: (p) => FORMAT_MESSAGES[String(p.format)] ?? "Enter a valid value",
  minimum: (p) => `Must be ${String(p.limit)} or more`,
  maximum: (p) => `Must be ${String(p.limit)} or less`,
  enum: () => "Choose one of the options",
  minItems: (p) => `Choose at least ${String(p.limit)}`,
  maxItems: (p) => `Choose at most ${String(p.limit)}`,
  uniqueItems: () => "Choose each option once",
  unknownField: () => "Not a field of this form",
  invalidSchema: (p) => (typeof p.message === "string" ? p.message : "This form cannot be shown: the request is invalid"),
  fileType: (p) => `Choose a file of an accepted type (${String(p.accept)})`,
  fileSize: (p) => `Choose a file of at most ${typeof p.limit === "number" ? formatFileSize(p.limit, "en") : String(p.limit)}`,
};

/** Words one issue for a field, preferring the host's replacement message for that code. */
export function describeValidationIssue(
  issue: Pick<ValidationIssue, "code" | "params">,
  label: string,
  messages?: Partial<ValidationMessages>,
): string {
  const message = messages?.[issue.code] ?? defaultValidationMessages[issue.code];
  return message({ ...issue.params, label });
}

/** Issues a check found, worded with each field's label in the host's `messages` (default English). */
export function wordIssues(fields: readonly FieldDescriptor[], issues: readonly FoundIssue[], messages?: Partial<ValidationMessages>): ValidationIssue[] {
  const labels = new Map(fields.map((field) => [field.key, field.label]));
  return issues.map((found) => ({ ...found, message: describeValidationIssue(found, labels.get(found.field) ?? found.field, messages) }));
}
