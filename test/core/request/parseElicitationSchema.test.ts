// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ElicitationSchemaError } from "../../../src/core/request/ElicitationSchemaError";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import type { FieldDescriptor, ParsedElicitationSchema } from "../../../src/core/types";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import * as seeds from "../../fixtures/seedRequests";

function parseOk(schema: unknown): ParsedElicitationSchema {
  const result = parseElicitationSchema(schema);
  if (!result.ok) throw new Error(`expected a valid schema, got: ${result.error.message}`);
  return result.schema;
}

/** Parses a one-property schema and returns its descriptor. */
function field(property: unknown, required = false): FieldDescriptor {
  const parsed = parseOk({ type: "object", properties: { x: property }, ...(required && { required: ["x"] }) });
  expect(parsed.fields).toHaveLength(1);
  return parsed.fields[0]!;
}

function errorOf(schema: unknown): ElicitationSchemaError {
  const result = parseElicitationSchema(schema);
  if (result.ok) throw new Error("expected the schema to be rejected");
  return result.error;
}

const one = (property: unknown) => ({ type: "object", properties: { x: property } });
const P = "requestedSchema.properties.x";

describe("parseElicitationSchema: property variants", () => {
  it("gives a descriptor only the entries the schema fills, and `sensitive` only where a secret is asked", () => {
    const keysOf = (property: unknown) => Object.entries(field(property)).map(([key, value]) => [key, value === undefined ? "undefined" : typeof value]);
    expect(keysOf({ type: "string", title: "API key", maxLength: 80 })).toEqual([
      ["key", "string"], ["index", "number"], ["path", "string"], ["label", "string"], ["required", "boolean"],
      ["kind", "string"], ["maxLength", "number"], ["sensitive", "string"],
    ]);
    expect(keysOf({ type: "string", title: "Nickname" }).map(([key]) => key)).toEqual(["key", "index", "path", "label", "required", "kind"]);
    expect(keysOf({ type: "integer", title: "PIN", description: "Four digits", minimum: 0 }).map(([key]) => key)).toEqual([
      "key", "index", "path", "label", "description", "required", "kind", "integer", "minimum", "sensitive",
    ]);
    expect(keysOf({ type: "number", title: "Age" }).map(([key]) => key)).toEqual(["key", "index", "path", "label", "required", "kind", "integer"]);
    expect(field({ type: "string", title: "API key" })).toMatchObject({ sensitive: "apiKey" });
    expect(field({ type: "integer", title: "PIN" })).toMatchObject({ sensitive: "password" });
  });

  it("parses a string with every supported keyword", () => {
    expect(
      field(
        { type: "string", title: "Name", description: "Your name", minLength: 2, maxLength: 5, pattern: "^[a-z]+$", default: "abc" },
        true,
      ),
    ).toEqual({
      key: "x",
      index: 0,
      path: P,
      label: "Name",
      description: "Your name",
      required: true,
      kind: "text",
      minLength: 2,
      maxLength: 5,
      pattern: "^[a-z]+$",
      default: "abc",
    });
  });

  it.each([
    ["email", "a@example.com"],
    ["uri", "https://example.com/x"],
    ["date", "2025-01-31"],
    ["date-time", "2025-01-31T12:00:00+01:00"],
  ])("parses format %s with a valid default", (format, dflt) => {
    expect(field({ type: "string", format, default: dflt })).toMatchObject({ kind: "text", format, default: dflt });
  });

  it("falls back to the key for the label, and for an empty title", () => {
    expect(field({ type: "string" }).label).toBe("X");
    expect(field({ type: "string", title: "  " }).label).toBe("X");
  });

  it("parses number and integer with limits and defaults", () => {
    expect(field({ type: "number", minimum: -1.5, maximum: 2.5, default: 0 })).toMatchObject({
      kind: "number",
      integer: false,
      minimum: -1.5,
      maximum: 2.5,
      default: 0,
    });
    expect(field({ type: "integer", minimum: 1, maximum: 35, default: 7 })).toMatchObject({
      kind: "number",
      integer: true,
      default: 7,
    });
  });

  it("parses a boolean with a false default", () => {
    expect(field({ type: "boolean", default: false })).toMatchObject({ kind: "boolean", default: false });
  });

  it("parses an untitled enum", () => {
    expect(field({ type: "string", enum: ["a", "b"], default: "b" })).toMatchObject({
      kind: "single-select",
      variant: "untitled",
      options: [
        { value: "a", label: "a" },
        { value: "b", label: "b" },
      ],
      default: "b",
    });
  });

  it("parses a legacy enum with enumNames", () => {
    expect(field({ type: "string", enum: ["a", "b"], enumNames: ["Alpha", "Beta"] })).toMatchObject({
      kind: "single-select",
      variant: "legacy-titled",
      options: [
        { value: "a", label: "Alpha" },
        { value: "b", label: "Beta" },
      ],
    });
  });

  it("parses a titled oneOf select", () => {
    expect(
      field({ type: "string", oneOf: [{ const: "#f00", title: "Red" }, { const: "#0f0", title: "Green" }], default: "#0f0" }),
    ).toMatchObject({
      kind: "single-select",
      variant: "titled",
      options: [
        { value: "#f00", label: "Red" },
        { value: "#0f0", label: "Green" },
      ],
      default: "#0f0",
    });
  });

  it("parses an untitled multi select", () => {
    expect(
      field({ type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2, default: ["a"] }),
    ).toMatchObject({
      kind: "multi-select",
      variant: "untitled",
      options: [
        { value: "a", label: "a" },
        { value: "b", label: "b" },
        { value: "c", label: "c" },
      ],
      minItems: 1,
      maxItems: 2,
      default: ["a"],
    });
  });

  it("parses a titled multi select", () => {
    expect(field({ type: "array", items: { anyOf: [{ const: "r", title: "Red" }, { const: "g", title: "Green" }] } })).toMatchObject({
      kind: "multi-select",
      variant: "titled",
      options: [
        { value: "r", label: "Red" },
        { value: "g", label: "Green" },
      ],
    });
  });

  it("keeps declaration order as index and marks required fields", () => {
    const parsed = parseOk({
      type: "object",
      properties: { b: { type: "string" }, a: { type: "boolean" }, c: { type: "number" } },
      required: ["c", "b"],
    });
    expect(parsed.fields.map((f) => [f.key, f.index, f.required])).toEqual([
      ["b", 0, true],
      ["a", 1, false],
      ["c", 2, true],
    ]);
  });

  it("ignores harmless annotations", () => {
    const parsed = parseOk({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "urn:x",
      $comment: "c",
      title: "Form",
      description: "A form",
      examples: [{}],
      "x-vendor": { anything: true },
      additionalProperties: false,
      type: "object",
      properties: { x: { type: "string", examples: ["a"], "x-ui": "wide", $comment: "c", deprecated: false } },
    });
    expect(parsed.fields[0]).toMatchObject({ kind: "text", key: "x" });
  });
});

