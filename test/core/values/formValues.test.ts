// @vitest-environment node
process.env.TZ = "Europe/Paris";

import { describe, expect, it } from "vitest";
import { fieldName, initialFormValues } from "../../../src/core/values/formValues";
import { buildContent } from "../../../src/core/validation/buildContent";
import { validateFormValues } from "../../../src/core/validation/validateFormValues";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../../src/core/types";
import * as seeds from "../../fixtures/seedRequests";

function parsed(schema: unknown): ParsedElicitationSchema {
  const result = parseElicitationSchema(schema);
  if (!result.ok) throw result.error;
  return result.schema;
}

const mixed = parsed({
  type: "object",
  properties: {
    text: { type: "string", default: "" },
    zero: { type: "number", default: 0 },
    off: { type: "boolean", default: false },
    when: { type: "string", format: "date-time", default: "2025-01-01T11:00:00Z" },
    pick: { type: "string", enum: ["a", "b"], default: "b" },
    many: { type: "array", items: { type: "string", enum: ["a", "b"] }, default: ["a"] },
  },
});

describe("fieldName", () => {
  it("names fields by position, never by server key", () => {
    const schema = parsed(JSON.parse('{"type":"object","properties":{"a.b":{"type":"string"},"__proto__":{"type":"string"}}}'));
    expect(schema.fields.map(fieldName)).toEqual(["f0", "f1"]);
  });
});

describe("initialFormValues", () => {
  it("pre-fills every default, falsy ones included", () => {
    expect(initialFormValues(mixed.fields)).toEqual({
      f0: "",
      f1: "0",
      f2: false,
      f3: "2025-01-01T12:00",
      f4: "b",
      f5: ["a"],
    });
  });

  it("starts empty without defaults: a required enum has nothing chosen, a checkbox is unchecked", () => {
    const { fields } = parsed(seeds.developmentConfiguration.requestedSchema);
    expect(initialFormValues(fields)).toEqual({ f0: "", f1: "3000", f2: true });
    const none = parsed({
      type: "object",
      properties: {
        t: { type: "string" },
        n: { type: "integer" },
        b: { type: "boolean" },
        s: { type: "string", oneOf: [{ const: "a", title: "A" }] },
        m: { type: "array", items: { type: "string", enum: ["a"] } },
      },
      required: ["s"],
    });
    expect(initialFormValues(none.fields)).toEqual({ f0: "", f1: "", f2: false, f3: "", f4: [] });
  });

  it("does not share the default array with the descriptor", () => {
    const values = initialFormValues(mixed.fields);
    (values.f5 as string[]).push("b");
    expect(initialFormValues(mixed.fields).f5).toEqual(["a"]);
  });
});

