import type { SensitiveFieldKind } from "../core/request/sensitiveFields";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";

/** The message naming `kind` ("password" → sensitiveKindPassword): each kind has one, which the type checks. */
const kindMessage = (kind: SensitiveFieldKind) => ("sensitiveKind" + kind[0]!.toUpperCase() + kind.slice(1)) as `sensitiveKind${Capitalize<SensitiveFieldKind>}`;

/** The warning under a field that seems to ask for a secret; its id joins the input's description. */
export function SensitiveFieldWarning({ id, kind, messages }: { id: string; kind: SensitiveFieldKind; messages: ElicitationMessages }) {
  return (
    <p id={id} className="rme-field__warning" data-sensitive={kind}>
      {fillTemplate(messages.sensitiveFieldWarning, { kind: messages[kindMessage(kind)] })}
    </p>
  );
}