describe("parseElicitationSchema: jsonSchema and cacheKey", () => {
  it("rebuilds a clean schema: supported keywords, required, additionalProperties false, uniqueItems, no enumNames", () => {
    const parsed = parseOk({
      type: "object",
      $comment: "dropped",
      properties: {
        pick: { type: "string", enum: ["a", "b"], enumNames: ["A", "B"], "x-ui": 1 },
        many: { type: "array", items: { type: "string", enum: ["a"] } },
      },
      required: ["pick"],
    });
    expect(parsed.jsonSchema).toEqual({
      type: "object",
      properties: {
        pick: { type: "string", enum: ["a", "b"] },
        many: { type: "array", items: { type: "string", enum: ["a"] }, uniqueItems: true },
      },
      required: ["pick"],
      additionalProperties: false,
    });
    expect(parsed.cacheKey).toBe(JSON.stringify(parsed.jsonSchema));
  });

  it("gives equal schemas equal cache keys and different schemas different ones", () => {
    const a = parseOk(seeds.contactInfo.requestedSchema);
    const b = parseOk(structuredClone(seeds.contactInfo.requestedSchema));
    const c = parseOk(seeds.githubUsername.requestedSchema);
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.cacheKey).not.toBe(c.cacheKey);
  });
});

describe("parseElicitationSchema: seed examples", () => {
  it.each(Object.entries(seeds.seedRequests))("parses %s", (_name, params) => {
    const parsed = parseOk(params.requestedSchema);
    expect(parsed.fields.map((f) => f.key)).toEqual(Object.keys(params.requestedSchema.properties));
  });

  it("reads the development configuration as a legacy select, an integer and a boolean", () => {
    const [editor, port, hot] = parseOk(seeds.developmentConfiguration.requestedSchema).fields;
    expect(editor).toMatchObject({ kind: "single-select", variant: "legacy-titled", label: "Preferred Editor", required: true });
    expect(editor).toMatchObject({ options: expect.arrayContaining([{ value: "sublime", label: "Sublime Text" }]) });
    expect(port).toMatchObject({ kind: "number", integer: true, minimum: 1024, maximum: 65535, default: 3000, required: true });
    expect(hot).toMatchObject({ kind: "boolean", default: true, required: false });
  });

  it("labels untitled seed fields by key and keeps their descriptions", () => {
    const [amount, account] = parseOk(seeds.bankTransfer.requestedSchema).fields;
    expect(amount).toMatchObject({ label: "Amount", description: "The exact transaction amount in USD." });
    expect(account).toMatchObject({ label: "Recipient account", pattern: "^[0-9]{10}$" });
  });
});

