// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fillTemplate } from "../../src/messages/fillTemplate";

/** What fillTemplate promises, read the plain way: each `{name}` of word characters, replaced when `values` has it. */
const plainFill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? (values[name] as string) : whole));

describe("fillTemplate", () => {
  it("puts each value in its placeholder and leaves unknown ones as written", () => {
    expect(fillTemplate("A whole number from {min} to {max}", { min: "0", max: "5" })).toBe("A whole number from 0 to 5");
    expect(fillTemplate("{server} asks {who}", { server: "Files" })).toBe("Files asks {who}");
    expect(fillTemplate("{{min}} {min {} {mi-n} {$}", { min: "1" })).toBe("{1} {min {} {mi-n} {$}");
    expect(fillTemplate("Cost: {price}", { price: "$& $1 $$" })).toBe("Cost: $& $1 $$");
    expect(fillTemplate("{toString} {__proto__}", {})).toBe("{toString} {__proto__}");
  });

  it("reads every template and set of values as the plain reading does", () => {
    const piece = fc.constantFrom("{", "}", "{min}", "{max}", "{x_1}", "{}", "{ min}", "min", "max", " ", "$&", "ü", "{toString}", "a", "_", "9");
    const template = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(""));
    const values = fc.dictionary(fc.constantFrom("min", "max", "x_1", "toString", "a"), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.oneof(template, fc.string({ maxLength: 30 })), values, (text, given) => {
        expect(fillTemplate(text, given)).toBe(plainFill(text, given));
      }),
      { numRuns: 5_000 },
    );
  });
});
