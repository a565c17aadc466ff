// @vitest-environment node
// The detector flags exactly what its rules say, however it gets there: it agrees with the plain
// reading of the same rules (plainSensitiveFields.ts) on the labelled set, on the unit cases, and
// on many generated keys, titles and descriptions — glued, split, disguised, in either case.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectSensitiveDescription, detectSensitiveField, detectSensitiveText, normalizeFieldText } from "../../src/core/request/sensitiveFields";
import * as plain from "./plainSensitiveFields";
import { sensitiveFieldCorpus } from "./sensitiveFieldCorpus";

// Pieces a server's text is made of: words the rules look for (and the words that make a match
// "about" the secret), ordinary words, separators, digits, and the disguises the rules undo
// (look-alike letters, fullwidth and styled letters, invisible characters, letters whose lower
// case is longer or ASCII).
const WORDS = [
  "pass", "word", "password", "Passwort", "kennwort", "PIN", "code", "number", "api", "Key", "KEY", "token", "Tokens",
  "access", "auth", "secret", "client", "card", "credit", "CVV", "cvc", "security", "SSN", "social", "tax", "id",
  "passport", "Ausweis", "nummer", "Kreditkarte", "schlüssel", "jwt", "max", "hint", "forgot", "count", "less", "los",
  "policy", "changed", "number of", "do not", "never", "nicht", "ohne", "name", "email", "Age", "Note", "Budget",
  "field", "region", "tokenizer", "seed", "phrase", "recovery", "login", "credentials", "Zugangs", "daten", "geheim",
];
const PIECES = [
  ...WORDS, " ", " ", "_", "-", ".", ":", "/", ", ", ". ", "! ", "? ", "; ", "(", ")", "\n", "0", "7", "42",
  "а", "о", "ѕ", "А", "Ѕ", "ο", "ρ", "ｐａｓｓ", "𝐩𝐚𝐬𝐬", "\u00ad", "\u200b", "\u2060", "\u202e", "\ufe0f",
  "İ", "\u212a", "ẞ", "ß", "ü", "é",
];
const casing = fc.constantFrom<(text: string) => string>(
  (text) => text,
  (text) => text.toUpperCase(),
  (text) => text.toLowerCase(),
  (text) => text.charAt(0).toUpperCase() + text.slice(1),
);
const text = fc.tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), casing).map(([pieces, cased]) => cased(pieces.join("")));

describe("the sensitive-field detector and the plain reading of its rules", () => {
  it("agree on every field of the labelled set", () => {
    for (const field of sensitiveFieldCorpus) expect(detectSensitiveField(field), JSON.stringify(field)).toBe(plain.detectSensitiveField(field));
  });

  it("agree on generated names and titles", () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(normalizeFieldText(value)).toBe(plain.normalizeFieldText(value));
        expect(detectSensitiveText(value)).toBe(plain.detectSensitiveText(value));
      }),
      { numRuns: 5_000 },
    );
  });

  it("agree on generated descriptions and whole fields", () => {
    fc.assert(
      fc.property(text, fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), (key, title, description) => {
        if (description !== undefined) expect(detectSensitiveDescription(description)).toBe(plain.detectSensitiveDescription(description));
        expect(detectSensitiveField({ key, title, description })).toBe(plain.detectSensitiveField({ key, title, description }));
      }),
      { numRuns: 3_000 },
    );
  });

  it("agree on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        expect(detectSensitiveText(value)).toBe(plain.detectSensitiveText(value));
        expect(detectSensitiveDescription(value)).toBe(plain.detectSensitiveDescription(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it("the generated texts do reach every kind, so agreeing is not agreeing on nothing", () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(text, (value) => {
        const kind = plain.detectSensitiveText(value);
        if (kind !== undefined) kinds.add(kind);
      }),
      { numRuns: 5_000, seed: 1 },
    );
    expect([...kinds].sort()).toEqual(["apiKey", "cardCode", "cardNumber", "nationalId", "password", "secret", "token"]);
  });
});
