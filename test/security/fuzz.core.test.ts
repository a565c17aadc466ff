// @vitest-environment node
// Property-based tests: whatever a server sends, the core answers with descriptors or a -32602
// error, never an exception; whatever content arrives, validation answers; and what the form
// builds for a valid schema is accepted by the MCP SDK's own server-side validators.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ElicitationSchemaError } from "../../src/core/request/ElicitationSchemaError";
import { validateFormValues } from "../../src/core/validation/validateFormValues";
import { parseElicitationRequest } from "../../src/core/request/parseElicitationRequest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../src/core/types";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import { candidateSchema, formValuesFor, propertyKey, validPropertySchema } from "./arbitraries";

const RUNS = { numRuns: 150 };
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

function expectRefusal(error: unknown) {
  expect(error).toBeInstanceOf(ElicitationSchemaError);
  const e = error as ElicitationSchemaError;
  expect(e.code).toBe(-32602);
  expect(typeof e.path).toBe("string");
  expect(e.message).toContain(e.path);
}

/** Almost-valid schemas: supported shapes with random values spliced in anywhere. */
const mutatedSchema = fc
  .tuple(candidateSchema, fc.array(fc.tuple(fc.array(fc.oneof(propertyKey, fc.constantFrom("properties", "items", "enum", "type", "default", "oneOf", "anyOf", "required")), { maxLength: 4 }), fc.jsonValue()), { maxLength: 3 }))
  .map(([schema, mutations]) => {
    const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    for (const [path, value] of mutations) {
      let node: unknown = copy;
      for (const key of path.slice(0, -1)) {
        if (typeof node !== "object" || node === null) break;
        node = Object.getOwnPropertyDescriptor(node, key)?.value;
      }
      const last = path.at(-1);
      if (last !== undefined && typeof node === "object" && node !== null) {
        Object.defineProperty(node, last, { value, enumerable: true, configurable: true, writable: true });
      }
    }
    return copy;
  });

