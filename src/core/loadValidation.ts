import { checkContent, validatorFor } from "./contentCheck";
import { loadedPatternEngine, loadPatternEngine } from "./patternEngine";
import type { ParsedElicitationSchema, ValidateElicitationContentResult } from "./types";
import { resolveValidationEngine, type CompileContentValidator, type ValidationEngine } from "./validationEngine";

// The dialog's and forms' way to validation: the engines are separate modules reached only through
// dynamic import(), so a host's bundler splits them into chunks loaded on demand —
//   Ajv + ajv-formats (≈ 40 KB gzipped) only on pages that allow `new Function`,
//   the eval-free engine (@cfworker/json-schema, ≈ 7 KB) only on pages that forbid it,
//   the linear-time pattern engine (re2js, ≈ 44 KB) only for schemas with a `pattern`.
// Each is loaded once per page; compiled validators share validateElicitationContent's cache, and
// the results are the same (same engines, same mapping in contentCheck.ts).

const loading: Partial<Record<ValidationEngine, Promise<CompileContentValidator>>> = {};
const loaded: Partial<Record<ValidationEngine, CompileContentValidator>> = {};

/** "auto" and undefined mean the engine chosen with `setValidationEngine` (itself "auto" by default). */
const resolve = (engine: ValidationEngine | "auto" | undefined) => resolveValidationEngine(engine === "auto" ? undefined : engine);

/** Loads one validation engine module (once; a failed load is tried again on the next call). */
export function loadValidationEngine(engine?: ValidationEngine | "auto"): Promise<CompileContentValidator> {
  const resolved = resolve(engine);
  return (loading[resolved] ??= (
    resolved === "ajv"
      ? import("./ajvEngine").then((module) => module.compileAjvValidator)
      : import("./evalFreeValidator").then((module) => module.compileEvalFreeValidator)
  ).then(
    (compile) => (loaded[resolved] = compile),
    (error: unknown) => {
      delete loading[resolved];
      throw error;
    },
  ));
}

/** Whether validating this schema needs the pattern engine. */
export function needsPatternEngine(parsed: ParsedElicitationSchema): boolean {
  return parsed.fields.some((field) => field.kind === "text" && field.pattern !== undefined);
}

export interface LoadValidationOptions {
  /** "auto" (default: the engine chosen with `setValidationEngine`), "ajv" or "eval-free". */
  engine?: ValidationEngine | "auto";
}

/** Checks content against the schema it was loaded for; synchronous, same results as validateElicitationContent. */
export type LoadedContentValidator = (content: unknown) => ValidateElicitationContentResult;

/**
 * Loads what validating `parsed` needs — the engine this page supports and, when the schema has a
 * `pattern`, the pattern engine — and returns a synchronous validator for it. The schema is
 * compiled on the first call of that validator (once per distinct schema, cached by `cacheKey`).
 */
export async function loadContentValidator(
  parsed: ParsedElicitationSchema,
  options: LoadValidationOptions = {},
): Promise<LoadedContentValidator> {
  const engine = resolve(options.engine);
  await Promise.all([loadValidationEngine(engine), needsPatternEngine(parsed) ? loadPatternEngine() : undefined]);
  return loadedContentValidator(parsed, { engine }) as LoadedContentValidator;
}

/** The validator `loadContentValidator` would give, now, if everything it needs is loaded; else undefined. */
export function loadedContentValidator(
  parsed: ParsedElicitationSchema,
  options: LoadValidationOptions = {},
): LoadedContentValidator | undefined {
  const engine = resolve(options.engine);
  const compile = loaded[engine];
  if (compile === undefined || (needsPatternEngine(parsed) && loadedPatternEngine() === undefined)) return undefined;
  return (content) => checkContent(parsed, content, () => validatorFor(parsed, engine, compile));
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
  loadContentValidator(parsed, options).then(
    () =>
      whenIdle(() => {
        const compile = loaded[engine];
        try {
          if (compile) validatorFor(parsed, engine, compile);
        } catch {
          // Reported by the validation that needs it.
        }
      }),
    () => undefined,
  );
}

export interface PreloadValidationOptions extends LoadValidationOptions {
  /** Also load the pattern engine (re2js), needed by schemas with a `pattern`. Default false. */
  patterns?: boolean;
}

/**
 * Starts loading the validation engine this page will use (and, with `patterns: true`, the
 * pattern engine) ahead of the first form, e.g. when the host connects to its first MCP server.
 * Resolves when they are loaded. Without it, the dialog starts loading when it mounts.
 */
export async function preloadValidation(options: PreloadValidationOptions = {}): Promise<void> {
  await Promise.all([loadValidationEngine(options.engine), options.patterns ? loadPatternEngine() : undefined]);
}
