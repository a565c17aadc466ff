import { createContext } from "react";
import type { ElicitationAnswer } from "./useElicitationAnswer";

/** What the root shares with the parts inside it. */
export interface ElicitationDialogContextValue {
  answer: ElicitationAnswer;
  /** URL mode: the server reported the step complete. */
  urlStepDone: boolean;
  /** Whether the × (Cancel) is drawn: not for an invalid request's notice nor a finished URL step. */
  closable: boolean;
  /** `layout` resolved once for this request: Body draws one question at a time when true. */
  steps: boolean;
  /** Root's protection interval, which the steps' own buttons keep as well. */
  protectionInterval: number | undefined;
  titleId: string;
  messageId: string;
}

/** Filled by `ElicitationDialogParts.Root`; the parts are drawn inside it (`useDialogPart` reads it). */
export const ElicitationDialogContext = createContext<ElicitationDialogContextValue | null>(null);