describe("parseElicitationSchema: rejections name the exact path", () => {
  const cases: [string, unknown, string][] = [
    ["null schema", null, "requestedSchema"],
    ["array schema", [], "requestedSchema"],
    ["string schema", "object", "requestedSchema"],
    ["missing type", { properties: {} }, "requestedSchema.type"],
    ["type not object", { type: "array", properties: {} }, "requestedSchema.type"],
    ["missing properties", { type: "object" }, "requestedSchema.properties"],
    ["properties is an array", { type: "object", properties: [] }, "requestedSchema.properties"],
    ["$defs at the top", { type: "object", properties: {}, $defs: {} }, "requestedSchema.$defs"],
    ["definitions at the top", { type: "object", properties: {}, definitions: {} }, "requestedSchema.definitions"],
    ["allOf at the top", { type: "object", properties: {}, allOf: [] }, "requestedSchema.allOf"],
    ["patternProperties", { type: "object", properties: {}, patternProperties: {} }, "requestedSchema.patternProperties"],
    ["dependentSchemas", { type: "object", properties: {}, dependentSchemas: {} }, "requestedSchema.dependentSchemas"],
    ["if/then at the top", { type: "object", properties: {}, if: {} }, "requestedSchema.if"],
    ["additionalProperties schema", { type: "object", properties: {}, additionalProperties: { type: "string" } }, "requestedSchema.additionalProperties"],
    ["non-string top title", { type: "object", properties: {}, title: 1 }, "requestedSchema.title"],
    ["required not a list", { type: "object", properties: { a: { type: "string" } }, required: "a" }, "requestedSchema.required"],
    ["required names an undeclared key", { type: "object", properties: { a: { type: "string" } }, required: ["a", "b"] }, "requestedSchema.required.1"],
    ["required repeats a key", { type: "object", properties: { a: { type: "string" } }, required: ["a", "a"] }, "requestedSchema.required.1"],
    ["required inherited key", { type: "object", properties: { a: { type: "string" } }, required: ["toString"] }, "requestedSchema.required.0"],
    ["property not an object", one("string"), P],
    ["missing type", one({ title: "X" }), `${P}.type`],
    ["unknown type", one({ type: "date" }), `${P}.type`],
    ["null type", one({ type: "null" }), `${P}.type`],
    ["type list", one({ type: ["string", "null"] }), `${P}.type`],
    ["nested object", one({ type: "object", properties: {} }), `${P}.type`],
    ["$ref", one({ $ref: "#/$defs/a" }), `${P}.type`],
    ["$ref next to a type", one({ type: "string", $ref: "#/$defs/a" }), `${P}.$ref`],
    ["anyOf on a string", one({ type: "string", anyOf: [{ minLength: 1 }] }), `${P}.anyOf`],
    ["allOf on a number", one({ type: "number", allOf: [] }), `${P}.allOf`],
    ["not", one({ type: "string", not: { const: "a" } }), `${P}.not`],
    ["if/then/else", one({ type: "string", then: {} }), `${P}.then`],
    ["const-only string", one({ type: "string", const: "a" }), `${P}.const`],
    ["exclusiveMinimum", one({ type: "number", exclusiveMinimum: 0 }), `${P}.exclusiveMinimum`],
    ["multipleOf", one({ type: "number", multipleOf: 2 }), `${P}.multipleOf`],
    ["minimum on a string", one({ type: "string", minimum: 1 }), `${P}.minimum`],
    ["minLength on a number", one({ type: "number", minLength: 1 }), `${P}.minLength`],
    ["pattern on a select", one({ type: "string", enum: ["a"], pattern: "a" }), `${P}.pattern`],
    ["non-string title", one({ type: "string", title: 5 }), `${P}.title`],
    ["non-string description", one({ type: "boolean", description: ["d"] }), `${P}.description`],
    ["unknown format", one({ type: "string", format: "hostname" }), `${P}.format`],
    ["format on a number", one({ type: "number", format: "email" }), `${P}.format`],
    ["negative minLength", one({ type: "string", minLength: -1 }), `${P}.minLength`],
    ["fractional maxLength", one({ type: "string", maxLength: 1.5 }), `${P}.maxLength`],
    ["string maxLength", one({ type: "string", maxLength: "5" }), `${P}.maxLength`],
    ["minLength > maxLength", one({ type: "string", minLength: 5, maxLength: 2 }), `${P}.minLength`],
    ["pattern that does not compile", one({ type: "string", pattern: "([a-z]" }), `${P}.pattern`],
    ["pattern invalid in unicode mode", one({ type: "string", pattern: "\\-" }), `${P}.pattern`],
    ["non-finite minimum", one({ type: "number", minimum: Number.POSITIVE_INFINITY }), `${P}.minimum`],
    ["NaN maximum", one({ type: "integer", maximum: Number.NaN }), `${P}.maximum`],
    ["string minimum", one({ type: "number", minimum: "1" }), `${P}.minimum`],
    ["minimum > maximum", one({ type: "number", minimum: 10, maximum: 1 }), `${P}.minimum`],
    ["string default on a string with a number", one({ type: "string", default: 5 }), `${P}.default`],
    ["default too short", one({ type: "string", minLength: 3, default: "ab" }), `${P}.default`],
    ["default too long", one({ type: "string", maxLength: 1, default: "ab" }), `${P}.default`],
    ["number default as string", one({ type: "number", default: "3" }), `${P}.default`],
    ["number default below minimum", one({ type: "number", minimum: 18, default: 3 }), `${P}.default`],
    ["number default above maximum", one({ type: "number", maximum: 1, default: 3 }), `${P}.default`],
    ["fractional integer default", one({ type: "integer", default: 1.5 }), `${P}.default`],
    ["boolean default as string", one({ type: "boolean", default: "true" }), `${P}.default`],
    ["null default", one({ type: "boolean", default: null }), `${P}.default`],
    ["empty enum", one({ type: "string", enum: [] }), `${P}.enum`],
    ["enum not a list", one({ type: "string", enum: "a" }), `${P}.enum`],
    ["non-string enum value", one({ type: "string", enum: ["a", 1] }), `${P}.enum.1`],
    ["empty-string option in a single select", one({ type: "string", enum: ["", "a"] }), `${P}.enum.0`],
    ["duplicate enum value", one({ type: "string", enum: ["a", "b", "a"] }), `${P}.enum.2`],
    ["enumNames too short", one({ type: "string", enum: ["a", "b"], enumNames: ["A"] }), `${P}.enumNames`],
    ["enumNames not strings", one({ type: "string", enum: ["a"], enumNames: [1] }), `${P}.enumNames.0`],
    ["enum and oneOf together", one({ type: "string", enum: ["a"], oneOf: [{ const: "a", title: "A" }] }), `${P}.oneOf`],
    ["enum on a number", one({ type: "number", enum: [1, 2] }), `${P}.enum`],
    ["empty oneOf", one({ type: "string", oneOf: [] }), `${P}.oneOf`],
    ["oneOf option without const", one({ type: "string", oneOf: [{ title: "A" }] }), `${P}.oneOf.0.const`],
    ["oneOf option without title", one({ type: "string", oneOf: [{ const: "a" }] }), `${P}.oneOf.0.title`],
    ["oneOf option that is a schema", one({ type: "string", oneOf: [{ const: "a", title: "A" }, { pattern: "b" }] }), `${P}.oneOf.1.pattern`],
    ["duplicate oneOf value", one({ type: "string", oneOf: [{ const: "a", title: "A" }, { const: "a", title: "B" }] }), `${P}.oneOf.1.const`],
    ["select default not an option", one({ type: "string", enum: ["a"], default: "b" }), `${P}.default`],
    ["titled default not an option", one({ type: "string", oneOf: [{ const: "a", title: "A" }], default: "A" }), `${P}.default`],
    ["array without items", one({ type: "array" }), `${P}.items`],
    ["array of objects", one({ type: "array", items: { type: "object", properties: {} } }), `${P}.items.type`],
    ["array of numbers", one({ type: "array", items: { type: "number", enum: [1] } }), `${P}.items.type`],
    ["tuple items", one({ type: "array", items: [{ type: "string" }] }), `${P}.items`],
    ["free-text array", one({ type: "array", items: { type: "string" } }), `${P}.items`],
    ["items enum without type", one({ type: "array", items: { enum: ["a"] } }), `${P}.items.type`],
    ["items with enum and anyOf", one({ type: "array", items: { type: "string", enum: ["a"], anyOf: [{ const: "a", title: "A" }] } }), `${P}.items.anyOf`],
    ["items with a pattern", one({ type: "array", items: { type: "string", enum: ["a"], pattern: "a" } }), `${P}.items.pattern`],
    ["additionalItems", one({ type: "array", items: { type: "string", enum: ["a"] }, additionalItems: false }), `${P}.additionalItems`],
    ["contains", one({ type: "array", items: { type: "string", enum: ["a"] }, contains: {} }), `${P}.contains`],
    ["empty items enum", one({ type: "array", items: { type: "string", enum: [] } }), `${P}.items.enum`],
    ["duplicate anyOf value", one({ type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "a", title: "A" }] } }), `${P}.items.anyOf.1.const`],
    ["minItems > maxItems", one({ type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 2, maxItems: 1 }), `${P}.minItems`],
    ["minItems > options", one({ type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 3 }), `${P}.minItems`],
    ["negative maxItems", one({ type: "array", items: { type: "string", enum: ["a"] }, maxItems: -1 }), `${P}.maxItems`],
    ["multi default not a list", one({ type: "array", items: { type: "string", enum: ["a"] }, default: "a" }), `${P}.default`],
    ["multi default unknown option", one({ type: "array", items: { type: "string", enum: ["a"] }, default: ["a", "z"] }), `${P}.default.1`],
    ["multi default repeats", one({ type: "array", items: { type: "string", enum: ["a", "b"] }, default: ["a", "a"] }), `${P}.default.1`],
    ["multi default below minItems", one({ type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 2, default: ["a"] }), `${P}.default`],
    ["multi default above maxItems", one({ type: "array", items: { type: "string", enum: ["a", "b"] }, maxItems: 1, default: ["a", "b"] }), `${P}.default`],
  ];

  it.each(cases)("rejects %s", (_name, schema, path) => {
    const error = errorOf(schema);
    expect(error).toBeInstanceOf(ElicitationSchemaError);
    expect(error.code).toBe(-32602);
    expect(error.path).toBe(path);
    expect(error.data).toEqual({ path, reason: error.reason });
    expect(error.message).toBe(`Invalid elicitation request at ${path}: ${error.reason}`);
  });

  it("words the reason for a human", () => {
    expect(errorOf(one({ type: "number", minimum: Number.NaN })).message).toBe(
      "Invalid elicitation request at requestedSchema.properties.x.minimum: must be a finite number",
    );
    expect(errorOf(one({ type: "object", properties: {} })).reason).toMatch(/nested objects are not supported/);
  });

  it("never throws, whatever it is given", () => {
    const cyclic: Record<string, unknown> = { type: "object" };
    cyclic.properties = { x: { type: "string", default: cyclic } };
    const throwing = {
      type: "object",
      get properties(): never {
        throw new Error("boom");
      },
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const input of [undefined, null, 0, "", [], cyclic, throwing, revoked.proxy, Object.create(null), () => 1]) {
      expect(() => parseElicitationSchema(input)).not.toThrow();
      expect(parseElicitationSchema(input).ok).toBe(false);
    }
    expect(errorOf(throwing).path).toBe("requestedSchema");
    expect(errorOf(cyclic).path).toBe(`${P}.default`);
  });
});

