import { useRef } from "react";
import { useDialogPart } from "./useDialogPart";
import { useScrollableFocus } from "./useScrollableFocus";

/** The server's message as written, in its own bounded area that scrolls (and takes focus) when long. */
export function ElicitationDialogMessage() {
  const { answer, messageId } = useDialogPart("Message");
  const ref = useRef<HTMLParagraphElement>(null);
  const message = answer.prepared.ok ? answer.prepared.request.message : undefined;
  const tabIndex = useScrollableFocus(ref, message);
  if (message === undefined) return null;
  return (
    <p id={messageId} ref={ref} className="rme-dialog__message" tabIndex={tabIndex}>
      {message}
    </p>
  );
}
