// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasVisibleText } from "../../../src/core/shared/hasVisibleText";

/** The rule read plainly: some character is not white space, a format or control character, a filler or blank braille. */
const plainVisible = (text: string) => !/^[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]*$/u.test(text);

describe("hasVisibleText", () => {
  it("sees a title that draws something, and not one that draws nothing", () => {
    expect(hasVisibleText("Name")).toBe(true);
    expect(hasVisibleText("  \u200b Name")).toBe(true);
    expect(hasVisibleText("")).toBe(false);
    expect(hasVisibleText(" \t\u200b\u00ad\u2800\u3164\ufeff")).toBe(false);
    expect(hasVisibleText(undefined)).toBe(false);
  });

  it("reads every text as the plain rule does", () => {
    const char = fc.constantFrom(" ", "\t", "\n", "\u0000", "\u007f", "!", "~", "a", "\u200b", "\u00ad", "\u2800", "\u3164", "\u115f", "\ufeff", "\u00a0", "é", "名");
    fc.assert(
      fc.property(fc.oneof(fc.array(char, { maxLength: 6 }).map((chars) => chars.join("")), fc.string({ unit: "binary", maxLength: 6 })), (text) => {
        expect(hasVisibleText(text)).toBe(plainVisible(text));
      }),
      { numRuns: 5_000 },
    );
  });
});
