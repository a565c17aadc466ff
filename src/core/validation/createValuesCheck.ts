import { checkPatterns, withPatternIssues } from "./checkPatterns";
import { checkContent } from "./checkContent";
import { formIssues } from "./issueOrder";
import type { FoundIssue } from "../values/FoundIssue";
import { convertFormValues } from "../values/formValues";
import { isUriBodyInSteps, knownDataUri, parseDataUri, type KnownDataUri, type KnownDataUris } from "../values/dataUri";
import { recordReadFiles } from "../values/readFiles";
import { ownProperty } from "../shared/ownProperty";
import type { ContentCheck, ElicitContent, FormValues, ParsedElicitationSchema } from "../types";
import type { CompileContentValidator, ValidationEngine } from "./validationEngine";
import { wordIssues, type ValidationMessages } from "./validationMessages";
import type { ValidationRuntime } from "./validationRuntime";

// The forms' check, loaded with the engine (loading/loadValidation.ts) so that this code travels in
// a chunk and not in the page's first bundle. A form makes it once per parsed schema and its
// resolver is the only caller; Submit sends the content this check built. The check words what it
// finds: the wording travels in this chunk, and only a check that ran has issues to word.

/**
 * The check of a form's values: the content to send, or at most one issue per form field (a value
 * that could not be converted keeps its own issue), worded in the host's `messages`; and the keys of
 * fields whose `pattern` this page could not check (the server decides). `known`: the data: URIs the
 * form built from files, which are judged by what was learnt as they were read, never read again.
 */
export type ValuesCheck = (
  values: FormValues,
  messages?: Partial<ValidationMessages>,
  known?: KnownDataUris,
) => Promise<ContentCheck & { leftToServer: string[] }>;

/**
 * The check of `parsed`'s form values: converted to content once, checked by the engine (patterns
 * left out), then the patterns by `runtime`'s tester, off the main thread; validators from its cache.
 */
export function createValuesCheck(
  runtime: ValidationRuntime,
  parsed: ParsedElicitationSchema,
  engine: ValidationEngine,
  compile: CompileContentValidator,
): ValuesCheck {
  return async (values, messages, known) => {
    const { content, issues: conversion } = convertFormValues(parsed.fields, values);
    // A file's data: URI body is checked in steps below, not in one long task here.
    const checked = checkContent(parsed, content, () => runtime.validators.get(parsed, engine, compile, false), undefined, false, known);
    const [patterns, files] = await Promise.all([checkPatterns(parsed, content, runtime.patterns), checkFileBodies(parsed, content, checked, known)]);
    const result = withPatternIssues(parsed, checked, [...files, ...patterns.issues]);
    const issues = formIssues(parsed.fields, conversion, result.valid ? [] : result.errors);
    const { leftToServer } = patterns;
    if (issues.length > 0) return { valid: false, errors: wordIssues(parsed.fields, issues, messages), leftToServer };
    // The files this content carries as read, for whoever sends it on (readFiles.ts).
    const read = new Map<string, KnownDataUri>();
    for (const field of parsed.fields) {
      const value = ownProperty(content, field.key);
      const file = field.kind === "file" && typeof value === "string" ? knownDataUri(known, field.key, value) : undefined;
      if (file) read.set(field.key, file);
    }
    recordReadFiles(content, read);
    return { valid: true, content, leftToServer };
  };
}

/**
 * `format: "uri"` on the body of each file's data: URI, checked a million characters per task: a
 * 10 MB file's 14 million characters would hold the main thread for over 100 ms in one go. A body
 * checked as its file was read (`known`) is not read again.
 */
async function checkFileBodies(
  parsed: ParsedElicitationSchema,
  content: ElicitContent,
  checked: ContentCheck<FoundIssue>,
  known: KnownDataUris | undefined,
): Promise<FoundIssue[]> {
  const judged = new Set(checked.valid ? [] : checked.errors.map((issue) => issue.field));
  const checks = parsed.fields.map(async (field): Promise<FoundIssue[]> => {
    const value = ownProperty(content, field.key);
    if (field.kind !== "file" || field.format !== "uri" || typeof value !== "string" || judged.has(field.key) || knownDataUri(known, field.key, value)) return [];
    const info = parseDataUri(value);
    if (info === undefined || (await isUriBodyInSteps(value, info))) return [];
    return [{ field: field.key, code: "format", params: { format: "uri" } }];
  });
  return (await Promise.all(checks)).flat();
}
