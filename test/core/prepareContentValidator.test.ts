// @vitest-environment node
// What a form prepares as it mounts (prepareContentValidator): the validator, compiled while idle,
// and the verdicts on the defaults of fields with a pattern, so a Submit of an untouched default
// has its answer ready.
import { describe, expect, it, vi } from "vitest";
import { prepareContentValidator } from "../../src/core/loading/loadValidation";
import { createValidationRuntime } from "../../src/core/loading/validationRuntime";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { PatternTester } from "../../src/core/validation/patterns/createPatternTester";

function parse(schema: unknown) {
  const parsed = parseElicitationSchema(schema);
  if (!parsed.ok) throw parsed.error;
  return parsed.schema;
}

describe("prepareContentValidator", () => {
  it("checks the default of every field with a pattern while idle, and only those", async () => {
    const test = vi.fn(async () => true);
    const patterns: PatternTester = { test, start: vi.fn(), placeOf: async () => "form", dispose: vi.fn() };
    const runtime = createValidationRuntime({ patterns });
    const parsed = parse({
      type: "object",
      properties: {
        code: { type: "string", pattern: "^[A-Z]{3}-[0-9]{3}$", default: "ABC-123" },
        empty: { type: "string", pattern: "^[0-9]+$" },
        name: { type: "string", default: "Ada" },
      },
    });
    prepareContentValidator(parsed, runtime);
    expect(patterns.start).toHaveBeenCalled();
    await vi.waitFor(() => expect(test).toHaveBeenCalled());
    expect(test.mock.calls).toEqual([["^[A-Z]{3}-[0-9]{3}$", "ABC-123"]]);
  });
});
