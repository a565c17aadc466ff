// "react-mcp-elicitation/core": the pure parts — no React, no DOM, safe to import on servers and under SSR.
export { ElicitationSchemaError } from "./ElicitationSchemaError";
export { parseElicitationSchema } from "./parseElicitationSchema";
export { parseElicitationRequest } from "./parseElicitationRequest";
export { validateElicitationContent } from "./validateElicitationContent";
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
export type { ValidateElicitationContentOptions } from "./validateElicitationContent";
// The dialog's on-demand loading of the engines; hosts can start it early (docs/validation.md).
export {
  loadContentValidator,
  preloadValidation,
  type LoadedContentValidator,
  type LoadValidationOptions,
  type PreloadValidationOptions,
} from "./loadValidation";
export type { ParseElicitationOptions } from "./parseElicitationSchema";
export { defaultElicitationLimits, resolveElicitationLimits, type ElicitationLimits } from "./limits";
export { compileSafePattern, type CompileSafePatternResult, type SafeRegExp } from "./safePattern";
export { detectSensitiveField, detectSensitiveText, type SensitiveFieldKind } from "./sensitiveFields";
export { defaultValidationMessages, describeValidationIssue, type ValidationMessages } from "./validationMessages";
export { localInputToRfc3339, rfc3339ToLocalInput } from "./dateTime";
export { buildContent, fieldName, initialFormValues } from "./formValues";
export { validateFormValues } from "./validateFormValues";
export type * from "./types";
