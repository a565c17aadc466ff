import { RE2JS } from "re2js";

// A server's `pattern` runs on the person's input on every keystroke. JavaScript's RegExp engine
// backtracks, so `^(a+)+$` against "aaaa…!" takes exponential time and freezes the tab. Every
// pattern check in the library (parser defaults, Ajv, the eval-free engine) goes through this
// module instead: patterns run on RE2JS, an automaton-based engine whose time is linear in the
// input. Patterns RE2 cannot run in linear time (backreferences, lookaround) are refused.
// The UI reaches this module only through a dynamic import (see patternEngine.ts).

/** What the validators need from a pattern: a search anywhere in the string, as JSON Schema says. */
export interface SafeRegExp {
  test(input: string): boolean;
  /** Distinct per pattern: Ajv caches compiled patterns by it. */
  toString(): string;
}

export type CompileSafePatternResult = { ok: true; regExp: SafeRegExp } | { ok: false; reason: string };

// ECMAScript's \s: RE2's is ASCII only, so it is spelled out to keep both engines in agreement.
const WHITESPACE = "\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
// ECMAScript's `.` (without the s flag) stops at every line terminator; RE2's only at \n.
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";

const CACHE_LIMIT = 256;
const cache = new Map<string, CompileSafePatternResult>();

/**
 * Compiles a JSON Schema `pattern` (ECMAScript syntax, unicode mode) for linear-time matching.
 * Never throws; results are cached per pattern string.
 */
export function compileSafePattern(pattern: string): CompileSafePatternResult {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  const result = compile(pattern);
  cache.set(pattern, result);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return result;
}

function compile(pattern: string): CompileSafePatternResult {
  try {
    // Building a RegExp only parses it (nothing runs on input), which is linear in its length.
    new RegExp(pattern, "u");
  } catch {
    return { ok: false, reason: "must be a valid regular expression" };
  }
  if (hasBackreference(pattern)) {
    return { ok: false, reason: "uses a backreference, which cannot be checked in linear time" };
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(alignWithEcmaScript(RE2JS.translateRegExp(pattern)));
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : "";
    return {
      ok: false,
      reason: `uses a feature that cannot be checked in linear time (lookaround, a very large repeat count, or an unusual property class)${detail ? `: ${detail}` : ""}`,
    };
  }
  // Ajv keys its compiled patterns by toString(), so each must have its own.
  return { ok: true, regExp: { test: (input: string) => compiled.test(input), toString: () => `re2:${pattern}` } };
}

/** `\1`…`\9` and `\k<name>` outside character classes (inside them `\1` is an octal-free error in u-mode). */
function hasBackreference(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && (next === "k" || (next >= "1" && next <= "9"))) return true;
      i++;
    } else if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
  }
  return false;
}

/**
 * Rewrites the two RE2 constructs whose meaning differs from ECMAScript's unicode mode: `.` and
 * `\s` / `\S` (outside classes; `\s` inside them too). Input is RE2 syntax from translateRegExp.
 */
function alignWithEcmaScript(re2: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < re2.length; i++) {
    const char = re2[i]!;
    if (char === "\\") {
      const next = re2[i + 1] ?? "";
      if (next === "s") out += inClass ? WHITESPACE : `[${WHITESPACE}]`;
      else if (next === "S" && !inClass) out += `[^${WHITESPACE}]`;
      else if ((next === "x" || next === "p" || next === "P") && re2[i + 2] === "{") {
        const end = re2.indexOf("}", i + 3);
        const stop = end < 0 ? re2.length : end + 1;
        out += re2.slice(i, stop);
        i = stop - 1;
        continue;
      } else out += char + next;
      i++;
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      out += char;
    } else if (char === "[") {
      inClass = true;
      out += char;
      // A "]" or "^]" right after "[" is literal in RE2 (translateRegExp already removed the empty class).
      if (re2[i + 1] === "^") out += re2[++i];
      if (re2[i + 1] === "]") out += re2[++i];
    } else if (char === ".") {
      out += DOT;
    } else {
      out += char;
    }
  }
  return out;
}
