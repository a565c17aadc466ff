import type { FormContentCheck, FormValues, FormValuesCheck, ParsedElicitationSchema } from "../types";

export type { FormContentCheck, FormValuesCheck };
import type { ValidationMessages } from "../validation/validationMessages";
import { chosenValidationEngine, resolveValidationEngine, type CompileContentValidator, type ValidationEngine } from "../validation/validationEngine";

// The dialog's and forms' way to validation. Nothing they draw waits for it: the engines are
// separate modules reached only through dynamic import(), so a host's bundler splits them into
// chunks that load in the background —
//   Ajv (≈ 37 KB gzipped) only on pages that allow `new Function`,
//   the eval-free engine (@cfworker/json-schema, ≈ 7 KB) only on pages that forbid it.
// The forms' checking code (formContentCheck.ts: renaming keys, bounding sizes, the pattern worker)
// is a small chunk fetched alongside the engine. Patterns need no engine: they run in a small worker,
// or in RE2 (its own chunk) where no worker can (createPatternTester.ts). Each chunk is loaded once per page; compiled validators share
// validateElicitationContent's cache.

const loading: Partial<Record<ValidationEngine, Promise<CompileContentValidator>>> = {};
const loaded: Partial<Record<ValidationEngine, CompileContentValidator>> = {};

/** "auto" and undefined mean the engine chosen with `setValidationEngine` (itself "auto" by default). */
const resolve = (engine: ValidationEngine | "auto" | undefined) => resolveValidationEngine(engine === "auto" ? undefined : engine);

let formCheck: Promise<typeof import("../validation/formContentCheck")> | undefined;

/** Loads the forms' checking code (once; a failed load is tried again on the next call). */
function loadFormCheck(): Promise<typeof import("../validation/formContentCheck")> {
  return (formCheck ??= import("../validation/formContentCheck").catch((error: unknown) => {
    formCheck = undefined;
    throw error;
  }));
}

/** Loads one validation engine module (once; a failed load is tried again on the next call). */
export function loadValidationEngine(engine?: ValidationEngine | "auto"): Promise<CompileContentValidator> {
  const resolved = resolve(engine);
  return (loading[resolved] ??= (
    resolved === "ajv"
      ? import("../validation/engines/ajvEngine").then((module) => module.compileAjvValidator)
      : import("../validation/engines/evalFreeValidator").then((module) => module.compileEvalFreeValidator)
  ).then(
    (compile) => (loaded[resolved] = compile),
    (error: unknown) => {
      delete loading[resolved];
      throw error;
    },
  ));
}

export interface LoadValidationOptions {
  /** "auto" (default: the engine chosen with `setValidationEngine`), "ajv" or "eval-free". */
  engine?: ValidationEngine | "auto";
}


/**
 * Checks content against the schema it was loaded for, the same way validateElicitationContent
 * does, except that patterns run off the main thread (hence a promise).
 */
export type LoadedContentValidator = (content: unknown) => Promise<FormContentCheck>;

/**
 * Loads the engine this page supports and returns a validator for `parsed`. The schema is compiled
 * on the first call of that validator (once per distinct schema, cached by `cacheKey`).
 */
export async function loadContentValidator(
  parsed: ParsedElicitationSchema,
  options: LoadValidationOptions = {},
): Promise<LoadedContentValidator> {
  const [{ engine, compile }, { checkFormContent }] = await Promise.all([loadSomeEngine(options.engine), loadFormCheck()]);
  return (content) => checkFormContent(parsed, content, engine, compile);
}

/**
 * Loads what checking a form's values takes (the engine and the forms' checking code) and returns
 * the check for `parsed`: content built from the values, validated, worded with `messages()`.
 */
export async function loadFormValuesCheck(
  parsed: ParsedElicitationSchema,
  options: LoadValidationOptions = {},
): Promise<(values: FormValues, messages: () => Partial<ValidationMessages> | undefined) => Promise<FormValuesCheck>> {
  const [{ engine, compile }, { checkFormAnswer }] = await Promise.all([loadSomeEngine(options.engine), loadFormCheck()]);
  return (values, messages) => checkFormAnswer(parsed, values, engine, compile, messages);
}

/**
 * The engine chosen for this page, or — when its chunk cannot be fetched and no engine was asked for
 * by name — the eval-free one: the same verdicts from a smaller chunk, usable on every page.
 */
async function loadSomeEngine(asked: ValidationEngine | "auto" | undefined) {
  const engine = resolve(asked);
  try {
    return { engine, compile: await loadValidationEngine(engine) };
  } catch (error) {
    const byName = (asked !== undefined && asked !== "auto") || chosenValidationEngine() !== "auto";
    if (engine === "eval-free" || byName) throw error;
    return { engine: "eval-free" as const, compile: await loadValidationEngine("eval-free") };
  }
}

/** Runs `task` when the browser is idle (or soon, where there is no idle callback). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
}

/**
 * Loads what `parsed` needs and compiles its validator when the browser is next idle, so the first
 * Submit finds it compiled (Ajv takes tens of milliseconds for a large form). Errors are left for
 * the validation that needs the validator to report.
 */
export function prepareContentValidator(parsed: ParsedElicitationSchema, options: LoadValidationOptions = {}): void {
  const engine = resolve(options.engine);
  const check = loadFormCheck();
  if (parsed.fields.some((field) => field.kind === "text" && field.pattern !== undefined)) {
    check.then(({ patternTester }) => patternTester.start(), () => undefined);
  }
  Promise.all([loadValidationEngine(engine), check]).then(
    ([compile, { validatorFor }]) =>
      whenIdle(() => {
        try {
          validatorFor(parsed, engine, compile, false);
        } catch {
          // Reported by the validation that needs it.
        }
      }),
    () => undefined,
  );
}

/**
 * Keys of the fields whose `pattern` this page cannot check in the form, known before any input (no
 * worker may start here and RE2 cannot read the pattern): the form says so as it draws them.
 */
export async function patternsLeftToServer(parsed: ParsedElicitationSchema): Promise<string[]> {
  return parsed.fields.some((field) => field.kind === "text" && field.pattern !== undefined)
    ? (await loadFormCheck()).patternsLeftToServer(parsed)
    : [];
}

export type PreloadValidationOptions = LoadValidationOptions;

/**
 * Starts loading the validation engine this page will use (and the pattern worker) ahead of the
 * first form, e.g. when the host connects to its first MCP server. Resolves when it is loaded.
 * Forms never wait for it: they draw at once and load the engine in the background anyway.
 */
export async function preloadValidation(options: PreloadValidationOptions = {}): Promise<void> {
  await Promise.all([loadFormCheck().then(({ patternTester }) => patternTester.start()), loadValidationEngine(options?.engine)]);
}
