import { defaultHostMessages } from "./hostMessages";
import type { ElicitationMessages } from "./ElicitationMessages";

export const defaultMessages: ElicitationMessages = {
  ...defaultHostMessages,
  dialogTitle: "{server} is asking for information",
  submit: "Submit",
  decline: "Decline",
  cancel: "Cancel",
  requiredMarker: "*",
  requiredForAssistiveTech: "required",
  requiredLegend: "Fields marked {marker} are required.",
  selectPlaceholder: "Choose…",
  clearChoice: "Clear choice",
  timeZoneHint: "Your time zone: {zone}",
  invalidRequest: "This request can't be shown: {reason}",
  close: "Close",
  validationUnavailable: "This form can't be checked right now because part of the page failed to load. Close it and try again.",
  patternLeftToServer: "The format of {fields} will be checked by the server when you submit.",
  sensitiveFieldWarning:
    "This looks like {kind}. MCP servers are not allowed to ask for passwords, keys, tokens, card details or ID numbers in a form. Don't enter it unless you are sure.",
  sensitiveKindPassword: "a password",
  sensitiveKindApiKey: "an API key",
  sensitiveKindToken: "an access token",
  sensitiveKindSecret: "a secret",
  sensitiveKindCardNumber: "a payment card number",
  sensitiveKindCardCode: "a card security code",
  sensitiveKindNationalId: "a national ID number",
  draftRestored: "Your earlier answers to this form were restored.",
  draftClear: "Clear",
  useLastAnswer: "Use my last answer",
  validation: {},
};
