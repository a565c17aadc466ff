import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent, type ContentCheck } from "./contentCheck";
import { formIssues } from "./issueOrder";
import type { FoundIssue } from "../values/FoundIssue";
import { convertFormValues } from "../values/formValues";
import { isUriBodyInSteps, parseDataUri } from "../values/dataUri";
import { ownProperty } from "../shared/ownProperty";
import type { PatternTester } from "./patterns/createPatternTester";
import type { ElicitContent, FormValues, ParsedElicitationSchema } from "../types";
import type { CompileContentValidator, ValidationEngine } from "./validationEngine";
import type { ValidatorCache } from "./validatorCache";

// The forms' one check, loaded with the engine (validationRuntime.ts) so that this code travels in
// a chunk and not in the page's first bundle. A form makes it once per parsed schema and its
// resolver is the only caller; Submit sends the content this check built.

/** What a form's values come to: the content to send, or at most one issue per field; and what only the server can check. */
export interface FormCheckResult {
  content: ElicitContent;
  /** In the order a person should fix them (issueOrder.ts); codes and parameters, worded by the form. */
  issues: FoundIssue[];
  /** Keys of fields whose `pattern` this page could not check: the server decides. */
  leftToServer: string[];
}

export type FormCheck = (values: FormValues) => Promise<FormCheckResult>;

/**
 * The check of `parsed`'s form values: converted to content once, checked by the engine (patterns
 * left out), then the patterns by `tester`, off the main thread; validators from the runtime's cache.
 */
export function createFormCheck(
  parsed: ParsedElicitationSchema,
  engine: ValidationEngine,
  compile: CompileContentValidator,
  { validators, patterns: tester }: { validators: ValidatorCache; patterns: PatternTester },
): FormCheck {
  return async (values) => {
    const { content, issues: conversion } = convertFormValues(parsed.fields, values);
    // A file's data: URI body is checked in steps below, not in one long task here.
    const checked = checkContent(parsed, content, () => validators.get(parsed, engine, compile, false), undefined, false);
    const [patterns, files] = await Promise.all([checkContentPatterns(parsed, content, tester), checkFileBodies(parsed, content, checked)]);
    const result = withPatternIssues(parsed, checked, [...files, ...patterns.issues]);
    return { content, issues: formIssues(parsed.fields, conversion, result.valid ? [] : result.errors), leftToServer: patterns.leftToServer };
  };
}

/**
 * `format: "uri"` on the body of each file's data: URI, checked a million characters per task: a
 * 10 MB file's 14 million characters would hold the main thread for over 100 ms in one go.
 */
async function checkFileBodies(parsed: ParsedElicitationSchema, content: ElicitContent, checked: ContentCheck): Promise<FoundIssue[]> {
  const judged = new Set(checked.valid ? [] : checked.errors.map((issue) => issue.field));
  const checks = parsed.fields.map(async (field): Promise<FoundIssue[]> => {
    const value = ownProperty(content, field.key);
    if (field.kind !== "file" || field.format !== "uri" || typeof value !== "string" || judged.has(field.key)) return [];
    const info = parseDataUri(value);
    if (info === undefined || (await isUriBodyInSteps(value, info))) return [];
    return [{ field: field.key, code: "format", params: { format: "uri" } }];
  });
  return (await Promise.all(checks)).flat();
}

// What loadContentValidator and a form's resolver need from this chunk besides the form check: the
// wording of issues travels here too, since only a check that ran has issues to word.
export { checkContent, checkContentPatterns, withPatternIssues };
export { wordIssues } from "./validationMessages";
export { wordFormIssues } from "./wordFormIssues";
