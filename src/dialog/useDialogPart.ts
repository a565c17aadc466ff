import { useContext } from "react";
import { ElicitationDialogContext, type ElicitationDialogContextValue } from "./ElicitationDialogContext";

/**
 * What `Root` shares, read by the part named `part`. Outside a Root there is nothing to draw from:
 * the error names the part, so a host sees which one it placed wrong rather than a null error.
 */
export function useDialogPart(part: string): ElicitationDialogContextValue {
  const context = useContext(ElicitationDialogContext);
  if (!context) throw new Error(`\`ElicitationDialogParts.${part}\` must be used inside \`ElicitationDialogParts.Root\``);
  return context;
}
