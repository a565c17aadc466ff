// @vitest-environment node
// A form mounting asks for its schema's validator ahead of the first Submit: compiled when the
// browser is next idle the first time, and nothing waited for when it is compiled already. The
// defaults of fields with a pattern are checked while idle too, so a Submit of an untouched default
// has its verdict ready.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareContentCheck } from "../../../src/core/loading/loadValidation";
import { createValidationRuntime } from "../../../src/core/validation/validationRuntime";
import { parseElicitationSchema } from "../../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../../src/core/types";
import type { PatternTester } from "../../../src/core/validation/patterns/createPatternTester";
import type { CompileContentValidator } from "../../../src/core/validation/validationEngine";

const schema = (title: string) => ({ type: "object", properties: { name: { type: "string", title } }, required: ["name"] });
function parse(title: string): ParsedElicitationSchema {
  const parsed = parseElicitationSchema(schema(title));
  if (!parsed.ok) throw parsed.error;
  return parsed.schema;
}

describe("prepareContentCheck", () => {
  let idle: (() => void)[];
  let compiled: Record<string, unknown>[];
  const compile: CompileContentValidator = (jsonSchema) => {
    compiled.push(jsonSchema);
    return { validate: () => [], dispose: () => {} };
  };
  const runtime = () => createValidationRuntime({ importEngine: async () => ({ createCompiler: () => compile }), cacheLimit: 2 });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    idle = [];
    compiled = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
  });
  afterEach(() => vi.unstubAllGlobals());

  it("compiles a new schema when the browser is idle, not before", async () => {
    const page = runtime();
    prepareContentCheck(page, parse("Name"));
    await settle();
    expect(compiled).toHaveLength(0);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(compiled).toHaveLength(1);
    expect(page.validators.size).toBe(1);
  });

  it("waits for nothing when the same schema (a new object) is compiled already", async () => {
    const page = runtime();
    prepareContentCheck(page, parse("Name"));
    await settle();
    idle.shift()!();
    prepareContentCheck(page, parse("Name"));
    await settle();
    expect(idle).toHaveLength(0);
    expect(compiled).toHaveLength(1);
  });

  it("counts a repeated schema as just used, so the cache keeps it over older ones", async () => {
    const page = runtime();
    for (const title of ["A", "B"]) {
      prepareContentCheck(page, parse(title));
      await settle();
      idle.shift()!();
    }
    prepareContentCheck(page, parse("A")); // A is now the most recently used
    await settle();
    prepareContentCheck(page, parse("C")); // compiling C evicts the oldest: B
    await settle();
    idle.shift()!();
    expect(compiled).toHaveLength(3);
    prepareContentCheck(page, parse("A"));
    await settle();
    expect(idle).toHaveLength(0);
    prepareContentCheck(page, parse("B"));
    await settle();
    expect(idle).toHaveLength(1);
  });

  it("checks the default of every field with a pattern while idle, and only those, for a repeated request too", async () => {
    const test = vi.fn(async () => true);
    const patterns: PatternTester = { test, start: vi.fn(), placeOf: async () => "form", dispose: vi.fn() };
    const page = createValidationRuntime({ patterns, importEngine: async () => ({ createCompiler: () => compile }) });
    const patterned = () => {
      const parsed = parseElicitationSchema({
        type: "object",
        properties: {
          code: { type: "string", pattern: "^[A-Z]{3}-[0-9]{3}$", default: "ABC-123" },
          empty: { type: "string", pattern: "^[0-9]+$" },
          name: { type: "string", default: "Ada" },
        },
      });
      if (!parsed.ok) throw parsed.error;
      return parsed.schema;
    };
    prepareContentCheck(page, patterned());
    expect(patterns.start).toHaveBeenCalled();
    await settle();
    expect(test).not.toHaveBeenCalled();
    idle.shift()!();
    expect(test.mock.calls).toEqual([["^[A-Z]{3}-[0-9]{3}$", "ABC-123"]]);
    prepareContentCheck(page, patterned());
    await settle();
    idle.shift()!();
    expect(test).toHaveBeenCalledTimes(2);
    expect(compiled).toHaveLength(1);
  });
});
