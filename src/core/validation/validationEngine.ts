// What every validation engine provides, and which engine this page uses. No engine is imported
// here: the synchronous API imports both (compileContentValidator.ts), the dialog and forms load the
// one they need (loadValidation.ts).

/**
 * One failed rule, independent of the engine that found it (Ajv's ErrorObject shape, trimmed), so an
 * eval-free validator for CSP `script-src 'self'` pages can replace Ajv without touching the mapping.
 */
export interface ContentValidationError {
  /** JSON Pointer to the failing value: "" for the content object, "/key" or "/key/0" below it. */
  instancePath: string;
  /** The JSON Schema keyword that failed: "required", "minLength", "format", "const", … */
  keyword: string;
  /** Ajv-style params: { missingProperty }, { additionalProperty }, { limit }, { format }, { type }, … */
  params: Record<string, unknown>;
}

export interface ContentValidator {
  /** The failed rules, all of them; [] when the content is valid. */
  validate(content: unknown): ContentValidationError[];
  /** Frees the engine's resources for this schema (the cache calls it on eviction). */
  dispose(): void;
}

export type CompileContentValidator = (jsonSchema: Record<string, unknown>) => ContentValidator;

/**
 * "ajv": generated code, fastest; needs a page that allows `new Function` (no CSP, or `unsafe-eval`).
 * "eval-free": @cfworker/json-schema, interprets the schema; works under `script-src 'self'`.
 * Both give the same errors (test/core/validationEngines.test.ts).
 */
export type ValidationEngine = "ajv" | "eval-free";

let preferred: ValidationEngine | "auto" = "auto";
let codeAllowed: boolean | undefined;

/**
 * Whether this page may compile code. Tried once, lazily, when an engine is first needed (a form
 * mounting, or the first validation): under a CSP without `unsafe-eval` this one attempt is the
 * only violation the library ever causes. Hosts that know their policy can skip it with
 * `setValidationEngine("eval-free")`.
 */
export function canCompileCode(): boolean {
  if (codeAllowed === undefined) {
    try {
      codeAllowed = new Function("return true")() === true;
    } catch {
      codeAllowed = false;
    }
  }
  return codeAllowed;
}

/** What "auto" chose on this page, without probing: undefined until an engine was first needed. */
export function detectedValidationEngine(): ValidationEngine | undefined {
  return codeAllowed === undefined ? undefined : codeAllowed ? "ajv" : "eval-free";
}

/**
 * Chooses the engine for every later validation: "auto" (the default) uses Ajv where the page allows
 * it and the eval-free engine elsewhere. Compiled validators are cached per engine.
 */
export function setValidationEngine(engine: ValidationEngine | "auto"): void {
  preferred = engine;
}

/** What `setValidationEngine` chose: an engine by name, or "auto". */
export function chosenValidationEngine(): ValidationEngine | "auto" {
  return preferred;
}

/** The engine `engine` (default: the one set with `setValidationEngine`) resolves to on this page. */
export function resolveValidationEngine(engine: ValidationEngine | "auto" = preferred): ValidationEngine {
  if (engine === "ajv" || engine === "eval-free") return engine;
  return canCompileCode() ? "ajv" : "eval-free";
}
