// The public API of react-mcp-elicitation. The rule: the root entry holds what a host uses — the
// components, hooks and parts it draws with, the helpers and types it passes to them, the errors it
// catches — as named exports, and nothing else. Compilers, engine internals, limits and value
// converters are in "react-mcp-elicitation/core" (no React there); the queue, the relay's browser
// client and their errors in "react-mcp-elicitation/client" (no React either), the ones a React host
// needs repeated here. At most 29 runtime names besides the parts' components
// (test/architecture/publicSurface.test.ts); every change to this surface shows in
// api/react-mcp-elicitation.api.md (`npm run api-report`, checked in CI) and is reviewed there.

// Components and hooks.
export { ElicitationDialog, type ElicitationDialogProps } from "./dialog/ElicitationDialog";
// The dialog's parts, each by its own name (as Radix exports `DialogTitle`) and all in one object.
export { ElicitationDialogParts } from "./host/ElicitationDialogParts";
export { ElicitationDialogRoot, type ElicitationDialogRootProps } from "./dialog/ElicitationDialogRoot";
export { ElicitationDialogHeader, type ElicitationDialogHeaderProps } from "./dialog/ElicitationDialogHeader";
export { ElicitationDialogMessage } from "./dialog/ElicitationDialogMessage";
export { ElicitationDialogBody, type ElicitationDialogBodyProps } from "./dialog/ElicitationDialogBody";
export { ElicitationDialogActions } from "./dialog/ElicitationDialogActions";
export { ElicitationDialogClose } from "./dialog/ElicitationDialogClose";
export { DialogStatus as ElicitationDialogStatus, type DialogStatusProps } from "./host/DialogStatus";
export { useElicitationAnswer, type ElicitationAnswer, type UseElicitationAnswerOptions } from "./dialog/useElicitationAnswer";
export type { ElicitationDraft } from "./form/useElicitationDraft";
export {
  createElicitationAnswerStore,
  type ElicitationAnswerStore,
  type ElicitationAnswerStoreOptions,
  type ElicitationAnswerStorage,
  type ElicitationAnswerRecord,
} from "./form/createElicitationAnswerStore";
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
export type { TextDirection } from "./ui/TextDirection";
export {
  createElicitationDraftStore,
  type ElicitationDraftKeeper,
  type ElicitationDraftOutcome,
  type ElicitationDraftQuestion,
  type ElicitationDraftStore,
  type ElicitationDraftStoreOptions,
} from "./form/createElicitationDraftStore";

// The host layer: many servers, one dialog at a time (the queue and the relay's connection are also in "/client").
export { createElicitationQueue } from "./client/queue/createElicitationQueue";
export { ElicitationOutlet, type ElicitationOutletProps } from "./host/ElicitationOutlet";
export { answerInputRequests, type AnswerInputRequestsOptions } from "./client/queue/answerInputRequests";
// For a person who looked away: title badge, notifications, the in-thread chip (docs/attention.md);
// each part by its own name and all in one object, as the dialog's.
export { ElicitationAttention } from "./host/ElicitationAttention";
export type { ElicitationAttentionEvent, ElicitationAttentionOptions, ElicitationAttentionReason } from "./host/attention/types";
export {
  useElicitationAttention,
  type ElicitationAttentionState,
  type ElicitationNotificationPermission,
} from "./host/attention/useElicitationAttention";
export { ElicitationAttentionChip, type ElicitationAttentionChipProps } from "./host/attention/ElicitationAttentionChip";
export { ElicitationAttentionSignals, type ElicitationAttentionSignalsProps } from "./host/attention/ElicitationAttentionSignals";
export type { ElicitationUnseenRequest } from "./host/attention/unseenRequests";
export { connectElicitationRelay } from "./client/relay/connectElicitationRelay";
export type { ElicitationRelayConnection, ElicitationRelayConnectionOptions, ElicitationRelayDrafts, ElicitationRelayLimits } from "./client/relay/ElicitationRelayConnectionOptions";
export { useElicitationRelay } from "./host/useElicitationRelay";
export type { ElicitationRelayRequest } from "./core/relay/readRelayEvent";
export type {
  ElicitationAnswerOptions,
  ElicitationCallOptions,
  ElicitationCallRequestOptions,
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueEventType,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationRememberedEntry,
  ElicitationRememberedRequest,
  ElicitationUrlStep,
} from "./client/types";

// Parsing and validation (also in "/core").
export { prepareElicitationRequest, type PrepareElicitationOptions, type PreparedElicitationRequest } from "./core/request/prepareElicitationRequest";
export { parseElicitationRequest, type ParseElicitationRequestResult } from "./core/request/parseElicitationRequest";
export { parseElicitationSchema, type ParseElicitationOptions, type ParseElicitationSchemaResult } from "./core/request/parseElicitationSchema";
export { validateElicitationContent, type ValidateElicitationContentOptions } from "./core/validation/validateElicitationContent";
export { inspectElicitationUrl } from "./core/url/inspectElicitationUrl";
export type { ElicitationUrlInspection, ElicitationUrlWarning } from "./core/url/urlInspection";
export type * from "./core/types";
export type { SensitiveFieldKind } from "./core/request/sensitiveFields";
export type { ValidationMessages } from "./core/validation/validationMessages";

// Engine choice.
export { preloadValidation, type PreloadValidationOptions } from "./core/loading/preloadValidation";
export { setValidationEngine } from "./core/loading/defaultEngineChoice";
export type { ValidationEngine } from "./core/validation/validationEngine";

// Wording.
export type { ElicitationMessages } from "./messages/ElicitationMessages";
export type { ElicitationMessagesInput } from "./messages/resolveMessages";
export type { HostMessages } from "./messages/hostMessages";
export type { DeliveryMessages } from "./messages/deliveryMessages";
export type { RememberMessages } from "./messages/rememberMessages";
export type { StepMessages } from "./messages/stepMessages";
export type { FileMessages } from "./messages/fileMessages";
export type { UrlMessages } from "./messages/urlMessages";
export { defaultMessages } from "./messages/defaultMessages";
// Other languages: chosen by `locale`; their catalogues are in "react-mcp-elicitation/locales".

// Errors.
export { ElicitationSchemaError } from "./core/request/ElicitationSchemaError";
export { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "./core/request/ElicitationQueueError";
// Thrown from `deliver` or `onResponse` (a refusal the fields show): in "react-mcp-elicitation/client".
export type { ElicitationFieldError } from "./client/queue/ElicitationAnswerRefused";
// Read, never made, by hosts: the abort reason of a request closed elsewhere, and what a relay reports.
export type { ElicitationRequestClosed, ElicitationClosedReason } from "./client/queue/ElicitationRequestClosed";
export type { ElicitationRelayError, ElicitationRelayErrorCode } from "./client/relay/ElicitationRelayError";
