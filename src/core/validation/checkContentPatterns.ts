import { ownProperty } from "../shared/ownProperty";
import type { PatternTester } from "./patterns/createPatternTester";
import type { ParsedElicitationSchema, ValidateElicitationContentResult, ValidationIssue } from "../types";
import { describeValidationIssue } from "./validationMessages";

export interface ContentPatternChecks {
  /** One `pattern` issue per field whose value the pattern refuses. */
  issues: ValidationIssue[];
  /** Keys of fields whose pattern could not be checked here: the server decides. */
  leftToServer: string[];
}

/**
 * The forms' pattern checks: every text value with a `pattern` is tested by `tester`, never with
 * the backtracking engine on the main thread, with the server's semantics (createPatternTester.ts). The schema engines run without patterns on this
 * path; `withPatternIssues` merges these findings into theirs.
 */
export async function checkContentPatterns(
  parsed: ParsedElicitationSchema,
  content: object,
  tester: PatternTester,
): Promise<ContentPatternChecks> {
  const checks = parsed.fields.flatMap((field) => {
    if (field.kind !== "text" || field.pattern === undefined) return [];
    const value = ownProperty(content, field.key);
    return typeof value === "string" ? [{ field, verdict: tester.test(field.pattern, value) }] : [];
  });
  const result: ContentPatternChecks = { issues: [], leftToServer: [] };
  for (const { field, verdict } of checks) {
    const matches = await verdict;
    if (matches === undefined) result.leftToServer.push(field.key);
    else if (!matches) {
      const params = { pattern: (field as { pattern: string }).pattern };
      result.issues.push({ field: field.key, code: "pattern", message: describeValidationIssue({ code: "pattern", params }, field.label), params });
    }
  }
  return result;
}

// The rules a value breaks first, as validateElicitationContent ranks them: a pattern issue replaces
// only the ones after it.
const AFTER_PATTERN: ReadonlySet<string> = new Set(["minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "uniqueItems"]);

/**
 * `result` with the pattern issues added: at most one issue per field, the one a person should fix
 * first, in the order validateElicitationContent gives them (content-level, then declaration order).
 */
export function withPatternIssues(
  parsed: ParsedElicitationSchema,
  result: ValidateElicitationContentResult,
  issues: ValidationIssue[],
): ValidateElicitationContentResult {
  if (issues.length === 0) return result;
  const errors = result.valid ? [] : [...result.errors];
  for (const issue of issues) {
    const at = errors.findIndex((existing) => existing.field === issue.field);
    if (at < 0) errors.push(issue);
    else if (AFTER_PATTERN.has(errors[at]!.code)) errors[at] = issue;
  }
  const order = new Map(parsed.fields.map((field) => [field.key, field.index]));
  const rank = (issue: ValidationIssue) => (issue.field === "" ? -1 : (order.get(issue.field) ?? parsed.fields.length));
  return { valid: false, errors: errors.sort((a, b) => rank(a) - rank(b)) };
}
