import type { SensitiveFieldKind } from "../core/request/sensitiveFields";
import type { ElicitationMessages } from "../messages/ElicitationMessages";
import { fillTemplate } from "../messages/fillTemplate";

const KIND_MESSAGE: Record<SensitiveFieldKind, keyof ElicitationMessages> = {
  password: "sensitiveKindPassword",
  apiKey: "sensitiveKindApiKey",
  token: "sensitiveKindToken",
  secret: "sensitiveKindSecret",
  cardNumber: "sensitiveKindCardNumber",
  cardCode: "sensitiveKindCardCode",
  nationalId: "sensitiveKindNationalId",
};

/** The warning under a field that seems to ask for a secret; its id joins the input's description. */
export function SensitiveFieldWarning({ id, kind, messages }: { id: string; kind: SensitiveFieldKind; messages: ElicitationMessages }) {
  return (
    <p id={id} className="rme-field__warning" data-sensitive={kind}>
      {fillTemplate(messages.sensitiveFieldWarning, { kind: String(messages[KIND_MESSAGE[kind]]) })}
    </p>
  );
}
