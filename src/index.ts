// The public API of react-mcp-elicitation. Named exports only.

// Pure parts (also available without React from "react-mcp-elicitation/core").
export * from "./core/index";

// Wording.
export type { ElicitationMessages } from "./messages/ElicitationMessages";
export type { ElicitationMessagesInput } from "./messages/resolveMessages";
export { defaultMessages } from "./messages/defaultMessages";
export { deMessages, deValidationMessages } from "./messages/locales/de";

// Fields.
export type { FieldComponentProps } from "./fields/FieldComponentProps";
export { useElicitationField } from "./fields/useElicitationField";
export { defaultFieldRegistry, type FieldRegistry } from "./fields/fieldRegistry";
export { ElicitationField, type ElicitationFieldProps } from "./fields/ElicitationField";

// Forms.
export { useElicitationForm, type UseElicitationFormOptions, type UseElicitationFormResult } from "./form/useElicitationForm";
export { ElicitationForm, type ElicitationFormProps } from "./form/ElicitationForm";
export {
  createElicitationDraftStore,
  type ElicitationDraftStore,
  type ElicitationDraftStoreOptions,
} from "./form/createElicitationDraftStore";

// Dialog.
export { ElicitationDialog, type ElicitationDialogProps } from "./dialog/ElicitationDialog";

// Host layer.
export { createElicitationQueue } from "./host/createElicitationQueue";
export { ElicitationOutlet, type ElicitationOutletProps } from "./host/ElicitationOutlet";
export { answerInputRequests, type AnswerInputRequestsOptions } from "./host/answerInputRequests";
export { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "./host/ElicitationQueueError";
export type {
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueEventType,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationUrlStep,
} from "./host/types";
export { inspectElicitationUrl, type ElicitationUrlInspection, type ElicitationUrlWarning } from "./core/urlInspection";
export { toUnicodeHostname } from "./core/urlHostname";
export { DialogStatus, type DialogStatusProps } from "./dialog/DialogStatus";
export { defaultHostMessages, type HostMessages } from "./dialog/hostMessages";
