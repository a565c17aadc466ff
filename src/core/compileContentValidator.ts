import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

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
    });
    addFormats(ajv);
  }
  return ajv;
}

/** Compiles a clean elicitation JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). */
export const compileContentValidator: CompileContentValidator = (jsonSchema) => {
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
