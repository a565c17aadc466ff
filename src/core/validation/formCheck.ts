import { checkContentPatterns, withPatternIssues } from "./checkContentPatterns";
import { checkContent } from "./contentCheck";
import { formIssues, type FoundIssue } from "./issueOrder";
import { convertFormValues } from "../values/formValues";
import type { PatternTester } from "../loading/PatternTester";
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
    const checked = checkContent(parsed, content, () => validators.get(parsed, engine, compile, false));
    const patterns = await checkContentPatterns(parsed, content, tester);
    const result = withPatternIssues(parsed, checked, patterns.issues);
    return { content, issues: formIssues(parsed.fields, conversion, result.valid ? [] : result.errors), leftToServer: patterns.leftToServer };
  };
}

// What loadContentValidator needs from this chunk besides the form check.
export { checkContent, checkContentPatterns, withPatternIssues };
