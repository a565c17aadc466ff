// "react-mcp-elicitation/core": the pure parts — no React, no DOM, safe to import on servers and under SSR.
export { ElicitationSchemaError } from "./ElicitationSchemaError";
export { parseElicitationSchema } from "./parseElicitationSchema";
export { parseElicitationRequest } from "./parseElicitationRequest";
export { validateElicitationContent } from "./validateElicitationContent";
export {
  compileContentValidator,
  compileAjvValidator,
  compileEvalFreeValidator,
  canCompileCode,
  detectedValidationEngine,
  resolveValidationEngine,
  setValidationEngine,
  type CompileContentValidator,
  type ContentValidationError,
  type ContentValidator,
  type ValidationEngine,
} from "./compileContentValidator";
export type { ValidateElicitationContentOptions } from "./validateElicitationContent";
export type { ParseElicitationOptions } from "./parseElicitationSchema";
export { defaultElicitationLimits, resolveElicitationLimits, type ElicitationLimits } from "./limits";
export { compileSafePattern, type CompileSafePatternResult, type SafeRegExp } from "./safePattern";
export { detectSensitiveField, detectSensitiveText, type SensitiveFieldKind } from "./sensitiveFields";
export { defaultValidationMessages, describeValidationIssue, type ValidationMessages } from "./validationMessages";
export { localInputToRfc3339, rfc3339ToLocalInput } from "./dateTime";
export { buildContent, fieldName, initialFormValues, validateFormValues } from "./formValues";
export type * from "./types";
