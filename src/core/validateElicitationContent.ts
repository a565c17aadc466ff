import { compileAjvValidator, compileEvalFreeValidator } from "./compileContentValidator";
import { checkContent, isParsedSchema, validatorFor } from "./contentCheck";
import type { ElicitationLimits } from "./limits";
import { parseElicitationSchema } from "./parseElicitationSchema";
import type { ParsedElicitationSchema, ValidateElicitationContentResult } from "./types";
import { resolveValidationEngine, type ValidationEngine } from "./validationEngine";

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
 * Synchronous: both engines and the pattern engine are imported statically (the dialog and forms
 * load theirs on demand through loadContentValidator instead, with the same results and cache).
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
  return checkContent(
    parsed,
    content,
    () => {
      const engine = resolveValidationEngine(options?.engine === "auto" ? undefined : options?.engine);
      return validatorFor(parsed, engine, engine === "ajv" ? compileAjvValidator : compileEvalFreeValidator);
    },
    options?.limits,
  );
}
