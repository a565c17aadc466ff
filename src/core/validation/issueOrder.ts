import type { FieldDescriptor, ValidationCode } from "../types";
import type { FoundIssue } from "../values/FoundIssue";

// Which issue a person sees, and in what order: the one place that decides it. Every check (the
// engines, the pattern tester, converting a form's values) reports what it found; these rules keep
// at most one issue per field, the one worth fixing first, and list them content-level first, then
// in declaration order, then keys the form does not have.


// When a field breaks several rules, the first of these is the one worth telling the person.
const PRIORITY: readonly ValidationCode[] = [
  "required", "type", "integer", "enum", "format", "fileType", "fileSize", "pattern", "minLength", "maxLength",
  "minimum", "maximum", "minItems", "maxItems", "uniqueItems", "unknownField", "invalidSchema",
];

/** Whether `candidate` is worth telling before `current` (a field shows one issue). */
export function comesFirst(candidate: FoundIssue, current: FoundIssue): boolean {
  return PRIORITY.indexOf(candidate.code) < PRIORITY.indexOf(current.code);
}

/** `issues` reduced to one per field (the first in priority; the earlier on a tie) and sorted. */
export function orderIssues<T extends FoundIssue>(fields: readonly FieldDescriptor[], issues: Iterable<T>): T[] {
  const best = new Map<string, T>();
  for (const issue of issues) {
    const current = best.get(issue.field);
    if (current === undefined || comesFirst(issue, current)) best.set(issue.field, issue);
  }
  const index = new Map(fields.map((field) => [field.key, field.index]));
  const rank = (issue: FoundIssue) => (issue.field === "" ? -1 : (index.get(issue.field) ?? fields.length));
  return [...best.values()].sort((a, b) => rank(a) - rank(b));
}

/**
 * A form's issues: a value that could not even be converted keeps its issue (the engine only saw it
 * missing); every other field takes the engine's. Only the form's own fields: the form sends no other key.
 */
export function formIssues(fields: readonly FieldDescriptor[], conversion: FoundIssue[], checked: FoundIssue[]): FoundIssue[] {
  const declared = new Set(fields.map((field) => field.key));
  const converted = new Set(conversion.map((issue) => issue.field));
  const rest = checked.filter((issue) => declared.has(issue.field) && !converted.has(issue.field));
  return orderIssues(fields, [...conversion, ...rest]);
}
