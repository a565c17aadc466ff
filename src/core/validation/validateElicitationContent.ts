import { checkContentSync } from "./checkContentSync";
import { defaultValidationRuntime } from "./validationRuntime";
import { isParsedSchema } from "../request/isParsedSchema";
import type { ElicitationLimits } from "../request/limits";
import { parseElicitationSchema } from "../request/parseElicitationSchema";
import type { ContentCheck, ParsedElicitationSchema } from "../types";
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
): ContentCheck {
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
  const result = checkContentSync(defaultValidationRuntime, parsed, content, { ...options, patterns: true });
  return result.valid ? result : { valid: false, errors: wordIssues(parsed.fields, result.errors) };
}
