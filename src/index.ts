// The public API of react-mcp-elicitation. Named exports only.

// Pure parts (also available without React from "react-mcp-elicitation/core").
export * from "./core/index";

// Wording.
export type { ElicitationMessages } from "./messages/ElicitationMessages";
export type { ElicitationMessagesInput } from "./messages/resolveMessages";
export { defaultMessages } from "./messages/defaultMessages";

// Fields.
export type { FieldComponentProps } from "./fields/FieldComponentProps";
export { useElicitationField } from "./fields/useElicitationField";
export { defaultFieldRegistry, type FieldRegistry } from "./fields/fieldRegistry";
export { ElicitationField, type ElicitationFieldProps } from "./fields/ElicitationField";

// Forms.
export { useElicitationForm, type UseElicitationFormOptions, type UseElicitationFormResult } from "./form/useElicitationForm";
export { ElicitationForm, type ElicitationFormProps } from "./form/ElicitationForm";

// Dialog.
export { ElicitationDialog, type ElicitationDialogProps } from "./dialog/ElicitationDialog";

// Host layer.
