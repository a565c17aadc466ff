import { checkContentSync } from "../validation/checkContentSync";
import { withPatternIssues } from "../validation/checkPatterns";
import { compileWithRe2, type Re2Pattern } from "../validation/patterns/re2Engine";
import type { FoundIssue } from "../values/FoundIssue";
import { wordIssues } from "../validation/validationMessages";
import { defaultValidationRuntime, type ValidationRuntime } from "../validation/validationRuntime";
import { ownProperty } from "../shared/ownProperty";
import { isUriBodyInSteps, parseDataUri } from "../values/dataUri";
import type { ContentCheck, ParsedElicitationSchema } from "../types";

/** Characters of a file's body checked per turn of the server's loop: about 2–3 ms of work on an idle core. */
const BODY_STEP = 256 * 1024;
/** Patterns kept compiled; a server sees few distinct ones. */
const PATTERNS_KEPT = 256;

export type RelayContentCheck = (parsed: ParsedElicitationSchema, content: unknown) => Promise<ContentCheck>;

/**
 * The relay's check of an accepted answer: the form's check (checkContent.ts: the same engine, key
 * renaming, size bounds and file rules, worded the same way), with each `pattern` run by RE2 when it
 * translates with the same meaning (linear time: a person's answer cannot stall the host's server)
 * and in place (`new RegExp(pattern, "u")`, as the MCP SDK's server validator runs it) otherwise.
 * The verdict is the form's and the MCP server's. A file's data: URI body (millions of characters)
 * is checked a quarter million characters per turn first, and its verdict handed to the check, so that one
 * large answer does not hold the server's event loop; the rest is synchronous. The compiled patterns
 * are kept here.
 */
export function createRelayContentCheck(runtime: ValidationRuntime = defaultValidationRuntime): RelayContentCheck {
  const compiled = new Map<string, Re2Pattern | RegExp>();
  const tester = (pattern: string): Re2Pattern | RegExp => {
    let found = compiled.get(pattern);
    if (found === undefined) {
      // The parser compiled every pattern already: `new RegExp` cannot throw here.
      found = compileWithRe2(pattern) ?? new RegExp(pattern, "u");
      if (compiled.size >= PATTERNS_KEPT) compiled.delete(compiled.keys().next().value as string);
      compiled.set(pattern, found);
    }
    return found;
  };
  return async (parsed, content) => {
    const fileBodies = new Map<string, { isUri: boolean }>();
    for (const field of parsed.fields) {
      const value = typeof content === "object" && content !== null ? ownProperty(content, field.key) : undefined;
      const info = field.kind === "file" && field.format === "uri" && typeof value === "string" ? parseDataUri(value) : undefined;
      if (info !== undefined) fileBodies.set(field.key, { isUri: await isUriBodyInSteps(value as string, info, BODY_STEP) });
    }
    // Patterns left out of the engine: they run below, in RE2 where they can.
    const checked = checkContentSync(runtime, parsed, content, { limits: parsed.limits, patterns: false, fileBodies });
    const judged = new Set(checked.valid ? [] : checked.errors.map((issue) => issue.field));
    const patternIssues: FoundIssue[] = [];
    if (typeof content === "object" && content !== null) {
      for (const field of parsed.fields) {
        if ((field.kind !== "text" && field.kind !== "file") || field.pattern === undefined || judged.has(field.key)) continue;
        const value = ownProperty(content, field.key);
        if (typeof value === "string" && !tester(field.pattern).test(value)) {
          patternIssues.push({ field: field.key, code: "pattern", params: { pattern: field.pattern } });
        }
      }
    }
    const result = withPatternIssues(parsed, checked, patternIssues);
    return result.valid ? result : { valid: false, errors: wordIssues(parsed.fields, result.errors) };
  };
}
