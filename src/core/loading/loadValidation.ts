import type { ContentCheck, ParsedElicitationSchema } from "../types";
import { checkContent } from "../validation/checkContent";
import { checkPatterns, withPatternIssues } from "../validation/checkPatterns";
import { createValuesCheck, type ValuesCheck } from "../validation/createValuesCheck";
import type { CompileContentValidator, ValidationEngine } from "../validation/validationEngine";
import { wordIssues } from "../validation/validationMessages";
import { defaultValidationRuntime, type ValidationRuntime } from "../validation/validationRuntime";

// The dialog's and forms' way to validation. Nothing they draw waits for it: the engines are
// separate modules reached only through dynamic import() (validationRuntime.ts), so a host's
// bundler splits them into chunks that load in the background —
//   Ajv (≈ 37 KB gzipped) only on pages that allow `new Function`,
//   the eval-free engine (@cfworker/json-schema, ≈ 7 KB) only on pages that forbid it.
// The forms' check (createValuesCheck.ts: converting values, renaming keys, bounding sizes, patterns,
// wording) comes with this module: every form that loads it needs that code, so it arrives in the same chunk, one
// request sooner and without a chunk of its own. Patterns need no engine: the runtime's pattern tester
// runs them off the main thread, or in RE2 (its own chunk) where no worker can
// (createPatternTester.ts). Each chunk is loaded once per runtime; a chunk that cannot load
// rejects with ValidationUnavailableError.

// What the form's parts loaded on demand judge and word files and issues with (loadFormChecks.ts).
export { acceptsFile } from "../request/fileAccept";
export { formatFileSize } from "../shared/formatFileSize";
export { defaultValidationMessages, describeValidationIssue } from "../validation/validationMessages";
export { dataUriByteLength, knownDataUri, parseDataUri } from "../values/dataUri";

export interface LoadValidationOptions {
  /** "auto" (default: the engine chosen with `setValidationEngine`), "ajv" or "eval-free". */
  engine?: ValidationEngine | "auto";
}

/**
 * The engine chosen for this page, or — when its chunk cannot be fetched and no engine was asked for
 * by name — the eval-free one: the same verdicts from a smaller chunk, usable on every page.
 */
async function loadSomeEngine(runtime: ValidationRuntime, asked: ValidationEngine | "auto" | undefined) {
  const engine = runtime.engine.resolve(asked);
  try {
    return { engine, compile: await runtime.loadEngine(engine) };
  } catch (error) {
    const byName = (asked !== undefined && asked !== "auto") || runtime.engine.chosen() !== "auto";
    if (engine === "eval-free" || byName) throw error;
    return { engine: "eval-free" as const, compile: await runtime.loadEngine("eval-free") };
  }
}

/**
 * Checks content against the schema it was loaded for, the same way validateElicitationContent
 * does, except that patterns run off the main thread (hence a promise).
 */
export type LoadedContentValidator = (content: unknown) => Promise<ContentCheck & { leftToServer: string[] }>;

/**
 * Loads the engine this page supports and returns a validator for `parsed`. The schema is compiled
 * on the first call of that validator (once per distinct schema, then kept in the runtime's cache).
 */
export function loadContentValidator(parsed: ParsedElicitationSchema, options: LoadValidationOptions = {}): Promise<LoadedContentValidator> {
  return loadContentCheck(defaultValidationRuntime, parsed, options);
}

/** loadContentValidator in `runtime` (a form's, a test's fresh one). */
export async function loadContentCheck(
  runtime: ValidationRuntime,
  parsed: ParsedElicitationSchema,
  options: LoadValidationOptions = {},
): Promise<LoadedContentValidator> {
  const { engine, compile } = await loadSomeEngine(runtime, options.engine);
  return async (content) => {
    const checked = checkContent(parsed, content, () => runtime.validators.get(parsed, engine, compile, false));
    const patterns = typeof content === "object" && content !== null ? await checkPatterns(parsed, content, runtime.patterns) : undefined;
    const result = patterns === undefined ? checked : withPatternIssues(parsed, checked, patterns.issues);
    const leftToServer = patterns?.leftToServer ?? [];
    return result.valid ? { ...result, leftToServer } : { valid: false, errors: wordIssues(parsed.fields, result.errors), leftToServer };
  };
}

/**
 * The check of `parsed`'s form values (createValuesCheck.ts) in `given` (undefined: the page's
 * default runtime, which loads with this chunk, not with the page), loading the engine on its
 * first call: the one check a form's resolver calls. An engine that cannot load rejects that call
 * with ValidationUnavailableError; the next call tries again.
 */
export function loadValuesCheck(given: ValidationRuntime | undefined, parsed: ParsedElicitationSchema): ValuesCheck {
  const runtime = given ?? defaultValidationRuntime;
  let check: ValuesCheck | undefined;
  return async (values, messages, known) => {
    if (check === undefined) {
      const { engine, compile } = await loadSomeEngine(runtime, undefined);
      check ??= createValuesCheck(runtime, parsed, engine, compile);
    }
    return check(values, messages, known);
  };
}

/** Runs `task` when the browser is idle (or soon, where there is no idle callback). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/**
 * Loads what `parsed` needs and compiles its validator when the browser is next idle, so the first
 * Submit finds it compiled (Ajv takes tens of milliseconds for a large form), and the defaults of
 * fields with a `pattern` checked (the tester keeps the verdicts, so a Submit of an untouched
 * default waits for no worker); a schema compiled already (a repeated request) compiles nothing.
 * Errors are left for the validation that needs the validator to report.
 */
export function prepareContentCheck(given: ValidationRuntime | undefined, parsed: ParsedElicitationSchema): void {
  const runtime = given ?? defaultValidationRuntime;
  const engine = runtime.engine.resolve();
  const patterned = parsed.fields.flatMap((field) => (field.kind === "text" && field.pattern !== undefined ? [field] : []));
  if (patterned.length > 0 || parsed.fields.some((field) => field.kind === "file" && field.pattern !== undefined)) runtime.patterns.start();
  const defaults = patterned.flatMap((field) => (field.default === undefined ? [] : [{ pattern: field.pattern!, value: field.default }]));
  runtime.loadEngine(engine).then(
    (compile: CompileContentValidator) => {
      let compiled: boolean;
      try {
        compiled = runtime.validators.touch(parsed, engine, false);
      } catch {
        return; // Reported by the validation that needs it.
      }
      if (compiled && defaults.length === 0) return;
      whenIdle(() => {
        for (const { pattern, value } of defaults) runtime.patterns.test(pattern, value).catch(() => undefined);
        if (compiled) return;
        try {
          runtime.validators.get(parsed, engine, compile, false);
        } catch {
          // Reported by the validation that needs it.
        }
      });
    },
    () => undefined,
  );
}

/**
 * Keys of the fields whose `pattern` this page cannot check in the form, known before any input (no
 * worker may start here and RE2 cannot read the pattern): the form says so as it draws them.
 */
export async function patternsLeftToServer(given: ValidationRuntime | undefined, parsed: ParsedElicitationSchema): Promise<string[]> {
  const runtime = given ?? defaultValidationRuntime;
  const withPattern = parsed.fields.flatMap((field) =>
    (field.kind === "text" || field.kind === "file") && field.pattern !== undefined ? [{ key: field.key, pattern: field.pattern }] : [],
  );
  if (withPattern.length === 0) return [];
  const places = await Promise.all(withPattern.map((field) => runtime.patterns.placeOf(field.pattern)));
  return withPattern.filter((_, i) => places[i] === "server").map((field) => field.key);
}