describe("parseElicitationSchema: server-chosen keys", () => {
  it("treats __proto__, constructor, dotted and empty keys as ordinary properties", () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string","title":"Proto"},"constructor":{"type":"number"},"a.b":{"type":"boolean"},"":{"type":"string"}},"required":["__proto__","constructor"]}',
    );
    const parsed = parseOk(schema);
    expect(parsed.fields.map((f) => [f.key, f.label, f.required])).toEqual([
      ["__proto__", "Proto", true],
      ["constructor", "Constructor", true],
      ["a.b", "A b", false],
      ["", "", false],
    ]);
    expect(parsed.fields[0]!.path).toBe("requestedSchema.properties.__proto__");
    const properties = parsed.jsonSchema.properties as object;
    expect(Object.keys(properties)).toEqual(["__proto__", "constructor", "a.b", ""]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(parsed.cacheKey).toContain('"__proto__":{"type":"string","title":"Proto"}');
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it("does not read properties through the prototype chain", () => {
    // `properties` is empty of own keys: inherited "toString" must not become a field.
    expect(parseOk({ type: "object", properties: {} }).fields).toEqual([]);
    const inherited = Object.create({ x: { type: "string" } }) as object;
    expect(parseOk({ type: "object", properties: inherited }).fields).toEqual([]);
  });
});

describe("parseElicitationSchema: annotations never refuse a request", () => {
  // What FastMCP sends for `response_type=list[Enum]` (the Enum with a docstring), and its kin.
  const fastMcpTags = {
    type: "object",
    title: "TagsResponse",
    description: "Pick tags",
    $comment: "generated",
    properties: {
      value: {
        type: "array",
        title: "Value",
        items: { type: "string", enum: ["red", "green"], title: "Tag", description: "A colour tag.", examples: ["red"] },
        examples: [["red"]],
        deprecated: false,
      },
      mode: { type: "string", enum: ["a", "b"], title: "Mode", examples: ["a"], $comment: "x", "x-order": 1 },
      titled: {
        type: "array",
        items: { title: "Choice", description: "One of them", anyOf: [{ const: "x", title: "X", examples: ["x"] }] },
      },
      note: { type: "string", contentMediaType: "text/plain", readOnly: false, writeOnly: false, enumNames: ["ignored"] },
    },
    required: ["value"],
  };

  it("accepts annotation keywords on the top level, on properties, on items and on options", () => {
    const result = parseElicitationSchema(fastMcpTags);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.schema.fields.map((field) => [field.key, field.kind])).toEqual([
      ["value", "multi-select"],
      ["mode", "single-select"],
      ["titled", "multi-select"],
      ["note", "text"],
    ]);
    expect(result.schema.fields[0]).toMatchObject({ label: "Value", options: [{ value: "red" }, { value: "green" }] });
  });

  it("validates the answer the way the SDK server does: annotations change nothing", async () => {
    const { AjvJsonSchemaValidator } = await import("@modelcontextprotocol/sdk/validation/ajv");
    const server = new AjvJsonSchemaValidator().getValidator(fastMcpTags as never);
    const { validateElicitationContent } = await import("../../../src/core/validation/validateElicitationContent");
    for (const content of [{ value: ["red"] }, { value: ["blue"] }, { value: ["red"], mode: "c" }, {}]) {
      expect(validateElicitationContent(fastMcpTags, content).valid).toBe(server(content).valid);
    }
  });

  it("still refuses a keyword that changes what is valid where it is not supported", () => {
    expect(parseElicitationSchema({ ...fastMcpTags, required: [], properties: { v: { type: "array", items: { type: "string", enum: ["a"], minLength: 2 } } } })).toMatchObject({
      ok: false,
      error: { path: "requestedSchema.properties.v.items.minLength" },
    });
  });
});

describe("parseElicitationSchema: defaults are annotations", () => {
  it.each([
    [{ type: "string", format: "email", default: "nope" }],
    [{ type: "string", format: "date-time", default: "2025-01-01T12:00" }],
    [{ type: "string", pattern: "^[0-9]+$", default: "abc" }],
  ])("a default that breaks its format or pattern is kept, not refused: %j", (property) => {
    const result = parseElicitationSchema({ type: "object", properties: { x: property } });
    expect(result).toMatchObject({ ok: true, schema: { fields: [{ key: "x", default: property.default }] } });
    // The content it would give is what the server's check refuses, so the form flags it on Submit.
    if (result.ok) expect(validateElicitationContent(result.schema, { x: property.default })).toMatchObject({ valid: false });
  });
});
