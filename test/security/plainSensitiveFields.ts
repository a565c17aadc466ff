// The sensitive-field rules read the plain way: every rule on every text, no shortcut. The
// detector in src/core/request/sensitiveFields.ts takes shortcuts (ASCII needs no folding, one scan
// for "no rule matches", the same words are not matched twice) and must agree with this reading on
// every text (sensitiveFieldsPlainReading.test.ts). A change to a rule is made in both.

import type { SensitiveFieldKind } from "../../src/core/types";

/**
 * Rules in priority order, English and German. They run on words: `camelCase`, `snake_case` and
 * `kebab-case` split, lowercase, after `normalize` below. Only fields where a person types a value
 * (text and number) are checked: a checkbox or a fixed choice cannot carry a secret.
 *
 * Deliberately NOT flagged (judgment calls, see SECURITY.md): bank "account number" and "routing
 * number" (shared to receive money, not credentials), "tracking number", "order number", "phone
 * number", "username", one-time "verification code" sent to the person, "token" inside compound
 * words such as "tokenizer" and counts of language-model tokens ("max tokens"), and words about a
 * secret rather than the secret ("password hint", "forgot password", "password policy").
 */
const RULES: readonly [SensitiveFieldKind, RegExp][] = [
  ["cardCode", /\b(cvv2?|cvc2?|cvn|csc|card (security|verification) (code|value|number)|security code|kartenprüf(nummer|code|ziffer)|prüfziffer der karte)\b/],
  [
    "cardNumber",
    /\b((credit|debit|payment|bank) ?card( number| no| num| details)?|card (number|no|num|details)|cc (number|num|no)|ccn|pan number|primary account number|(kredit|debit|bank|ec)karten?(nummer)?|kartennummer)\b/,
  ],
  [
    "password",
    /\b(pass ?words?|pass ?phrases?|passwd|pwd|pass ?codes?|pin( code| number)?|login credentials?|credentials?|passw[oö]rt(e|er)?|kennw[oö]rt(e|er)?|geheimzahl|zugangsdaten|zugangscode)\b/,
  ],
  [
    "apiKey",
    /\b((api|access|secret|private|license|licence|signing|ssh|deploy|encryption|master|gpg|pgp) ?keys?|api ?schlüssel|(privater?|geheimer?|zugangs|sicherheits|lizenz) ?schlüssel)\b/,
  ],
  ["token", /\b((access|auth|bearer|refresh|session|id|oauth|api|personal access|github|gitlab|slack|jwt|npm|pypi|bot) ?)?tokens?\b|\bjwt\b|\bzugangstoken\b/],
  ["secret", /\b(secrets?|client secret|shared secret|seed phrase|recovery phrase|mnemonic|geheimnis|client ?geheimnis|wiederherstellungsphrase)\b/],
  [
    "nationalId",
    /\b(ssn|social security( number)?|social insurance number|sin number|national (id|identity|identification|insurance)( number)?|passport (number|no)|tax (id|identification number)|tin number|itin|driver'?s? licen[cs]e( number)?|nhs number|aadhaar|personnummer|steuer ?(id|identifikationsnummer|nummer)|sozialversicherungsnummer|(personal)?ausweisnummer|reisepassnummer|personalausweis( nummer)?)\b/,
  ],
];

/**
 * Words right next to a match that make it about the secret rather than the secret itself, or
 * about something else called the same: "password hint", "forgot password", "max tokens" and
 * "token count" of a language model.
 */
const ABOUT_BEFORE = /\b(max|maximum|min|minimum|forgot|forgotten|number of|postal|anzahl( der)?)\s*$/;
const ABOUT_AFTER =
  /^\s*(hint|reminder|policy|policies|rules?|requirements?|strength|manager|reset|expir\w*|rotation|count|limit|budget|usage|length|per|last|changed|updated|hinweis|vergessen|richtlinien?|länge|stärke|geändert)\b/;

/** Scan a description sentence only when it is not a warning not to give the thing. */
const NEGATION = /\b(do not|don'?t|never|not|without|no need|avoid|nicht|keine?n?|niemals|nie|ohne)\b/;

// Letters that look like Latin ones in most fonts. NFKC folds fullwidth and styled letters but not
// these; a title spelled "pаsswоrd" with Cyrillic а and о must read as what a person sees. (A
// complete confusables table is ~100 KB; these cover the Cyrillic and Greek letters that pass for
// Latin lowercase and capitals.)
// Each letter of LOOK_ALIKE reads as the Latin letter at the same place in LATIN.
const LOOK_ALIKE = "авеёкмнорстухіїјѕԁԛԝһӏɑıАВЕКМНОРСТХУІЈЅαβεικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧ";
const LATIN = "abeekmhopctyxiijsdqwhlaiABEKMHOPCTXYIJSabeikvoptuxwABEZHIKMNOPTYX";
const CONFUSABLES: Record<string, string> = Object.fromEntries([...LOOK_ALIKE].map((char, i) => [char, LATIN[i]!]));
const CONFUSABLE = new RegExp(`[${LOOK_ALIKE}]`, "gu");

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

// German glues words together ("WLAN-Passwort", "Benutzerkennwort", "Kreditkartennummer"), and a
// disguise can glue English ones ("API\u00ADkey" reads "APIkey"): these terms count inside a word.
// No term starts another, so which one matches never depends on their order.
const GLUED_KIND: readonly [SensitiveFieldKind, string][] = [
  ["cardCode", "kartenprüf"],
  ["cardNumber", "kreditkarte|kartennummer|creditcard|cardnumber"],
  ["password", "passwort|kennwort|geheimzahl|zugangsdaten|password|passphrase"],
  ["apiKey", "apikey|secretkey|privatekey|deploykey"],
  ["token", "accesstoken|authtoken"],
  ["secret", "clientsecret"],
  ["nationalId", "sozialversicherungsnummer|steueridentifikationsnummer|ausweisnummer"],
];
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
