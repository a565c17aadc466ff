import type { CompileSafePatternResult, SafeRegExp } from "./safePattern";

// The linear-time pattern engine (safePattern.ts, built on re2js) weighs about as much as the rest
// of the dialog, and most forms have no `pattern`. So nothing on the UI path imports it: the parser
// and both validation engines take it from here, where it is installed either by the synchronous
// public API (parseElicitationSchema, validateElicitationContent, …, which import it statically) or
// by `loadPatternEngine()` (a dynamic import, done before a schema with a pattern is drawn). Both
// install the same function, so a pattern gets the same answer whichever way it arrived.

/** Compiles a JSON Schema `pattern` for linear-time matching; never throws. */
export type CompilePattern = (pattern: string) => CompileSafePatternResult;

let installed: CompilePattern | undefined;
let loading: Promise<CompilePattern> | undefined;

/** The pattern engine if it is loaded, else undefined (never loads it). */
export function loadedPatternEngine(): CompilePattern | undefined {
  return installed;
}

/** Makes `compile` the pattern engine; returns the one in use. */
export function installPatternEngine(compile: CompilePattern): CompilePattern {
  installed ??= compile;
  return installed;
}

/** Loads the pattern engine (once; a failed load is tried again on the next call). */
export function loadPatternEngine(): Promise<CompilePattern> {
  if (installed !== undefined) return Promise.resolve(installed);
  loading ??= import("./safePattern").then(
    (module) => installPatternEngine(module.compileSafePattern),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The pattern engine, for code that may only run once it is loaded (the validation engines). */
export function requirePatternEngine(): CompilePattern {
  if (installed === undefined) {
    throw new Error("react-mcp-elicitation: a schema with a pattern was compiled before the pattern engine was loaded (await loadPatternEngine()).");
  }
  return installed;
}

/**
 * For Ajv's `code.regExp` option: every `pattern` Ajv compiles is matched by the linear-time engine.
 * Throws (as `new RegExp` would) for patterns the safe engine refuses, so Ajv's compile fails instead
 * of producing a validator that could freeze the page.
 */
export const safeRegExpEngine = Object.assign(
  (pattern: string, _flags: string): SafeRegExp => {
    const result = requirePatternEngine()(pattern);
    if (!result.ok) throw new SyntaxError(`pattern ${JSON.stringify(pattern)} ${result.reason}`);
    return result.regExp;
  },
  { code: "safeRegExpEngine" },
);
