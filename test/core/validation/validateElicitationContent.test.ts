// @vitest-environment node
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it, vi } from "vitest";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../../src/core/types";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import * as seeds from "../../fixtures/seedRequests";

function parsed(schema: unknown): ParsedElicitationSchema {
  const result = parseElicitationSchema(schema);
  if (!result.ok) throw result.error;
  return result.schema;
}

/** The errors of an invalid content, as [field, code, message] triples. */
function errors(schema: unknown, content: unknown) {
  const result = validateElicitationContent(schema, content);
  if (result.valid) throw new Error("expected the content to be rejected");
  return result.errors.map((e) => [e.field, e.code, e.message]);
}

const one = (property: Record<string, unknown>, required = true) => ({
  type: "object",
  properties: { x: { title: "X", ...property } },
  ...(required && { required: ["x"] }),
});

describe("validateElicitationContent: valid content", () => {
  it("accepts the spec's contact example and returns a new object with only declared keys", () => {
    const content = { name: "Monalisa Octocat", email: "octocat@github.com", age: 30 };
    const result = validateElicitationContent(seeds.contactInfo.requestedSchema, content);
    expect(result).toEqual({ valid: true, content });
    if (result.valid) expect(result.content).not.toBe(content);
  });

  it("accepts a parsed schema as well as a raw one", () => {
    const schema = parsed(seeds.developmentConfiguration.requestedSchema);
    expect(validateElicitationContent(schema, { editor: "vim", port: 3000, enableHotReload: false })).toEqual({
      valid: true,
      content: { editor: "vim", port: 3000, enableHotReload: false },
    });
  });

  it("copies arrays so the caller's form state cannot change the answer", () => {
    const tags = ["a", "b"];
    const result = validateElicitationContent(one({ type: "array", items: { type: "string", enum: ["a", "b"] } }), { x: tags });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.content.x).toEqual(["a", "b"]);
    expect(result.content.x).not.toBe(tags);
  });

  it("accepts titled single and multi selects by value", () => {
    const schema = {
      type: "object",
      properties: {
        color: { type: "string", oneOf: [{ const: "#f00", title: "Red" }, { const: "#0f0", title: "Green" }] },
        more: { type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }] } },
      },
    };
    expect(validateElicitationContent(schema, { color: "#0f0", more: ["b", "a"] }).valid).toBe(true);
    expect(errors(schema, { color: "Green", more: ["c"] })).toEqual([
      ["color", "enum", "Choose one of the options"],
      ["more", "enum", "Choose one of the options"],
    ]);
  });

  it("accepts an empty answer when nothing is required", () => {
    expect(validateElicitationContent(seeds.userPreferences.requestedSchema, {})).toEqual({ valid: true, content: {} });
  });
});

describe("validateElicitationContent: each rule, in plain words", () => {
  it.each([
    ["required", one({ type: "string" }), {}, "required", "This field is required"],
    ["type", one({ type: "number" }), { x: "12" }, "type", "Enter a number"],
    ["integer", one({ type: "integer" }), { x: 1.5 }, "integer", "Enter a whole number"],
    ["minLength", one({ type: "string", minLength: 3 }), { x: "ab" }, "minLength", "Use at least 3 characters"],
    ["minLength 1", one({ type: "string", minLength: 1 }), { x: "" }, "minLength", "Use at least 1 character"],
    ["maxLength", one({ type: "string", maxLength: 50 }), { x: "a".repeat(51) }, "maxLength", "Use at most 50 characters"],
    ["pattern", one({ type: "string", pattern: "^[0-9]{10}$" }), { x: "12345" }, "pattern", "Doesn't match the expected format"],
    ["email", one({ type: "string", format: "email" }), { x: "not-an-email" }, "format", "Enter a valid email address"],
    ["uri", one({ type: "string", format: "uri" }), { x: "example.com" }, "format", "Enter a valid URL, like https://example.com"],
    ["date", one({ type: "string", format: "date" }), { x: "2025-02-30" }, "format", "Enter a valid date"],
    ["date-time", one({ type: "string", format: "date-time" }), { x: "2025-01-01T12:00" }, "format", "Enter a valid date and time"],
    ["minimum", one({ type: "number", minimum: 18 }), { x: 17 }, "minimum", "Must be 18 or more"],
    ["maximum", one({ type: "number", maximum: 120 }), { x: 121 }, "maximum", "Must be 120 or less"],
    ["enum", one({ type: "string", enum: ["a", "b"] }), { x: "c" }, "enum", "Choose one of the options"],
    ["minItems", one({ type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 2 }), { x: ["a"] }, "minItems", "Choose at least 2"],
    ["maxItems", one({ type: "array", items: { type: "string", enum: ["a", "b", "c", "d"] }, maxItems: 3 }), { x: ["a", "b", "c", "d"] }, "maxItems", "Choose at most 3"],
    ["uniqueItems", one({ type: "array", items: { type: "string", enum: ["a", "b"] } }), { x: ["a", "a"] }, "uniqueItems", "Choose each option once"],
    ["item not an option", one({ type: "array", items: { type: "string", enum: ["a"] } }), { x: ["z"] }, "enum", "Choose one of the options"],
    ["boolean as string", one({ type: "boolean" }), { x: "true" }, "type", "Choose yes or no"],
  ])("%s", (_name, schema, content, code, message) => {
    expect(errors(schema, content)).toEqual([["x", code, message]]);
  });

  it("rejects unknown keys with the key as field", () => {
    expect(errors(seeds.githubUsername.requestedSchema, { name: "octocat", password: "hunter2" })).toEqual([
      ["password", "unknownField", "Not a field of this form"],
    ]);
  });

  it("decodes JSON pointer escapes in keys", () => {
    const schema = { type: "object", properties: { "a/b~c": { type: "string", minLength: 2 } } };
    expect(errors(schema, { "a/b~c": "x", "d~1e/f": 1 })).toEqual([
      ["a/b~c", "minLength", "Use at least 2 characters"],
      ["d~1e/f", "unknownField", "Not a field of this form"],
    ]);
  });

  it("reports at most one issue per field, required and type first", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string", minLength: 5, pattern: "^[0-9]+$" },
        b: { type: "string", minLength: 5 },
        c: { type: "integer", minimum: 10 },
      },
      required: ["a", "b"],
    };
    const result = validateElicitationContent(schema, { a: "x", c: 2.5 });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.errors.map((e) => [e.field, e.code])).toEqual([
      ["a", "pattern"],
      ["b", "required"],
      ["c", "integer"],
    ]);
  });

  it("rejects content that is not an object", () => {
    for (const content of [null, undefined, [], "x", 1]) {
      const result = validateElicitationContent(seeds.githubUsername.requestedSchema, content);
      expect(result.valid).toBe(false);
      if (!result.valid) expect(result.errors).toEqual([expect.objectContaining({ field: "", code: "type" })]);
    }
  });

  it("turns an invalid schema into an invalidSchema issue carrying the parser's message", () => {
    expect(errors({ type: "object", properties: { a: { type: "object" } } }, {})).toEqual([
      ["", "invalidSchema", "Invalid elicitation request at requestedSchema.properties.a.type: nested objects are not supported"],
    ]);
  });

  it("validates the seed patterns as a user would meet them", () => {
    expect(validateElicitationContent(seeds.shippingTrackingNumber.requestedSchema, { trackingNumber: "ABC12345678" }).valid).toBe(true);
    expect(errors(seeds.shippingTrackingNumber.requestedSchema, { trackingNumber: "abc12345678" })).toEqual([
      ["trackingNumber", "pattern", "Doesn't match the expected format"],
    ]);
    expect(validateElicitationContent(seeds.cloudDatabase.requestedSchema, { region: "eu-west-1", instanceType: "db.t3.micro" }).valid).toBe(true);
    expect(errors(seeds.cloudDatabase.requestedSchema, { region: "eu-west-1", instanceType: "db.t3", backupRetentionDays: 36 })).toEqual([
      ["instanceType", "pattern", "Doesn't match the expected format"],
      ["backupRetentionDays", "maximum", "Must be 35 or less"],
    ]);
  });
});

