import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";

/** A host's messages may be partial, down to single validation rules. */
export type ElicitationMessagesInput = Partial<Omit<ElicitationMessages, "validation">> & {
  validation?: ElicitationMessages["validation"];
};

/** Fills in whatever the host left out from the defaults. */
export function resolveMessages(input?: ElicitationMessagesInput): ElicitationMessages {
  if (!input) return defaultMessages;
  return {
    ...defaultMessages,
    ...input,
    validation: { ...defaultMessages.validation, ...input.validation },
  };
}
