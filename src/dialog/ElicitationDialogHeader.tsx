import type { ReactNode } from "react";
import { DialogTitle } from "./DialogTitle";
import { useDialogPart } from "./useDialogPart";

export interface ElicitationDialogHeaderProps {
  /** Drawn before the title, e.g. the server's logo from the host's own records (decorative: `alt=""`). */
  icon?: ReactNode;
  /** Drawn under the title: queue position, time left, "Stop asking". */
  status?: ReactNode;
}

/**
 * Who is asking: the title with the server's name set apart, the host's icon and status line. In the
 * inline card it stays in view (sticky) while any field or action of the card is on screen.
 */
export function ElicitationDialogHeader({ icon, status }: ElicitationDialogHeaderProps) {
  const { answer, titleId, closable } = useDialogPart("Header");
  return (
    <header className="rme-dialog__header" data-closable={closable ? "" : undefined}>
      {icon !== undefined ? <div className="rme-dialog__icon">{icon}</div> : null}
      <div className="rme-dialog__heading">
        <DialogTitle id={titleId} template={answer.messages.dialogTitle} serverName={answer.serverName} />
        {status}
      </div>
    </header>
  );
}
