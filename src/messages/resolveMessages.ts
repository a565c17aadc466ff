import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";

/** A host's messages may be partial, down to single validation rules. */
export type ElicitationMessagesInput = Partial<Omit<ElicitationMessages, "validation">> & {
  validation?: ElicitationMessages["validation"];
};

/**
 * Fills in whatever the host left out from `base`: the catalogue its `locale` chose (English by
 * default). The host's own strings always win.
 */
export function resolveMessages(input?: ElicitationMessagesInput, base: ElicitationMessages = defaultMessages): ElicitationMessages {
  if (!input) return base;
  return {
    ...base,
    ...input,
    validation: { ...base.validation, ...input.validation },
  };
}
