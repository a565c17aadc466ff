// @vitest-environment node
// Differential test: for generated (pattern, input) pairs the client's verdict is the server's.
// The server is the MCP SDK's own validator (AjvJsonSchemaValidator, Ajv in unicode mode, and
// CfWorkerJsonSchemaValidator, which must agree with it); the
// client is validateElicitationContent with both engines and the forms' path (loadContentValidator,
// patterns off the main thread). A pattern the server cannot compile is one the client refuses.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadContentValidator } from "../../../../src/core/loading/loadValidation";
import { parseElicitationSchema } from "../../../../src/core/request/parseElicitationSchema";
import { validateElicitationContent } from "../../../../src/core/validation/validateElicitationContent";
import { createPatternTester } from "../../../../src/core/validation/patterns/createPatternTester";

const CHARS = ["a", "b", "A", "1", " ", "\u00a0", "\u3000", "é", "😀", "-", "\n", "_", "\b"];

const atom = fc.constantFrom(
  "a", "b", "1", " ", "é", "😀", "-", ".", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\p{L}", "\\P{L}",
  "\\p{Script=Latin}", "\\p{ASCII}", "\\uD83D\\uDE00", "\\u00e9", "\\x41", "\\u{1F600}", "\\-",
  "[\\S ]", "[\\S]", "[^\\s]", "[a-z]", "[^a-z]", "[\\b]", "[\\d\\s]", "[\\w-]", "[]", "[^]",
);
const quantifier = fc.constantFrom("", "", "", "?", "*", "+", "{2}", "{0,2}", "{1,}", "*?", "+?");

const pattern: fc.Arbitrary<string> = fc.letrec<{ term: string; sequence: string; pattern: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.tuple(atom, quantifier).map(([a, q]) => a + q), weight: 6 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom("(", "(?:", "(?=", "(?!", "(?<=", "(?<!", "(?<n>"), tie("sequence"), quantifier)
        .map(([open, inner, q]) => `${open}${inner})${/^\(\?<?[=!]/.test(open) ? "" : q}`),
      weight: 3,
    },
    // Backreferences (valid only after their group), word boundaries.
    { arbitrary: fc.constantFrom("\\1", "\\k<n>", "\\b", "\\B"), weight: 1 },
  ),
  sequence: fc.array(tie("term"), { minLength: 1, maxLength: 3 }).map((terms) => terms.join("")),
  pattern: fc
    .tuple(fc.boolean(), fc.array(tie("sequence"), { minLength: 1, maxLength: 2 }), fc.boolean())
    .map(([start, alternatives, end]) => `${start ? "^" : ""}${alternatives.join("|")}${end ? "$" : ""}`),
})).pattern;

const input = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((chars) => chars.join(""));

const schemaOf = (p: string) => ({ type: "object" as const, properties: { v: { type: "string" as const, pattern: p } } });
const server = new AjvJsonSchemaValidator();
const cfWorker = new CfWorkerJsonSchemaValidator();

describe("pattern verdicts: the client's equal the SDK server's", () => {
  it("over thousands of generated (pattern, input) pairs", async () => {
    const tally = { patterns: 0, refusedByBoth: 0, pairs: 0, matched: 0 };
    await fc.assert(
      fc.asyncProperty(pattern, fc.array(input, { minLength: 8, maxLength: 8 }), async (p, inputs) => {
        tally.patterns++;
        const schema = schemaOf(p);
        let serverCheck: ((content: unknown) => { valid: boolean }) | undefined;
        try {
          serverCheck = server.getValidator(schema as never);
        } catch {
          serverCheck = undefined;
        }
        const parsed = parseElicitationSchema(schema);
        // The server can compile it exactly when the client accepts it.
        expect(parsed.ok).toBe(serverCheck !== undefined);
        if (!parsed.ok || serverCheck === undefined) {
          tally.refusedByBoth++;
          return;
        }
        const forms = await loadContentValidator(parsed.schema, { engine: "ajv" });
        const otherServer = cfWorker.getValidator(schema as never);
        for (const value of ["", ...inputs]) {
          const expected = serverCheck({ v: value }).valid;
          tally.pairs++;
          if (expected) tally.matched++;
          expect(otherServer({ v: value }).valid).toBe(expected);
          expect(validateElicitationContent(parsed.schema, { v: value }, { engine: "ajv" }).valid).toBe(expected);
          expect(validateElicitationContent(parsed.schema, { v: value }, { engine: "eval-free" }).valid).toBe(expected);
          expect((await forms({ v: value })).valid).toBe(expected);
        }
      }),
      { numRuns: 1_500, seed: 20_251_122 },
    );
    // A test of agreement must meet both verdicts, and patterns both sides refuse.
    expect(tally.pairs).toBeGreaterThan(4_000);
    expect(tally.matched).toBeGreaterThan(tally.pairs / 20);
    expect(tally.pairs - tally.matched).toBeGreaterThan(tally.pairs / 20);
    expect(tally.refusedByBoth).toBeGreaterThan(10);
    console.info(`pattern differential: ${tally.patterns} patterns (${tally.refusedByBoth} refused by both), ${tally.pairs} pairs, ${tally.matched} matching`);
  }, 120_000);
});

