import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { compileEvalFreeValidator } from "./evalFreeValidator";
import { safeRegExpEngine } from "./safePattern";

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

let ajv: Ajv2020 | undefined;

// Created on first use, never at import: importing the package under SSR or on a server must stay cheap.
function getAjv(): Ajv2020 {
  if (ajv === undefined) {
    ajv = new Ajv2020({
      allErrors: true,
      // Strict mode is safe because we only ever compile the clean schema rebuilt by
      // parseElicitationSchema, never the server's raw object — which is why legacy `enumNames`
      // (not a JSON Schema keyword) cannot trip it.
      strict: true,
      // Server keys like "__proto__" or "constructor" must be checked as own properties only.
      ownProperties: true,
      // Every `pattern` runs on a linear-time engine: a server's `^(a+)+$` cannot freeze the page.
      code: { regExp: safeRegExpEngine },
    });
    addFormats(ajv);
  }
  return ajv;
}

/** Compiles a clean elicitation JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). */
export const compileAjvValidator: CompileContentValidator = (jsonSchema) => {
  const instance = getAjv();
  const check = instance.compile(jsonSchema);
  return {
    validate(content) {
      if (check(content)) return [];
      return (check.errors ?? []).map((error) => ({
        instancePath: error.instancePath,
        keyword: error.keyword,
        params: { ...error.params },
      }));
    },
    // Ajv keeps every compiled schema in its own cache keyed by the schema object; drop ours.
    dispose() {
      instance.removeSchema(jsonSchema);
    },
  };
};

/**
 * "ajv": generated code, fastest; needs a page that allows `new Function` (no CSP, or `unsafe-eval`).
 * "eval-free": @cfworker/json-schema, interprets the schema; works under `script-src 'self'`.
 * Both give the same errors (test/core/validationEngines.test.ts).
 */
export type ValidationEngine = "ajv" | "eval-free";

let preferred: ValidationEngine | "auto" = "auto";
let codeAllowed: boolean | undefined;

/**
 * Whether this page may compile code. Tried once, lazily, on the first validation: under a CSP
 * without `unsafe-eval` this one attempt is the only violation the library ever causes. Hosts that
 * know their policy can skip it with `setValidationEngine("eval-free")`.
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

/** What "auto" chose on this page, without probing: undefined until the first validation. */
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

/** The engine `engine` (default: the one set with `setValidationEngine`) resolves to on this page. */
export function resolveValidationEngine(engine: ValidationEngine | "auto" = preferred): ValidationEngine {
  if (engine === "ajv" || engine === "eval-free") return engine;
  return canCompileCode() ? "ajv" : "eval-free";
}

/** Compiles with the engine this page supports (see `setValidationEngine`). */
export const compileContentValidator: CompileContentValidator = (jsonSchema) =>
  resolveValidationEngine() === "ajv" ? compileAjvValidator(jsonSchema) : compileEvalFreeValidator(jsonSchema);

export { compileEvalFreeValidator };
