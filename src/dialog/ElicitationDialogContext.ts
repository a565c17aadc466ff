import { createContext, useContext } from "react";
import type { ElicitationAnswer } from "./useElicitationAnswer";

/** What the root shares with the parts inside it. */
export interface ElicitationDialogContextValue {
  answer: ElicitationAnswer;
  presentation: "dialog" | "inline";
  /** URL mode: the server reported the step complete. */
  urlStepDone: boolean;
  titleId: string;
  messageId: string;
}

export const ElicitationDialogContext = createContext<ElicitationDialogContextValue | null>(null);

/** The enclosing root's state; a part drawn outside a root is a host's mistake worth saying plainly. */
export function useElicitationDialogContext(part: string): ElicitationDialogContextValue {
  const value = useContext(ElicitationDialogContext);
  if (value === null) throw new Error(`ElicitationDialogParts.${part} must be drawn inside ElicitationDialogParts.Root.`);
  return value;
}