describe("fuzz: parsing never throws", () => {
  it("arbitrary JSON as params → a request or a -32602 error", () => {
    const params = fc.oneof(
      fc.jsonValue(),
      fc.record({ message: fc.jsonValue(), mode: fc.oneof(fc.constantFrom("form", "url", undefined), fc.jsonValue()), requestedSchema: fc.jsonValue(), url: fc.jsonValue() }),
      fc.record({ message: fc.string(), requestedSchema: mutatedSchema }),
    );
    fc.assert(
      fc.property(params, (p) => {
        const result = parseElicitationRequest(p);
        if (!result.ok) expectRefusal(result.error);
      }),
      RUNS,
    );
  });

  it("arbitrary JSON and mutated schemas as requestedSchema → descriptors or a -32602 error", () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), mutatedSchema, candidateSchema), (schema) => {
        const result = parseElicitationSchema(schema);
        if (result.ok) {
          const declared = Object.keys((schema as { properties: object }).properties);
          expect(result.schema.fields.map((field) => field.key)).toEqual(declared);
        } else expectRefusal(result.error);
      }),
      RUNS,
    );
  });

  it("arbitrary JSON content → a result, never an exception, with either engine", () => {
    fc.assert(
      fc.property(candidateSchema, fc.oneof(fc.jsonValue(), fc.dictionary(propertyKey, fc.jsonValue())), (schema, content) => {
        for (const engine of ["ajv", "eval-free"] as const) {
          const result = validateElicitationContent(schema, content, { engine });
          if (result.valid) {
            expect(Object.getPrototypeOf(result.content)).toBe(Object.prototype);
            for (const key of Object.keys(result.content)) expect(Object.keys((schema as { properties: object }).properties)).toContain(key);
          } else expect(result.errors.length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  it("both engines reach the same verdict and the same plain-words errors on random content", () => {
    fc.assert(
      fc.property(candidateSchema, fc.dictionary(propertyKey, fc.oneof(fc.jsonValue(), fc.string(), fc.array(fc.string({ maxLength: 3 })), fc.double())), (schema, content) => {
        const ajv = validateElicitationContent(schema, content, { engine: "ajv" });
        const free = validateElicitationContent(schema, content, { engine: "eval-free" });
        expect(free).toEqual(ajv);
      }),
      RUNS,
    );
  });
});

describe("fuzz: what the form sends passes the MCP SDK's server-side validation", () => {
  const sdkAjv = new AjvJsonSchemaValidator();
  const sdkCfWorker = new CfWorkerJsonSchemaValidator();

  const parsedWithValues = candidateSchema
    .map((raw) => ({ raw, parsed: parseElicitationSchema(raw) }))
    .filter((x): x is { raw: typeof x.raw; parsed: { ok: true; schema: ParsedElicitationSchema } } => x.parsed.ok)
    .chain(({ raw, parsed }) => formValuesFor(parsed.schema.fields).map((values) => ({ raw, schema: parsed.schema, values })));

  it("content the form accepts is accepted by AjvJsonSchemaValidator and CfWorkerJsonSchemaValidator", () => {
    let accepted = 0;
    let total = 0;
    fc.assert(
      fc.property(parsedWithValues, ({ raw, schema, values }) => {
        total++;
        for (const engine of ["ajv", "eval-free"] as const) {
          const form = validateFormValues(schema, values, undefined);
          // The form's resolver validates with the page's engine; check both agree on the verdict.
          const direct = validateElicitationContent(schema, form.content, { engine });
          if (Object.keys(form.errors).length > 0) continue;
          expect(direct.valid).toBe(true);
        }
        const { content, errors } = validateFormValues(schema, values);
        if (Object.keys(errors).length > 0) return;
        accepted++;
        // Only declared keys, own, typed.
        for (const key of Object.keys(content)) expect(Object.prototype.hasOwnProperty.call(raw.properties, key)).toBe(true);
        const wire = JSON.parse(JSON.stringify(content)) as Record<string, unknown>;
        expect(Object.keys(wire).sort()).toEqual(Object.keys(content).sort());
        // SDK 1.32's Ajv reads inherited properties (see the test below): an omitted optional
        // "constructor" is seen as the Object function. Those runs are checked with cfworker only.
        const readsInherited = Object.keys(raw.properties).some((key) => INHERITED.has(key) && !Object.hasOwn(wire, key));
        for (const sdk of readsInherited ? [sdkCfWorker] : [sdkAjv, sdkCfWorker]) {
          const verdict = sdk.getValidator(JSON.parse(JSON.stringify(raw)))(wire);
          expect(verdict.errorMessage ?? "").toBe("");
          expect(verdict.valid).toBe(true);
        }
      }),
      { numRuns: 250 },
    );
    // The property must not hold vacuously: a good share of runs reach the SDK.
    expect(accepted).toBeGreaterThan(total / 5);
  });

  it("pins an SDK limitation: its Ajv validator sees an omitted optional `constructor` as the Object function", () => {
    const raw = { type: "object", properties: { constructor: { type: "string" }, toString: { type: "string" } } };
    // Our validation: omitted optional fields are fine, as the protocol says.
    expect(validateElicitationContent(raw, {})).toEqual({ valid: true, content: {} });
    // The SDK's default server-side validator disagrees (it reads Object.prototype); cfworker agrees with us.
    expect(sdkAjv.getValidator(raw)({}).valid).toBe(false);
    expect(sdkCfWorker.getValidator(raw)({}).valid).toBe(true);
    // Filled in, every validator accepts them as own keys.
    const content = JSON.parse('{"constructor":"a","toString":"b"}');
    expect(sdkAjv.getValidator(raw)(content).valid).toBe(true);
    expect(validateElicitationContent(raw, content)).toEqual({ valid: true, content });
  });

  it("a valid property always yields at least one accepted answer the SDK also accepts (defaults or empty)", () => {
    fc.assert(
      fc.property(validPropertySchema, (property) => {
        const raw = { type: "object", properties: { x: property } };
        const parsed = parseElicitationSchema(raw);
        fc.pre(parsed.ok);
        if (!parsed.ok) return;
        const result = validateElicitationContent(parsed.schema, {});
        expect(result.valid).toBe(true);
        expect(sdkAjv.getValidator(raw)({}).valid).toBe(true);
      }),
      RUNS,
    );
  });
});
