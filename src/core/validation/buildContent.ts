import type { ElicitContent, FieldDescriptor, FormValues, ValidationIssue } from "../types";
import { convertFormValues } from "../values/formValues";
import { wordIssues } from "./validationMessages";

/**
 * Turns raw input values into protocol content (convertFormValues), with the issues of values that
 * cannot even be converted in plain English words. Every other rule is left to the check
 * (validateFormValues, validateElicitationContent).
 */
export function buildContent(fields: readonly FieldDescriptor[], values: FormValues): { content: ElicitContent; issues: ValidationIssue[] } {
  const { content, issues } = convertFormValues(fields, values);
  return { content, issues: wordIssues(fields, issues) };
}
