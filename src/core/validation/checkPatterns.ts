import { ownProperty } from "../shared/ownProperty";
import type { PatternTester } from "./patterns/createPatternTester";
import type { ContentCheck, ParsedElicitationSchema } from "../types";
import { comesFirst, orderIssues } from "./issueOrder";
import type { FoundIssue } from "../values/FoundIssue";

export interface PatternChecks {
  /** One `pattern` issue per field whose value the pattern refuses. */
  issues: FoundIssue[];
  /** Keys of fields whose pattern could not be checked here: the server decides. */
  leftToServer: string[];
}

/**
 * The forms' pattern checks: every text value with a `pattern` is tested by `tester`, never with
 * the backtracking engine on the main thread, with the server's semantics (createPatternTester.ts). The schema engines run without patterns on this
 * path; `withPatternIssues` merges these findings into theirs.
 */
export async function checkPatterns(
  parsed: ParsedElicitationSchema,
  content: object,
  tester: PatternTester,
): Promise<PatternChecks> {
  const checks = parsed.fields.flatMap((field) => {
    if ((field.kind !== "text" && field.kind !== "file") || field.pattern === undefined) return [];
    const value = ownProperty(content, field.key);
    return typeof value === "string" ? [{ field, verdict: tester.test(field.pattern, value) }] : [];
  });
  const result: PatternChecks = { issues: [], leftToServer: [] };
  for (const { field, verdict } of checks) {
    const matches = await verdict;
    if (matches === undefined) result.leftToServer.push(field.key);
    else if (!matches) {
      result.issues.push({ field: field.key, code: "pattern", params: { pattern: (field as { pattern: string }).pattern } });
    }
  }
  return result;
}

/**
 * `result` with the pattern issues added: at most one issue per field, the one a person should fix
 * first, in the order issueOrder.ts gives them.
 */
export function withPatternIssues(parsed: ParsedElicitationSchema, result: ContentCheck<FoundIssue>, issues: FoundIssue[]): ContentCheck<FoundIssue> {
  if (issues.length === 0) return result;
  const errors = result.valid ? [] : [...result.errors];
  for (const issue of issues) {
    const at = errors.findIndex((existing) => existing.field === issue.field);
    if (at < 0) errors.push(issue);
    else if (comesFirst(issue, errors[at]!)) errors[at] = issue;
  }
  return { valid: false, errors: orderIssues(parsed.fields, errors) };
}
