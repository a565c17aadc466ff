// @vitest-environment node
import Ajv2020 from "ajv/dist/2020.js";
import { expect, it, vi } from "vitest";

it("creates the validation engine on first use, not at import", async () => {
  vi.resetModules();
  const addFormat = vi.spyOn(Object.getPrototypeOf(Ajv2020.prototype) as typeof Ajv2020.prototype, "addFormat") // Ajv's core class;
  const core = await import("../../../src/core/index");
  core.parseElicitationSchema({ type: "object", properties: { a: { type: "string", format: "email" } } });
  expect(addFormat).not.toHaveBeenCalled();
  const result = core.validateElicitationContent({ type: "object", properties: { a: { type: "string", format: "email" } } }, { a: "x" });
  expect(result.valid).toBe(false);
  expect(addFormat).toHaveBeenCalled();
});
