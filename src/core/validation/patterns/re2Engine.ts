// RE2 with the translation that keeps a pattern's ECMAScript meaning: one chunk, loaded on demand
// (createPatternTester.ts) only for a pattern past its worker's deadline or on a page with no worker.
import { RE2JS } from "re2js";
import { toRe2Syntax } from "./toRe2Syntax";

export interface Re2Pattern {
  test(input: string): boolean;
}

/** `pattern` compiled by RE2 with the server's meaning, or undefined when RE2 cannot read it so. */
export function compileWithRe2(pattern: string): Re2Pattern | undefined {
  const syntax = toRe2Syntax(pattern);
  if (syntax === undefined) return undefined;
  try {
    return RE2JS.compile(syntax);
  } catch {
    // Beyond RE2's limits (program size, nested repetition).
    return undefined;
  }
}

/**
 * Runs RE2's matching code once on a short input as it loads: its first run on a long input would
 * otherwise be slow enough (not yet optimised by the browser) to block the page.
 */
export function warmUpRe2(): void {
  compileWithRe2("^(?:[0-9A-Z]+\\s?)*$")?.test("WORD1 ".repeat(300) + "!");
}
