// "react-mcp-elicitation/core": the pure parts — no React, no DOM, safe to import on servers and under SSR.
export { ElicitationSchemaError } from "./request/ElicitationSchemaError";
export { parseElicitationSchema, type ParseElicitationOptions, type ParseElicitationSchemaResult } from "./request/parseElicitationSchema";
export { fileInputs } from "./request/fileInputs";
export { parseElicitationRequest, type ParseElicitationRequestResult } from "./request/parseElicitationRequest";
export {
  prepareElicitationRequest,
  type PrepareElicitationOptions,
  type PreparedElicitationRequest,
} from "./request/prepareElicitationRequest";
export { checkPatternSyntax } from "./request/checkPatternSyntax";
export { validateElicitationContent, type ValidateElicitationContentOptions } from "./validation/validateElicitationContent";
export { compileContentValidator, compileAjvValidator, compileEvalFreeValidator } from "./validation/compileContentValidator";
export { canCompileCode, detectedValidationEngine, resolveValidationEngine, setValidationEngine } from "./loading/defaultEngineChoice";
export type { CompileContentValidator, ContentValidationError, ContentValidator, ValidationEngine } from "./validation/validationEngine";
// The forms' on-demand loading of the engines; hosts can start it early (docs/validation.md).
export { loadContentValidator, type LoadedContentValidator, type LoadValidationOptions } from "./loading/loadValidation";
export { preloadValidation, type PreloadValidationOptions } from "./loading/preloadValidation";
export { defaultElicitationLimits, resolveElicitationLimits } from "./request/limits";
export { detectSensitiveField, detectSensitiveText, type SensitiveFieldKind } from "./request/sensitiveFields";
export { defaultValidationMessages, describeValidationIssue, type ValidationMessages } from "./validation/validationMessages";
export { localInputToRfc3339, rfc3339ToLocalInput } from "./values/dateTime";
export { fieldName, initialFormValues } from "./values/formValues";
export { buildContent } from "./validation/buildContent";
export { validateFormValues } from "./validation/validateFormValues";
export { inspectElicitationUrl } from "./url/inspectElicitationUrl";
export type { ElicitationUrlInspection, ElicitationUrlWarning } from "./url/urlInspection";
export { toUnicodeHostname } from "./url/urlHostname";
export type * from "./types";