// The linear-time path: what a page with no worker (or a pattern past its deadline) gets. Atoms
// chosen where ECMAScript and RE2 read the same text differently (\s, ".", "$", \b, classes with
// negated escapes, escapes of astral characters), and inputs with the characters that tell them apart.
const RE2_CHARS = [...CHARS, "\r", "\u2028", "\u000b", "\ufeff", "\u0085", "\u1680", "z", "Z", "0", "9", "{", "$", "\t", "𝒜"];
const re2Atom = fc.constantFrom(
  "a", "b", "z", "Z", "0", "1", " ", "é", "😀", "𝒜", ".", "\\.", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\t", "\\n", "\\r", "\\v", "\\f",
  "\\0", "\\cJ", "\\x41", "\\u00e9", "\\uD83D\\uDE00", "\\u{1F600}", "\\u{1D49C}", "\\u2028", "\\{", "\\$", "\\/", "-", "\\p{L}",
  "[\\S ]", "[^\\s]", "[a-z]", "[^a-z]", "[\\b]", "[\\d\\s]", "[\\w-]", "[\\W\\d]", "[^\\W]", "[]", "[^]", "[\\u{1F600}-\\u{1F64F}]", "[.$^]",
  "[\\-a]", "[\\u0000-\\u001f]", "[^\\n\\r]",
);
const re2Pattern: fc.Arbitrary<string> = fc.letrec<{ term: string; sequence: string; pattern: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: fc.tuple(re2Atom, quantifier).map(([a, q]) => a + q), weight: 6 },
    {
      arbitrary: fc.tuple(fc.constantFrom("(", "(?:", "(?<n>", "(?="), tie("sequence"), quantifier).map(([open, inner, q]) => `${open}${inner})${open === "(?=" ? "" : q}`),
      weight: 3,
    },
    { arbitrary: fc.constantFrom("\\b", "\\B", "^", "$"), weight: 1 },
  ),
  sequence: fc.array(tie("term"), { minLength: 1, maxLength: 3 }).map((terms) => terms.join("")),
  pattern: fc
    .tuple(fc.boolean(), fc.array(tie("sequence"), { minLength: 1, maxLength: 2 }), fc.boolean())
    .map(([start, alternatives, end]) => `${start ? "^" : ""}${alternatives.join("|")}${end ? "$" : ""}`),
})).pattern;
const re2Input = fc.array(fc.constantFrom(...RE2_CHARS), { maxLength: 8 }).map((chars) => chars.join(""));

describe("pattern verdicts on the linear-time path (RE2): the SDK server's, or none", () => {
  it("over at least 1,000 generated patterns both engines accept", async () => {
    // A page where no worker can start: every pattern goes to RE2 or to the server.
    const tester = createPatternTester({ workers: [] });
    const tally = { patterns: 0, byRe2: 0, leftToServer: 0, pairs: 0, matched: 0 };
    await fc.assert(
      fc.asyncProperty(re2Pattern, fc.array(re2Input, { minLength: 8, maxLength: 8 }), async (p, inputs) => {
        const schema = schemaOf(p);
        let serverCheck: ((content: unknown) => { valid: boolean }) | undefined;
        try {
          serverCheck = server.getValidator(schema as never);
        } catch {
          return;
        }
        tally.patterns++;
        const otherServer = cfWorker.getValidator(schema as never);
        if ((await tester.placeOf(p)) === "server") {
          tally.leftToServer++;
          expect(await tester.test(p, "a")).toBeUndefined();
          return;
        }
        tally.byRe2++;
        for (const value of ["", ...inputs]) {
          const expected = serverCheck({ v: value }).valid;
          tally.pairs++;
          if (expected) tally.matched++;
          expect(otherServer({ v: value }).valid).toBe(expected);
          expect(await tester.test(p, value)).toBe(expected);
        }
      }),
      { numRuns: 2_000, seed: 20_261_124 },
    );
    expect(tally.byRe2).toBeGreaterThanOrEqual(1_000);
    // Lookahead and \p{…} have no exact RE2 reading: those patterns must have met the other branch.
    expect(tally.leftToServer).toBeGreaterThan(20);
    expect(tally.matched).toBeGreaterThan(tally.pairs / 20);
    expect(tally.pairs - tally.matched).toBeGreaterThan(tally.pairs / 20);
    console.info(
      `RE2 differential: ${tally.byRe2} patterns checked by RE2 (${tally.leftToServer} more left to the server), ${tally.pairs} pairs, ${tally.matched} matching, 0 disagreements`,
    );
  }, 180_000);
});
