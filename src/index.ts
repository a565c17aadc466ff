// The public API of react-mcp-elicitation: what a host uses. Named exports only. Compilers, engine
// internals, limits and value converters are in "react-mcp-elicitation/core" (no React there).

// Components and hooks.
export { ElicitationDialog, type ElicitationDialogProps } from "./dialog/ElicitationDialog";
export { ElicitationDialogParts } from "./host/ElicitationDialogParts";
export type { ElicitationDialogRootProps } from "./dialog/ElicitationDialogRoot";
export type { ElicitationDialogHeaderProps } from "./dialog/ElicitationDialogHeader";
export type { ElicitationDialogBodyProps } from "./dialog/ElicitationDialogBody";
export type { ElicitationAnswer, UseElicitationAnswerOptions } from "./dialog/useElicitationAnswer";
export type { ElicitationDraft } from "./form/useElicitationDraft";
export type { DialogStatusProps } from "./host/DialogStatus";
export {
  createElicitationAnswerStore,
  type ElicitationAnswerStore,
  type ElicitationAnswerStoreOptions,
  type ElicitationAnswerStorage,
  type ElicitationAnswerRecord,
} from "./dialog/createElicitationAnswerStore";
export {
  ElicitationForm,
  type ElicitationFormCommonProps,
  type ElicitationFormControllerProps,
  type ElicitationFormProps,
  type ElicitationFormSchemaProps,
} from "./form/ElicitationForm";
export type { ElicitationLayout } from "./form/useElicitationLayout";
export { useElicitationForm, type UseElicitationFormOptions, type UseElicitationFormResult } from "./form/useElicitationForm";
export { ElicitationField, type ElicitationFieldProps } from "./fields/ElicitationField";
export { useElicitationField } from "./fields/useElicitationField";
export { defaultFieldRegistry, type FieldRegistry } from "./fields/fieldRegistry";
export type { FieldComponentProps } from "./fields/FieldComponentProps";
export {
  createElicitationDraftStore,
  type ElicitationDraftStore,
  type ElicitationDraftStoreOptions,
} from "./form/createElicitationDraftStore";

// The host layer: many servers, one dialog at a time.
export { createElicitationQueue } from "./host/createElicitationQueue";
export { ElicitationOutlet, type ElicitationOutletProps } from "./host/ElicitationOutlet";
export { answerInputRequests, type AnswerInputRequestsOptions } from "./host/answerInputRequests";
export {
  connectElicitationRelay,
  type ElicitationRelayConnection,
  type ElicitationRelayLimits,
  type ElicitationRelayOptions,
} from "./host/relay/connectElicitationRelay";
export type { ElicitationRelayRequest } from "./host/relay/readRelayEvent";
export type {
  ElicitationCallOptions,
  ElicitationCallRequestOptions,
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueEventType,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationUrlStep,
} from "./host/types";

// Parsing and validation (also in "/core").
export { prepareElicitationRequest, type PrepareElicitationOptions, type PreparedElicitationRequest } from "./core/request/prepareElicitationRequest";
export { parseElicitationRequest } from "./core/request/parseElicitationRequest";
export { parseElicitationSchema, type ParseElicitationOptions } from "./core/request/parseElicitationSchema";
export { validateElicitationContent, type ValidateElicitationContentOptions } from "./core/validation/validateElicitationContent";
export { inspectElicitationUrl } from "./core/url/inspectElicitationUrl";
export type { ElicitationUrlInspection, ElicitationUrlWarning } from "./core/url/urlInspection";
export type * from "./core/types";
export type { ElicitationLimits } from "./core/request/limits";
export type { SensitiveFieldKind } from "./core/request/sensitiveFields";
export type { ValidationMessages } from "./core/validation/validationMessages";

// Engine choice.
export { preloadValidation, type PreloadValidationOptions } from "./core/loading/preloadValidation";
export { setValidationEngine } from "./core/loading/selectValidationEngine";
export type { ValidationEngine } from "./core/validation/validationEngine";

// Wording.
export type { ElicitationMessages } from "./messages/ElicitationMessages";
export type { ElicitationMessagesInput } from "./messages/resolveMessages";
export type { HostMessages } from "./messages/hostMessages";
export type { DeliveryMessages } from "./messages/deliveryMessages";
export type { StepMessages } from "./messages/stepMessages";
export { defaultMessages } from "./messages/defaultMessages";
// Other languages: chosen by `locale`; their catalogues are in "react-mcp-elicitation/locales".

// Errors.
export { ElicitationSchemaError } from "./core/request/ElicitationSchemaError";
export { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "./host/ElicitationQueueError";
export { ElicitationAnswerRefused, type ElicitationFieldError } from "./dialog/ElicitationAnswerRefused";
// Read, never made, by hosts: the abort reason of a request closed elsewhere, and what a relay reports.
export type { ElicitationRequestClosed, ElicitationClosedReason } from "./host/ElicitationRequestClosed";
export type { ElicitationRelayError, ElicitationRelayErrorCode } from "./host/relay/ElicitationRelayError";
