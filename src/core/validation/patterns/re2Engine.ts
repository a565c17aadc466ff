// RE2 with the translation that keeps a pattern's ECMAScript meaning: loaded on demand
// (createRe2Checker.ts) only for a pattern past its worker's deadline or on a page with no worker —
// inside the RE2 worker (patternRe2WorkerModule.ts) where one can start, else as a chunk of the page.
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

const WARM_UP_PATTERN = "^(?:[0-9A-Z]+\\s?)*$";

/**
 * Small steps that run RE2's code once each, to be called in tasks of their own when RE2 runs on the
 * page's main thread: code that has never run is slow (not yet compiled by the browser), and RE2's
 * first pattern and first long input, run cold in one go, would block the page for tens of ms.
 */
export function re2WarmUpSteps(): Array<() => void> {
  let warm: Re2Pattern | undefined;
  return [
    () => compileWithRe2("a")?.test("a"),
    () => compileWithRe2("^[a-z]\\d.$")?.test("a1x"),
    () => {
      warm = compileWithRe2(WARM_UP_PATTERN);
    },
    () => warm?.test("WORD1 ".repeat(10) + "!"),
    () => warm?.test("WORD1 ".repeat(100) + "!"),
    () => warm?.test("WORD1 ".repeat(300) + "!"),
  ];
}
