// @vitest-environment node
// Ajv (generated code) and the eval-free engine (@cfworker/json-schema) give the same answers,
// in the same plain words, for every rule. The CSP browser test shows the page picks one itself.
import { describe, expect, it } from "vitest";
import { canCompileCode, resolveValidationEngine, setValidationEngine } from "../../src/core/loading/selectValidationEngine";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import * as seeds from "../fixtures/seedRequests";

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
