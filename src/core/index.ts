// "react-mcp-elicitation/core": the pure parts — no React, no DOM, safe to import on servers and under SSR.
export { ElicitationSchemaError } from "./ElicitationSchemaError";
export { parseElicitationSchema, type ParseElicitationOptions } from "./parseElicitationSchema";
export { parseElicitationRequest } from "./parseElicitationRequest";
export {
  prepareElicitationRequest,
  type PrepareElicitationOptions,
  type PreparedElicitationRequest,
} from "./prepareElicitationRequest";
export { checkPatternSyntax } from "./checkPatternSyntax";
export { validateElicitationContent, type ValidateElicitationContentOptions } from "./validateElicitationContent";
export { compileContentValidator, compileAjvValidator, compileEvalFreeValidator } from "./compileContentValidator";
export {
  canCompileCode,
  detectedValidationEngine,
  resolveValidationEngine,
  setValidationEngine,
  type CompileContentValidator,
  type ContentValidationError,
  type ContentValidator,
  type ValidationEngine,
} from "./validationEngine";
// The forms' on-demand loading of the engines; hosts can start it early (docs/validation.md).
export {
  loadContentValidator,
  preloadValidation,
  type FormContentCheck,
  type LoadedContentValidator,
  type LoadValidationOptions,
  type PreloadValidationOptions,
} from "./loadValidation";
export { defaultElicitationLimits, resolveElicitationLimits, type ElicitationLimits } from "./limits";
export { detectSensitiveField, detectSensitiveText, type SensitiveFieldKind } from "./sensitiveFields";
export { defaultValidationMessages, describeValidationIssue, type ValidationMessages } from "./validationMessages";
export { localInputToRfc3339, rfc3339ToLocalInput } from "./dateTime";
export { buildContent, fieldName, initialFormValues } from "./formValues";
export { validateFormValues } from "./validateFormValues";
export { inspectElicitationUrl, type ElicitationUrlInspection, type ElicitationUrlWarning } from "./urlInspection";
export { toUnicodeHostname } from "./urlHostname";
export type * from "./types";
