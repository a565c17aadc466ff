// What every validation engine provides. No engine is imported here: the synchronous API imports
// both (compileContentValidator.ts), the dialog and forms load the one they need through the
// validation runtime; which one this page uses is chosen with the functions of loading/defaultEngineChoice.ts.

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
 * Both give the same errors (test/core/validation/validationEngines.test.ts).
 */
export type ValidationEngine = "ajv" | "eval-free";
