// The protocol forbids servers to ask for passwords, API keys, tokens or payment credentials in form
// mode. A client cannot know what a field is for, but it can notice when the words say so.

/** What a field appears to ask for. */
export type SensitiveFieldKind = "password" | "apiKey" | "token" | "secret" | "cardNumber" | "cardCode" | "nationalId";

/**
 * Rules in priority order. They run on a field's key, title and description after splitting
 * `camelCase`, `snake_case` and `kebab-case` into lowercase words, and only on fields where a
 * person types a value (text and number): a checkbox or a fixed choice cannot carry a secret.
 *
 * Deliberately NOT flagged (judgment calls, see SECURITY.md): bank "account number" and "routing
 * number" (shared to receive money, not credentials), "tracking number", "order number", "phone
 * number", "username", one-time "verification code" sent to the person, and "token" inside
 * compound words such as "tokenizer".
 */
const RULES: readonly [SensitiveFieldKind, RegExp][] = [
  ["cardCode", /\b(cvv2?|cvc2?|cvn|csc|card (security|verification) (code|value|number)|security code)\b/],
  ["cardNumber", /\b((credit|debit|payment|bank) ?card|card (number|no|num)|cc (number|num|no)|ccn|pan number|primary account number)\b/],
  ["password", /\b(pass ?words?|pass ?phrases?|passwd|pwd|pass ?codes?|pin( code| number)?|login credentials?|credentials?)\b/],
  ["apiKey", /\b(api ?keys?|access ?keys?|secret ?keys?|private ?keys?|license ?keys?|signing ?keys?|ssh ?keys?)\b/],
  ["token", /\b((access|auth|bearer|refresh|session|id|oauth|api|personal access|github|slack|jwt) ?)?tokens?\b|\bjwt\b/],
  ["secret", /\b(secrets?|client secret|shared secret|seed phrase|recovery phrase|mnemonic)\b/],
  [
    "nationalId",
    /\b(ssn|social security( number)?|social insurance number|sin number|national (id|identity|identification|insurance)( number)?|passport (number|no)|tax (id|identification number)|tin number|itin|driver'?s? licen[cs]e( number)?|nhs number|aadhaar|personnummer|steuer ?id)\b/,
  ],
];

/** `apiKey` → "api key", `user_password` → "user password", `Card-Number` → "card number". */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ")
    .replace(/[_\-.:/]+/g, " ")
    .toLowerCase();
}

/** The kind of secret a piece of text names, if any. */
export function detectSensitiveText(text: string): SensitiveFieldKind | undefined {
  // Server text is bounded by the parser's limits; the slice keeps this cheap even without them.
  const normalized = words(text.slice(0, 4_000));
  for (const [kind, rule] of RULES) if (rule.test(normalized)) return kind;
  return undefined;
}

/** Checks a field's key, then title, then description (the first match wins). */
export function detectSensitiveField(field: { key: string; title?: string; description?: string }): SensitiveFieldKind | undefined {
  for (const text of [field.key, field.title, field.description]) {
    if (text === undefined) continue;
    const kind = detectSensitiveText(text);
    if (kind !== undefined) return kind;
  }
  return undefined;
}
