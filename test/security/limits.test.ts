// @vitest-environment node
// Size limits, patterns that are never run while parsing, and a source check that nothing renders HTML.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultElicitationLimits } from "../../src/core/request/limits";
import { parseElicitationRequest } from "../../src/core/request/parseElicitationRequest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";

function refusal(result: { ok: boolean; error?: { code: number; path: string; reason: string } }) {
  expect(result.ok).toBe(false);
  expect(result.error!.code).toBe(-32602);
  return [result.error!.path, result.error!.reason];
}

const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, { type: "string" }]));
const schema = (properties: Record<string, unknown>) => ({ type: "object", properties });

describe("limits: documented defaults, configurable, -32602 when crossed", () => {
  it("has the documented defaults", () => {
    expect(defaultElicitationLimits).toEqual({
      maxProperties: 50,
      maxMessageLength: 5_000,
      maxTextLength: 2_000,
      maxOptions: 200,
      maxStringLength: 10_000,
      maxPatternLength: 1_000,
      maxFileSize: 6_000_000,
      maxSchemaDepth: 12,
      maxSchemaNodes: 20_000,
    });
  });

  it("maxProperties", () => {
    expect(parseElicitationSchema(schema(props(50))).ok).toBe(true);
    expect(refusal(parseElicitationSchema(schema(props(51))))).toEqual(["requestedSchema.properties", "has 51 properties; at most 50 are allowed"]);
    expect(parseElicitationSchema(schema(props(51)), { limits: { maxProperties: 60 } }).ok).toBe(true);
    expect(refusal(parseElicitationSchema(schema(props(3)), { limits: { maxProperties: 2 } }))[0]).toBe("requestedSchema.properties");
  });

  it("maxMessageLength", () => {
    const params = (message: string) => ({ message, requestedSchema: schema({}) });
    expect(parseElicitationRequest(params("x".repeat(5_000))).ok).toBe(true);
    expect(refusal(parseElicitationRequest(params("x".repeat(5_001))))).toEqual(["message", "is longer than 5000 characters"]);
    // Code points, not UTF-16 units: 5 000 emoji are 5 000 characters.
    expect(parseElicitationRequest(params("😀".repeat(5_000))).ok).toBe(true);
    expect(parseElicitationRequest(params("x".repeat(6_000)), { limits: { maxMessageLength: 10_000 } }).ok).toBe(true);
  });

  it("maxTextLength applies to keys, titles, descriptions, options and defaults", () => {
    const long = "x".repeat(2_001);
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", title: long } })))).toEqual([
      "requestedSchema.properties.a.title",
      "is longer than 2000 characters",
    ]);
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", description: long } })))[0]).toBe("requestedSchema.properties.a.description");
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", default: long } })))[0]).toBe("requestedSchema.properties.a.default");
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", enum: [long] } })))[0]).toBe("requestedSchema.properties.a.enum.0");
    expect(refusal(parseElicitationSchema(schema({ [long]: { type: "string" } })))[1]).toBe("is longer than 2000 characters in its name");
    expect(parseElicitationSchema(schema({ a: { type: "string", title: long } }), { limits: { maxTextLength: 3_000 } }).ok).toBe(true);
  });

  it("maxOptions", () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
    expect(parseElicitationSchema(schema({ a: { type: "string", enum: values(200) } })).ok).toBe(true);
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", enum: values(201) } })))).toEqual([
      "requestedSchema.properties.a.enum",
      "offers 201 options; at most 200 are allowed",
    ]);
    expect(refusal(parseElicitationSchema(schema({ a: { type: "array", items: { anyOf: values(201).map((v) => ({ const: v, title: v })) } } })))[0]).toBe(
      "requestedSchema.properties.a.items.anyOf",
    );
  });

  it("maxStringLength: refused minLength above it; longer input rejected in plain words by both engines", () => {
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", minLength: 10_001 } })))[0]).toBe("requestedSchema.properties.a.minLength");
    for (const engine of ["ajv", "eval-free"] as const) {
      const result = validateElicitationContent(schema({ a: { type: "string", maxLength: 50_000 } }), { a: "x".repeat(10_001) }, { engine });
      expect(result).toMatchObject({ valid: false, errors: [{ field: "a", code: "maxLength", message: "Use at most 10000 characters" }] });
      expect(validateElicitationContent(schema({ a: { type: "string" } }), { a: "x".repeat(10_000) }, { engine }).valid).toBe(true);
    }
    const parsed = parseElicitationSchema(schema({ a: { type: "string" } }), { limits: { maxStringLength: 5 } });
    expect(parsed.ok && validateElicitationContent(parsed.schema, { a: "123456" })).toMatchObject({ valid: false, errors: [{ code: "maxLength" }] });
  });

  it("more items than options never reach an engine", () => {
    const multi = schema({ a: { type: "array", items: { type: "string", enum: ["x", "y"] } } });
    for (const engine of ["ajv", "eval-free"] as const) {
      const started = performance.now();
      const result = validateElicitationContent(multi, { a: Array.from({ length: 200_000 }, () => "x") }, { engine });
      expect(performance.now() - started).toBeLessThan(500);
      expect(result).toMatchObject({ valid: false, errors: [{ field: "a", code: "maxItems", message: "Choose at most 2" }] });
    }
  });

  it("maxPatternLength", () => {
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", pattern: "a".repeat(1_001) } })))).toEqual([
      "requestedSchema.properties.a.pattern",
      "is longer than 1000 characters",
    ]);
  });

  it("maxSchemaDepth and maxSchemaNodes stop before any costly work", () => {
    let deep: unknown = "end";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const started = performance.now();
    const [path, reason] = refusal(parseElicitationSchema(schema({ a: { type: "string", "x-note": deep } })));
    expect(path).toMatch(/^requestedSchema\.properties\.a\.x-note(\.0)+$/);
    expect(reason).toBe("is nested too deeply: more than 12 levels");
    const wide = schema({ a: { type: "string", examples: Array.from({ length: 1_000_000 }, (_, i) => i) } });
    expect(refusal(parseElicitationSchema(wide))).toEqual(["requestedSchema", "is too large: more than 20000 values"]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("limits belong to the parse they were given to", () => {
  const titled = (title: string) => schema({ a: { type: "string", title } });

  it("a parse under tight limits leaves the next parse its own", () => {
    expect(refusal(parseElicitationSchema(titled("x".repeat(10)), { limits: { maxTextLength: 5 } }))[1]).toBe("is longer than 5 characters");
    const next = parseElicitationSchema(titled("x".repeat(10)));
    expect(next.ok).toBe(true);
    expect(next.ok && next.schema.limits?.maxTextLength).toBe(2_000);
    expect(parseElicitationSchema(titled("x".repeat(10)), { limits: { maxTextLength: 20 } }).ok).toBe(true);
  });

  it("a parse started in the middle of another (from a getter of the schema) neither lends nor borrows limits", () => {
    // The outer schema's first title is read through a getter that parses a second schema under other
    // limits; the outer parse then goes on to a title only its own limits allow, or refuse.
    const interleaved = (innerLimits: { maxTextLength: number }, inner: unknown[]) => ({
      type: "object",
      properties: {
        first: {
          type: "string",
          // Read more than once by the parser (size walk, then the title itself): every read parses.
          get title() {
            inner.push(parseElicitationSchema(titled("y".repeat(10)), { limits: innerLimits }));
            return "First";
          },
        },
        second: { type: "string", title: "z".repeat(10) },
      },
    });

    const innerTight: unknown[] = [];
    const outerLoose = parseElicitationSchema(interleaved({ maxTextLength: 5 }, innerTight), { limits: { maxTextLength: 50 } });
    expect(innerTight.length).toBeGreaterThan(0);
    for (const result of innerTight) expect(refusal(result as Parameters<typeof refusal>[0])[1]).toBe("is longer than 5 characters");
    expect(outerLoose.ok).toBe(true);
    expect(outerLoose.ok && outerLoose.schema.limits?.maxTextLength).toBe(50);

    const innerLoose: unknown[] = [];
    const outerTight = parseElicitationSchema(interleaved({ maxTextLength: 50 }, innerLoose), { limits: { maxTextLength: 8 } });
    expect(innerLoose.length).toBeGreaterThan(0);
    for (const result of innerLoose) expect((result as { schema?: { limits?: { maxTextLength: number } } }).schema?.limits?.maxTextLength).toBe(50);
    expect(refusal(outerTight)).toEqual(["requestedSchema.properties.second.title", "is longer than 8 characters"]);
  });
});

describe("patterns: ECMAScript, and never run by the parser", () => {
  const evil = ["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^(\\w+\\s?)*$", "^\\d*\\d*\\d*\\d*x$", "^(.*a){12}$"];

  it.each(evil)("%s with a long default that would take it forever is accepted at once", (pattern) => {
    const started = performance.now();
    const result = parseElicitationSchema(schema({ a: { type: "string", pattern, default: "a".repeat(1_999) + "!" } }));
    expect(performance.now() - started).toBeLessThan(100);
    expect(result.ok).toBe(true);
  });

  it("only patterns that are not ECMAScript regular expressions are refused, with a clear -32602", () => {
    for (const pattern of ["^(a)\\1$", "^(?=.*\\d).+$", "(?<=a)b", "^\\p{Script=Latin}+$"]) {
      expect(parseElicitationSchema(schema({ a: { type: "string", pattern } })).ok).toBe(true);
    }
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", pattern: "(" } })))).toEqual([
      "requestedSchema.properties.a.pattern",
      "must be a valid regular expression",
    ]);
    // Valid without the u flag, invalid with it: the server (Ajv, unicode mode) would refuse it too.
    expect(refusal(parseElicitationSchema(schema({ a: { type: "string", pattern: "\\a" } })))[1]).toBe("must be a valid regular expression");
  });

  it.each([
    ["^[0-9]{10}$", "0123456789", true],
    ["^\\s+$", "\u00a0\u2003", true],
    ["^\\S+$", "a\u00a0", false],
    ["^[\\S ]+$", "Jane\u00a0Doe", false],
    ["^[\\S]+$", "admin\u3000", false],
    ["^.$", "\u2028", false],
    ["^.$", "😀", true],
    ["^\\p{L}+$", "héllo", true],
    ["^(?<year>\\d{4})-\\d{2}$", "2025-01", true],
    ["^(?=.*[0-9])[a-z0-9]{8,}$", "abcdefg1", true],
    ["^(?=.*[0-9])[a-z0-9]{8,}$", "abcdefgh", false],
    ["^(\\w)\\1$", "aa", true],
    ["[\\b]", "\b", true],
    ["\\uD83D\\uDE00", "😀", true],
    ["[]", "anything", false],
    ["^[^]$", "\n", true],
    ["\\u00e9", "café", true],
    ["abc", "xxabcxx", true],
    ["^a$", "a\n", false],
  ])("%s on %j gives ECMAScript's verdict (%s), with both engines", (pattern, input, expected) => {
    expect(new RegExp(pattern, "u").test(input)).toBe(expected);
    for (const engine of ["ajv", "eval-free"] as const) {
      expect(validateElicitationContent(schema({ a: { type: "string", pattern } }), { a: input }, { engine }).valid).toBe(expected);
    }
  });
});

describe("formats stay fast on long adversarial input", () => {
  it.each([
    ["email", "a".repeat(9_990) + "@@"],
    ["email", "a@" + "a.".repeat(4_990) + "!"],
    ["uri", "http://" + "a".repeat(9_980) + "\u0000"],
    ["uri", "a:" + "/".repeat(9_990) + "%"],
    ["date-time", "2025-01-01T" + "1".repeat(9_980)],
    ["date", "9".repeat(10_000)],
  ])("%s", (format, input) => {
    const s = schema({ a: { type: "string", format } });
    for (const engine of ["ajv", "eval-free"] as const) {
      const started = performance.now();
      validateElicitationContent(s, { a: input }, { engine });
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});

describe("no HTML rendering anywhere in the library", () => {
  const root = join(import.meta.dirname, "../../src");
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f));

  it.each(files)("%s", (file) => {
    const source = readFileSync(join(root, file), "utf8");
    expect(source).not.toMatch(/dangerouslySetInnerHTML|\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|\beval\s*\(/);
    // The one `new Function` is the CSP probe, which runs a constant.
    const probes = source.match(/new Function\(/g) ?? [];
    expect(probes.length).toBe(file.endsWith("engineChoice.ts") ? 1 : 0);
    if (probes.length) expect(source).toContain('new Function("return true")');
    // Links are opened only by the URL-mode consent path, never from server text in form mode.
    expect(source).not.toMatch(/href=\{[^}]*(message|description|label|title)/);
  });
});