describe("buildContent", () => {
  it("sends what the inputs show, typed", () => {
    expect(buildContent(mixed.fields, initialFormValues(mixed.fields))).toEqual({
      // The untouched date-time default goes back exactly as the server wrote it.
      content: { zero: 0, off: false, when: "2025-01-01T11:00:00Z", pick: "b", many: ["a"] },
      issues: [],
    });
  });

  it("sends a changed date-time in local time with its offset", () => {
    const values = { ...initialFormValues(mixed.fields), f3: "2025-01-01T13:00" };
    expect(buildContent(mixed.fields, values).content.when).toBe("2025-01-01T13:00:00+01:00");
  });

  it("omits optional fields left empty and always sends a checkbox", () => {
    const { fields } = parsed(seeds.userPreferences.requestedSchema);
    expect(buildContent(fields, { f0: false, f1: "", f2: "" })).toEqual({ content: { notifications: false }, issues: [] });
    const multi = parsed({ type: "object", properties: { m: { type: "array", items: { type: "string", enum: ["a"] } } } });
    expect(buildContent(multi.fields, { f0: [] })).toEqual({ content: {}, issues: [] });
  });

  it("flags required fields left empty", () => {
    const { fields } = parsed(seeds.contactInfo.requestedSchema);
    const { content, issues } = buildContent(fields, { f0: "", f1: "", f2: "" });
    expect(content).toEqual({});
    expect(issues.map((i) => [i.field, i.code, i.message])).toEqual([
      ["name", "required", "This field is required"],
      ["email", "required", "This field is required"],
    ]);
  });

  it("parses numbers and refuses what is not one", () => {
    const schema = parsed({ type: "object", properties: { n: { type: "number" }, i: { type: "integer" } } });
    expect(buildContent(schema.fields, { f0: " 2.5 ", f1: "-3" }).content).toEqual({ n: 2.5, i: -3 });
    for (const bad of ["abc", "Infinity", "1e999"]) {
      expect(buildContent(schema.fields, { f0: bad, f1: "" }).issues).toEqual([
        expect.objectContaining({ field: "n", code: "type", message: "Enter a number" }),
      ]);
    }
    expect(buildContent(schema.fields, { f0: "", f1: "1.5" }).issues).toEqual([
      expect.objectContaining({ field: "i", code: "integer", message: "Enter a whole number" }),
    ]);
  });

  it("flags a date-time the input could not have produced", () => {
    const schema = parsed({ type: "object", properties: { d: { type: "string", format: "date-time" } } });
    expect(buildContent(schema.fields, { f0: "2025-02-30T10:00" }).issues).toEqual([
      expect.objectContaining({ field: "d", code: "format", message: "Enter a valid date and time" }),
    ]);
  });

  it("copies multi-select arrays", () => {
    const schema = parsed({ type: "object", properties: { m: { type: "array", items: { type: "string", enum: ["a"] } } } });
    const chosen = ["a"];
    const { content } = buildContent(schema.fields, { f0: chosen });
    expect(content.m).toEqual(["a"]);
    expect(content.m).not.toBe(chosen);
  });

  it("keeps __proto__ an ordinary key", () => {
    const schema = parsed(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"boolean"}}}'));
    const { content } = buildContent(schema.fields, { f0: "x", f1: true });
    expect(Object.keys(content)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});

describe("validateFormValues", () => {
  it("returns content and no errors for a valid form", () => {
    const schema = parsed(seeds.developmentConfiguration.requestedSchema);
    expect(validateFormValues(schema, { f0: "vim", f1: "8080", f2: false })).toEqual({
      content: { editor: "vim", port: 8080, enableHotReload: false },
      errors: {},
    });
  });

  it("keys errors by form name, one per field, conversion issues first", () => {
    const schema = parsed(seeds.contactInfo.requestedSchema);
    const { errors } = validateFormValues(schema, { f0: "", f1: "nope", f2: "12" });
    expect(Object.fromEntries(Object.entries(errors).map(([name, issue]) => [name, [issue.field, issue.code, issue.message]]))).toEqual({
      f0: ["name", "required", "This field is required"],
      f1: ["email", "format", "Enter a valid email address"],
      f2: ["age", "minimum", "Must be 18 or more"],
    });
    const integer = parsed({ type: "object", properties: { n: { type: "integer", minimum: 5 } } });
    expect(validateFormValues(integer, { f0: "2.5" }).errors.f0?.code).toBe("integer");
  });

  it("words errors with the host's messages", () => {
    const schema = parsed(seeds.contactInfo.requestedSchema);
    const { errors } = validateFormValues(schema, { f0: "", f1: "a@b.co", f2: "3" }, {
      required: ({ label }) => `${label} est obligatoire`,
      minimum: ({ label, limit }) => `${label} : ${String(limit)} minimum`,
    });
    expect(errors.f0?.message).toBe("Name est obligatoire");
    expect(errors.f2?.message).toBe("Age : 18 minimum");
  });

  it("checks lengths, patterns and item counts through the schema", () => {
    const schema = parsed({
      type: "object",
      properties: {
        zip: { type: "string", title: "ZIP Code", pattern: "^[0-9]{5}(-[0-9]{4})?$" },
        name: { type: "string", maxLength: 3 },
        tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 2 },
      },
    });
    const { errors } = validateFormValues(schema, { f0: "1234", f1: "abcd", f2: ["a"] });
    expect([errors.f0?.message, errors.f1?.message, errors.f2?.message]).toEqual([
      "Doesn't match the expected format",
      "Use at most 3 characters",
      "Choose at least 2",
    ]);
  });
});
