import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent, validatorFor } from "./contentCheck";
import { buildContent, checkFormValues } from "../values/formValues";
import { createPatternTester } from "./patterns/createPatternTester";
import type { FormContentCheck, FormValues, FormValuesCheck, ParsedElicitationSchema } from "../types";
import type { CompileContentValidator, ValidationEngine } from "./validationEngine";
import type { ValidationMessages } from "./validationMessages";

// How the forms check content once an engine is loaded. loadValidation.ts imports this module
// together with the engine, so the checking code travels with it and not in the page's first bundle.

/** The page's pattern checker (its worker, and RE2 where that is the way). */
export const patternTester = createPatternTester();

/**
 * Checks `content` as validateElicitationContent does, with `compile` (the loaded engine), except
 * that patterns are tested by the page's pattern checker (createPatternTester.ts).
 */
export async function checkFormContent(
  parsed: ParsedElicitationSchema,
  content: unknown,
  engine: ValidationEngine,
  compile: CompileContentValidator,
): Promise<FormContentCheck> {
  const result = checkContent(parsed, content, () => validatorFor(parsed, engine, compile, false));
  if (typeof content !== "object" || content === null) return { ...result, leftToServer: [] };
  const patterns = await checkContentPatterns(parsed, content, patternTester);
  return { ...withPatternIssues(parsed, result, patterns.issues), leftToServer: patterns.leftToServer };
}

/** Keys of the fields whose pattern this page cannot check in the form (loadValidation.ts). */
export async function patternsLeftToServer(parsed: ParsedElicitationSchema): Promise<string[]> {
  const withPattern = parsed.fields.flatMap((field) => (field.kind === "text" && field.pattern !== undefined ? [{ key: field.key, pattern: field.pattern }] : []));
  const places = await Promise.all(withPattern.map((field) => patternTester.placeOf(field.pattern)));
  return withPattern.filter((_, i) => places[i] === "server").map((field) => field.key);
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

export { validatorFor };
