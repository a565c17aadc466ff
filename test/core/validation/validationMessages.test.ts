// @vitest-environment node
import { describe, expect, it } from "vitest";
import { defaultValidationMessages, describeValidationIssue } from "../../../src/core/validation/validationMessages";

describe("validation messages", () => {
  it.each([
    ["required", {}, "This field is required"],
    ["type", { type: "number" }, "Enter a number"],
    ["integer", {}, "Enter a whole number"],
    ["minLength", { limit: 3 }, "Use at least 3 characters"],
    ["minLength", { limit: 1 }, "Use at least 1 character"],
    ["maxLength", { limit: 50 }, "Use at most 50 characters"],
    ["maxLength", { limit: 1 }, "Use at most 1 character"],
    ["pattern", { pattern: "^a$" }, "Doesn't match the expected format"],
    ["format", { format: "email" }, "Enter a valid email address"],
    ["format", { format: "uri" }, "Enter a valid URL, like https://example.com"],
    ["format", { format: "date" }, "Enter a valid date"],
    ["format", { format: "date-time" }, "Enter a valid date and time"],
    ["minimum", { limit: 18 }, "Must be 18 or more"],
    ["maximum", { limit: 120 }, "Must be 120 or less"],
    ["enum", {}, "Choose one of the options"],
    ["minItems", { limit: 2 }, "Choose at least 2"],
    ["maxItems", { limit: 3 }, "Choose at most 3"],
    ["uniqueItems", {}, "Choose each option once"],
    ["unknownField", { field: "zz" }, "Not a field of this form"],
    ["invalidSchema", { message: "Invalid elicitation request at requestedSchema: must be an object" }, "Invalid elicitation request at requestedSchema: must be an object"],
  ] as const)("%s %j reads %j", (code, params, text) => {
    expect(describeValidationIssue({ code, params }, "Age")).toBe(text);
  });

  it("uses the host's replacement message with the label and params", () => {
    const messages = { minimum: (p: { label: string } & Record<string, unknown>) => `${p.label} : au moins ${String(p.limit)}` };
    expect(describeValidationIssue({ code: "minimum", params: { limit: 18 } }, "Âge", messages)).toBe("Âge : au moins 18");
    // Codes the host did not replace keep the default.
    expect(describeValidationIssue({ code: "required" }, "Âge", messages)).toBe("This field is required");
  });

  it("has a message for every code", () => {
    for (const format of Object.values(defaultValidationMessages)) {
      expect(format({ label: "X" })).toMatch(/\w/);
    }
  });
});
