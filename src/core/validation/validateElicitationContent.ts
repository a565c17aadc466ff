import { checkContent, type ContentCheck } from "./contentCheck";
import { createAjvCompiler } from "./engines/ajvEngine";
import { compileEvalFreeValidator } from "./engines/evalFreeValidator";
import { defaultValidationRuntime, type ValidationRuntime } from "../loading/validationRuntime";
import { isParsedSchema } from "../request/isParsedSchema";
import type { ElicitationLimits } from "../request/limits";
import { parseElicitationSchema } from "../request/parseElicitationSchema";
import type { ParsedElicitationSchema, ValidateElicitationContentResult } from "../types";
import type { ValidationEngine } from "./validationEngine";
import { wordIssues } from "./validationMessages";

export interface ValidateElicitationContentOptions {
  /** "auto" (default: the engine chosen with `setValidationEngine`), "ajv" or "eval-free". */
  engine?: ValidationEngine | "auto";
  /** Limits for parsing a raw schema; a parsed schema brings the ones it was parsed under. */
  limits?: Partial<ElicitationLimits>;
}

/**
 * Checks accepted content against a requestedSchema (raw, or already parsed). On success returns a
 * NEW object holding only the declared keys; on failure at most one plain-words issue per field.
 * Usable by hosts before answering and by servers re-validating what a client sent.
 * Synchronous: both engines are imported statically, and a `pattern` runs in place exactly as the
 * MCP SDK's server validator runs it (`new RegExp(pattern, "u")`), so this verdict is the server's.
 * Like the server, it gives a catastrophic pattern its full running time: a page validating a
 * server's patterns should let the forms do it (they run patterns off the main thread).
 */
export function validateElicitationContent(
  schema: unknown | ParsedElicitationSchema,
  content: unknown,
  options: ValidateElicitationContentOptions = {},
): ValidateElicitationContentResult {
  let parsed: ParsedElicitationSchema;
  if (isParsedSchema(schema)) {
    parsed = schema;
  } else {
    const result = parseElicitationSchema(schema, { limits: options?.limits });
    if (!result.ok) {
      const { message, path, reason } = result.error;
      return { valid: false, errors: [{ field: "", code: "invalidSchema", message, params: { message, path, reason } }] };
    }
    parsed = result.schema;
  }
  const result = checkParsedContent(parsed, content, options);
  return result.valid ? result : { valid: false, errors: wordIssues(parsed.fields, result.errors) };
}

/** The synchronous check with `runtime`'s engine and cache, patterns run in the engine; issues not yet worded. */
export function checkParsedContent(
  parsed: ParsedElicitationSchema,
  content: unknown,
  options: ValidateElicitationContentOptions = {},
  runtime: ValidationRuntime = defaultValidationRuntime,
): ContentCheck {
  return checkContent(
    parsed,
    content,
    () => {
      const engine = runtime.engine.resolve(options?.engine);
      const compile = engine === "ajv" ? runtime.compiler("ajv", createAjvCompiler) : runtime.compiler("eval-free", () => compileEvalFreeValidator);
      return runtime.validators.get(parsed, engine, compile, true);
    },
    options?.limits,
  );
}