describe("validateElicitationContent: compiling", () => {
  it("compiles a schema once, however many times it is validated or re-parsed", () => {
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv2020.prototype) as typeof Ajv2020.prototype, "compile") // Ajv's core class, which every Ajv compiles with;
    const schema = one({ type: "string", pattern: "^compile-once-[0-9]+$" });
    for (let i = 0; i < 5; i++) {
      validateElicitationContent(schema, { x: `compile-once-${i}` });
      validateElicitationContent(parsed(structuredClone(schema)), { x: "nope" });
    }
    expect(compile).toHaveBeenCalledTimes(1);
    validateElicitationContent(one({ type: "string", pattern: "^another-[0-9]+$" }), { x: "another-1" });
    expect(compile).toHaveBeenCalledTimes(2);
  });

  it("keeps working after more distinct schemas than the cache holds", () => {
    for (let i = 0; i < 70; i++) {
      expect(validateElicitationContent(one({ type: "integer", maximum: 1000 + i }), { x: 1000 + i }).valid).toBe(true);
    }
    expect(errors(one({ type: "integer", maximum: 1000 }), { x: 1001 })).toEqual([["x", "maximum", "Must be 1000 or less"]]);
  });
});

describe("validateElicitationContent: server-chosen keys", () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string","minLength":2},"constructor":{"type":"number"},"toString":{"type":"boolean"}},"required":["__proto__","constructor"]}',
  );

  it("validates __proto__ and constructor like any other key", () => {
    expect(errors(schema, {})).toEqual([
      ["__proto__", "required", "This field is required"],
      ["constructor", "required", "This field is required"],
    ]);
    expect(errors(schema, JSON.parse('{"__proto__":"a","constructor":"1"}'))).toEqual([
      ["__proto__", "minLength", "Use at least 2 characters"],
      ["constructor", "type", "Enter a number"],
    ]);
  });

  it("returns __proto__ as an own key and never touches Object.prototype", () => {
    const result = validateElicitationContent(schema, JSON.parse('{"__proto__":"ab","constructor":3,"toString":true}'));
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(Object.keys(result.content)).toEqual(["__proto__", "constructor", "toString"]);
    expect(Object.getOwnPropertyDescriptor(result.content, "__proto__")?.value).toBe("ab");
    expect(Object.getPrototypeOf(result.content)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    expect(Object.prototype.toString.call([])).toBe("[object Array]");
  });

  it("ignores inherited properties of the content", () => {
    const content = Object.create({ constructor: 1, __proto__extra: 1 }) as Record<string, unknown>;
    Object.defineProperty(content, "__proto__", { value: "ab", enumerable: true });
    expect(errors(schema, content)).toEqual([["constructor", "required", "This field is required"]]);
  });
});
