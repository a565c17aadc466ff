import { defaultHostMessages } from "../dialog/hostMessages";
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
  invalidRequest: "This request can't be shown: {reason}",
  close: "Close",
  validation: {},
};
