import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent, validatorFor } from "./contentCheck";
import { buildContent, checkFormValues } from "../values/formValues";
import { isUriBodyInSteps, parseDataUri } from "../values/dataUri";
import { ownProperty } from "../shared/ownProperty";
import { describeValidationIssue } from "./validationMessages";
import type { ValidateElicitationContentResult, ValidationIssue } from "../types";
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
  const result = checkContent(parsed, content, () => validatorFor(parsed, engine, compile, false), undefined, false);
  if (typeof content !== "object" || content === null) return { ...result, leftToServer: [] };
  const [patterns, files] = await Promise.all([checkContentPatterns(parsed, content), checkFileBodies(parsed, content, result)]);
  return { ...withPatternIssues(parsed, withFileIssues(parsed, result, files), patterns.issues), leftToServer: patterns.leftToServer };
}

/**
 * `format: "uri"` on the body of each file's data: URI, checked a million characters per task: a
 * 10 MB file's 14 million characters would hold the main thread for over 100 ms in one go.
 */
async function checkFileBodies(parsed: ParsedElicitationSchema, content: object, result: ValidateElicitationContentResult): Promise<ValidationIssue[]> {
  const judged = new Set(result.valid ? [] : result.errors.map((issue) => issue.field));
  const checks = parsed.fields.map(async (field) => {
    const value = ownProperty(content, field.key);
    if (field.kind !== "file" || field.format !== "uri" || typeof value !== "string" || judged.has(field.key)) return [];
    const info = parseDataUri(value);
    if (info === undefined || (await isUriBodyInSteps(value, info))) return [];
    const params = { format: "uri" };
    return [{ field: field.key, code: "format" as const, message: describeValidationIssue({ code: "format", params }, field.label), params }];
  });
  return (await Promise.all(checks)).flat();
}

/** `result` with the file issues added, in declaration order. */
function withFileIssues(parsed: ParsedElicitationSchema, result: ValidateElicitationContentResult, issues: ValidationIssue[]): ValidateElicitationContentResult {
  if (issues.length === 0) return result;
  const order = new Map(parsed.fields.map((field) => [field.key, field.index]));
  const rank = (issue: ValidationIssue) => (issue.field === "" ? -1 : (order.get(issue.field) ?? parsed.fields.length));
  return { valid: false, errors: [...(result.valid ? [] : result.errors), ...issues].sort((a, b) => rank(a) - rank(b)) };
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
