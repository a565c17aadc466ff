import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent, validatorFor } from "./contentCheck";
import type { FormContentCheck } from "./loadValidation";
import { startPatternWorker } from "./patternWorker";
import type { ParsedElicitationSchema } from "./types";
import type { CompileContentValidator, ValidationEngine } from "./validationEngine";

// How the forms check content once an engine is loaded. loadValidation.ts imports this module
// together with the engine, so the checking code travels with it and not in the page's first bundle.

/**
 * Checks `content` as validateElicitationContent does, with `compile` (the loaded engine), except
 * that patterns are tested off the main thread (patternWorker.ts).
 */
export async function checkFormContent(
  parsed: ParsedElicitationSchema,
  content: unknown,
  engine: ValidationEngine,
  compile: CompileContentValidator,
): Promise<FormContentCheck> {
  const result = checkContent(parsed, content, () => validatorFor(parsed, engine, compile, false));
  if (typeof content !== "object" || content === null) return { ...result, leftToServer: [] };
  const patterns = await checkContentPatterns(parsed, content);
  return { ...withPatternIssues(parsed, result, patterns.issues), leftToServer: patterns.leftToServer };
}

export { startPatternWorker, validatorFor };
