// The sensitive-field rules (src/core/request/sensitiveFieldRules.ts) read the plain way: every
// rule on every text, no shortcut. The detector in src/core/request/sensitiveFields.ts takes
// shortcuts (ASCII needs no folding, one scan for "no rule matches", the same words are not matched
// twice) and must agree with this reading on every text (sensitiveFieldsPlainReading.test.ts).

import { ABOUT_AFTER, ABOUT_BEFORE, CONFUSABLE, CONFUSABLES, GLUED_KIND, NEGATION, RULES } from "../../src/core/request/sensitiveFieldRules";
import type { SensitiveFieldKind } from "../../src/core/types";

/**
 * Text as a person reads it: compatibility forms folded (fullwidth "ｐａｓｓ", styled "𝐩𝐚𝐬𝐬"),
 * invisible format characters removed (soft hyphen, zero-width space and joiners, word joiner,
 * bidi controls, variation selectors), look-alike letters replaced by their Latin twins.
 */
export function normalizeFieldText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\p{Cf}\u034f\ufe00-\ufe0f]/gu, "")
    .replace(CONFUSABLE, (char) => CONFUSABLES[char] ?? char);
}

/** `apiKey` → "api key", `user_password` → "user password", `Card-Number` → "card number". */
function words(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ")
    .replace(/[_\-.:/]+/g, " ")
    .toLowerCase();
}

/** One group per kind: the group that matched names the kind. */
const GLUED = new RegExp(GLUED_KIND.map(([, terms]) => `(${terms})`).join("|"));

/** Whether the words around phrase[start, end) make it about the thing, not asking for it. */
function isAbout(phrase: string, start: number, end: number): boolean {
  return ABOUT_BEFORE.test(phrase.slice(Math.max(0, start - 20), start)) || ABOUT_AFTER.test(phrase.slice(end, end + 30));
}

function matchWords(phrase: string): SensitiveFieldKind | undefined {
  let about = false;
  for (const [kind, rule] of RULES) {
    const found = rule.exec(phrase);
    if (found === null) continue;
    if (!isAbout(phrase, found.index, found.index + found[0].length)) return kind;
    about = true;
  }
  // A word already read as "about" the secret ("password last changed") is not read again glued.
  // "Passwordless sign-in" names no password.
  const glued = about || /passwor[dt](less|los)/.test(phrase) ? null : GLUED.exec(phrase.replace(/[^\p{L}\p{N}]+/gu, ""));
  return glued === null ? undefined : GLUED_KIND[glued.findIndex((group, i) => i > 0 && group !== undefined) - 1]?.[0];
}

/** The kind of secret a field's name or title names, if any. */
export function detectSensitiveText(text: string): SensitiveFieldKind | undefined {
  // Server text is bounded by the parser's limits; the slice keeps this cheap even without them.
  const normalized = normalizeFieldText(text.slice(0, 4_000));
  // Also without splitting at case changes: a look-alike in another case ("SѕN") is not a word break.
  return matchWords(words(normalized)) ?? matchWords(words(normalized.toLowerCase()));
}

/**
 * The kind of secret a description asks for, if any: sentences that warn not to give something
 * ("do not give us your phone number, pin, or other sensitive info") do not count.
 */
export function detectSensitiveDescription(text: string): SensitiveFieldKind | undefined {
  // Sentences are split before words(), which reads "." as a word separator ("api.key").
  const sentences = normalizeFieldText(text.slice(0, 4_000)).split(/[.!?;()\n]+(?:\s|$)|[!?;()\n]/);
  for (const raw of sentences) {
    const sentence = words(raw);
    if (NEGATION.test(sentence)) continue;
    const kind = matchWords(sentence);
    if (kind !== undefined) return kind;
  }
  return undefined;
}

/** Checks a field's key, then title, then description (the first match wins). */
export function detectSensitiveField(field: { key: string; title?: string; description?: string }): SensitiveFieldKind | undefined {
  return (
    detectSensitiveText(field.key) ??
    (field.title === undefined ? undefined : detectSensitiveText(field.title)) ??
    (field.description === undefined ? undefined : detectSensitiveDescription(field.description))
  );
}
