// What the sensitive-field check looks for (sensitiveFields.ts reads fields with these rules): the
// data apart from the reading, so a rule is changed in one place.

import type { SensitiveFieldKind } from "../types";

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
export const RULES: readonly [SensitiveFieldKind, RegExp][] = [
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
export const ABOUT_BEFORE = /\b(max|maximum|min|minimum|forgot|forgotten|number of|postal|anzahl( der)?)\s*$/;
export const ABOUT_AFTER =
  /^\s*(hint|reminder|policy|policies|rules?|requirements?|strength|manager|reset|expir\w*|rotation|count|limit|budget|usage|length|per|last|changed|updated|hinweis|vergessen|richtlinien?|länge|stärke|geändert)\b/;

/** Scan a description sentence only when it is not a warning not to give the thing. */
export const NEGATION = /\b(do not|don'?t|never|not|without|no need|avoid|nicht|keine?n?|niemals|nie|ohne)\b/;

// Letters that look like Latin ones in most fonts. NFKC folds fullwidth and styled letters but not
// these; a title spelled "pаsswоrd" with Cyrillic а and о must read as what a person sees. (A
// complete confusables table is ~100 KB; these cover the Cyrillic and Greek letters that pass for
// Latin lowercase and capitals.)
// Each letter of LOOK_ALIKE reads as the Latin letter at the same place in LATIN.
const LOOK_ALIKE = "авеёкмнорстухіїјѕԁԛԝһӏɑıАВЕКМНОРСТХУІЈЅαβεικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧ";
const LATIN = "abeekmhopctyxiijsdqwhlaiABEKMHOPCTXYIJSabeikvoptuxwABEZHIKMNOPTYX";
export const CONFUSABLES: Record<string, string> = Object.fromEntries([...LOOK_ALIKE].map((char, i) => [char, LATIN[i]!]));
export const CONFUSABLE = new RegExp(`[${LOOK_ALIKE}]`, "gu");

// German glues words together ("WLAN-Passwort", "Benutzerkennwort", "Kreditkartennummer"), and a
// disguise can glue English ones ("API\u00ADkey" reads "APIkey"): these terms count inside a word.
// No term starts another, so which one matches never depends on their order.
export const GLUED_KIND: readonly [SensitiveFieldKind, string][] = [
  ["cardCode", "kartenprüf"],
  ["cardNumber", "kreditkarte|kartennummer|creditcard|cardnumber"],
  ["password", "passwort|kennwort|geheimzahl|zugangsdaten|password|passphrase"],
  ["apiKey", "apikey|secretkey|privatekey|deploykey"],
  ["token", "accesstoken|authtoken"],
  ["secret", "clientsecret"],
  ["nationalId", "sozialversicherungsnummer|steueridentifikationsnummer|ausweisnummer"],
];
