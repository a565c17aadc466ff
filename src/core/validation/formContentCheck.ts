import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent, validatorFor } from "./contentCheck";
import { buildContent, checkFormValues } from "../values/formValues";
import { startPatternWorker } from "./patterns/patternWorker";
import type { FormContentCheck, FormValues, FormValuesCheck, ParsedElicitationSchema } from "../types";
import type { CompileContentValidator, ValidationEngine } from "./validationEngine";
import type { ValidationMessages } from "./validationMessages";

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

/**
 * A form's values checked as a whole: the content built from them, checked as above, and at most one
 * issue per field keyed by form name, worded with the host's `messages()`.
 */
export async function checkFormAnswer(
  parsed: ParsedElicitationSchema,
  values: FormValues,
  engine: ValidationEngine,
  compile: CompileContentValidator,
  messages: () => Partial<ValidationMessages> | undefined,
): Promise<FormValuesCheck> {
  const checked = await checkFormContent(parsed, buildContent(parsed.fields, values).content, engine, compile);
  return { ...checkFormValues(parsed, values, () => checked, messages()), leftToServer: checked.leftToServer };
}

export { startPatternWorker, validatorFor };
