import type { PreparedElicitationRequest } from "../request/prepareElicitationRequest";
import { detectSensitiveField } from "../request/sensitiveFields";
import { ELICITATION_PUSH_CHOICES, type ElicitationPushChoice } from "./elicitationPush";

/** The words on a yes/no question's two actions. */
const YES_NO = [
  ["Yes", true],
  ["No", false],
] as const;

/**
 * The answers a notice may offer, so a person can answer from the notification itself: only for a
 * form of exactly one field that is a yes/no or a single choice of at most three (their titles as the
 * words). Never for URL mode, files, several fields, a choice of more, a question the host's policy
 * answers, or a field whose words name a secret (a lock screen is no place to decide about one).
 */
export function noticeChoicesOf(prepared: PreparedElicitationRequest): ElicitationPushChoice[] | undefined {
  if (!prepared.ok || prepared.answer !== undefined || prepared.request.mode !== "form") return undefined;
  const { fields } = prepared.request.schema;
  if (fields.length !== 1) return undefined;
  const [field] = fields as [(typeof fields)[number]];
  if (field.sensitive !== undefined || detectSensitiveField({ key: field.key, title: field.label, description: field.description }) !== undefined) return undefined;
  const choice = (title: string, value: string | boolean): ElicitationPushChoice => ({ title, result: { action: "accept", content: { [field.key]: value } } });
  if (field.kind === "boolean") return YES_NO.map(([title, value]) => choice(title, value));
  if (field.kind === "single-select" && field.options.length <= ELICITATION_PUSH_CHOICES) return field.options.map((option) => choice(option.label, option.value));
  return undefined;
}
