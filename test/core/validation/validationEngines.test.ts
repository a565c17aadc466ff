// @vitest-environment node
// Ajv (generated code) and the eval-free engine (@cfworker/json-schema) give the same answers,
// in the same plain words, for every rule. The CSP browser test shows the page picks one itself.
import { describe, expect, it } from "vitest";
import { canCompileCode, resolveValidationEngine, setValidationEngine } from "../../../src/core/loading/defaultEngineChoice";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import { createAjvCompiler } from "../../../src/core/validation/engines/ajvEngine";
import { compileAjvValidator } from "../../../src/core/validation/engines/compileAjvValidator";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import * as seeds from "../../fixtures/seedRequests";

const one = (property: unknown, required = false) => ({ type: "object", properties: { x: property }, ...(required && { required: ["x"] }) });
const options = { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 };
const titled = { type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }] } };

const cases: [string, unknown, unknown][] = [
  ["valid string", one({ type: "string" }), { x: "hi" }],
  ["required", one({ type: "string" }, true), {}],
  ["type", one({ type: "string" }), { x: 1 }],
  ["integer", one({ type: "integer" }), { x: 1.5 }],
  ["NaN", one({ type: "number" }), { x: NaN }],
  ["Infinity", one({ type: "integer" }), { x: Infinity }],
  ["minLength", one({ type: "string", minLength: 3 }), { x: "😀😀" }],
  ["maxLength", one({ type: "string", maxLength: 2 }), { x: "😀😀😀" }],
  ["maxLength in code points", one({ type: "string", maxLength: 2 }), { x: "😀😀" }],
  ["pattern", one({ type: "string", pattern: "^[0-9]{10}$" }), { x: "12345" }],
  ["pattern and length", one({ type: "string", pattern: "^a+$", minLength: 3 }), { x: "b" }],
  ["email", one({ type: "string", format: "email" }), { x: "nope" }],
  ["uri", one({ type: "string", format: "uri" }), { x: "/relative" }],
  ["date", one({ type: "string", format: "date" }), { x: "2025-02-30" }],
  ["date-time", one({ type: "string", format: "date-time" }), { x: "2025-01-01T10:00:00" }],
  ["valid date-time", one({ type: "string", format: "date-time" }), { x: "2025-01-01T10:00:00+01:00" }],
  ["minimum", one({ type: "number", minimum: 18 }), { x: 17 }],
  ["maximum", one({ type: "integer", maximum: 5 }), { x: 6 }],
  ["enum", one({ type: "string", enum: ["a", "b"] }), { x: "c" }],
  ["enumNames", one({ type: "string", enum: ["a", "b"], enumNames: ["A", "B"] }), { x: "c" }],
  ["oneOf", one({ type: "string", oneOf: [{ const: "a", title: "A" }] }), { x: "b" }],
  ["multi minItems", one(options), { x: [] }],
  ["multi maxItems", one(options), { x: ["a", "b", "c"] }],
  ["multi unique", one(options), { x: ["a", "a"] }],
  ["multi item not offered", one(options), { x: ["z"] }],
  ["multi item wrong type", one(options), { x: [1] }],
  ["titled multi", one(titled), { x: ["a", "z"] }],
  ["multi not a list", one(options), { x: "a" }],
  ["boolean", one({ type: "boolean" }), { x: "true" }],
  ["unknown key", one({ type: "string" }), { x: "a", y: 1 }],
  ["content not an object", one({ type: "string" }), [1]],
  ["content null", one({ type: "string" }), null],
  ["many at once", seeds.contactInfo.requestedSchema, { name: 1, email: "x", age: 3, extra: true }],
  ["hostile keys", JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","minLength":2},"constructor":{"type":"number"}},"required":["constructor"]}'), JSON.parse('{"__proto__":"a"}')],
];

describe("both engines, same cases, same results", () => {
  it.each(cases)("%s", (_name, schema, content) => {
    const ajv = validateElicitationContent(schema, content, { engine: "ajv" });
    const free = validateElicitationContent(schema, content, { engine: "eval-free" });
    expect(free).toEqual(ajv);
  });

  it("every seed example's valid answer is valid for both", () => {
    const answers: [unknown, unknown][] = [
      [seeds.contactInfo.requestedSchema, { name: "Ada", email: "ada@example.com", age: 36 }],
      [seeds.shippingTrackingNumber.requestedSchema, { trackingNumber: "ABC12345678" }],
    ];
    for (const [schema, content] of answers) {
      expect(validateElicitationContent(schema, content, { engine: "eval-free" })).toEqual(validateElicitationContent(schema, content, { engine: "ajv" }));
      expect(validateElicitationContent(schema, content, { engine: "eval-free" }).valid).toBe(true);
    }
  });
});

describe("engine choice", () => {
  it("auto picks Ajv where code may be compiled (Node), and can be forced", () => {
    expect(canCompileCode()).toBe(true);
    expect(resolveValidationEngine()).toBe("ajv");
    setValidationEngine("eval-free");
    try {
      expect(resolveValidationEngine()).toBe("eval-free");
      expect(resolveValidationEngine("ajv")).toBe("ajv");
    } finally {
      setValidationEngine("auto");
    }
  });
});

describe("the forms' Ajv engine knows the keywords of a clean schema; the public compiler every keyword", () => {
  // Every keyword the parser can write into a clean schema, each field with all it may carry.
  const everyKind = {
    type: "object",
    properties: {
      text: { type: "string", title: "Text", description: "d", minLength: 1, maxLength: 30, pattern: "^[a-z]+$", default: "abc" },
      email: { type: "string", format: "email" },
      when: { type: "string", format: "date-time", default: "2025-01-01T10:00:00Z" },
      count: { type: "integer", minimum: 0, maximum: 5, default: 1 },
      ratio: { type: "number", minimum: 0.5 },
      agree: { type: "boolean", default: false },
      plain: { type: "string", enum: ["a", "b"], default: "a" },
      titled: { type: "string", oneOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }] },
      many: { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2, uniqueItems: true, default: ["a"] },
      manyTitled: { type: "array", items: { anyOf: [{ const: "a", title: "A" }, { const: "b", title: "B" }] } },
    },
    required: ["text", "count"],
  };

  it("compiles every clean schema the parser writes, with the full compiler's verdicts", () => {
    const parsed = parseElicitationSchema(everyKind);
    if (!parsed.ok) throw parsed.error;
    const forms = createAjvCompiler()(parsed.schema.jsonSchema);
    const full = compileAjvValidator(parsed.schema.jsonSchema);
    const contents = [
      { text: "abc", count: 1 },
      { text: "ABC", count: 9, email: "x", when: "2025-01-01T10:00:00", ratio: 0.1, agree: "no", plain: "z", titled: "z", many: ["a", "a", "z"], manyTitled: ["z"] },
      { count: 1.5, extra: true },
      { text: "", many: [], manyTitled: "a" },
    ];
    for (const content of contents) expect(forms.validate(content)).toEqual(full.validate(content));
    expect(forms.validate(contents[1]).length).toBeGreaterThan(8);
  });

  it("the public compileAjvValidator still reads keywords no clean schema holds; the forms' engine refuses them at compile", () => {
    const schema = {
      type: "object",
      properties: { n: { type: "integer", multipleOf: 2, not: { const: 4 } }, s: { $ref: "#/$defs/short" } },
      allOf: [{ if: { properties: { n: { type: "integer", minimum: 5 } }, required: ["n"] }, then: { properties: { s: { type: "string", minLength: 1 } }, required: ["s"] } }],
      $defs: { short: { type: "string", maxLength: 2 } },
    };
    const check = compileAjvValidator(schema);
    expect(check.validate({ n: 6, s: "ab" })).toEqual([]);
    expect(check.validate({ n: 7 }).map((error) => error.keyword).sort()).toEqual(["if", "multipleOf", "required"]);
    expect(check.validate({ n: 4, s: "abc" }).map((error) => error.keyword).sort()).toEqual(["maxLength", "not"]);
    expect(() => createAjvCompiler()(schema)).toThrow(/strict mode: unknown keyword/);
  });
});
