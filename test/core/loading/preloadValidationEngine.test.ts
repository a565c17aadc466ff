// @vitest-environment node
// A host that names its engine ahead of the first form (setValidationEngine, or preloadValidation's
// `engine`) has chosen: the forms use that engine and never run the eval probe, which on a page
// without `unsafe-eval` files a CSP violation report. Each case gets a fresh module graph, so the
// page's default runtime has probed nothing yet.
import { describe, expect, it, vi } from "vitest";

async function freshPage() {
  vi.resetModules();
  const { preloadValidation } = await import("../../../src/core/loading/preloadValidation");
  const { detectedValidationEngine, setValidationEngine } = await import("../../../src/core/loading/defaultEngineChoice");
  const { loadValuesCheck } = await import("../../../src/core/loading/loadValidation");
  const { parseElicitationSchema } = await import("../../../src/core/request/parseElicitationSchema");
  const parsed = parseElicitationSchema({ type: "object", properties: { email: { type: "string", title: "Email", format: "email" } }, required: ["email"] });
  if (!parsed.ok) throw parsed.error;
  // What a form does on blur or Submit: its one check of the values (field keys are renamed f<index>).
  const checkForm = async () => {
    const result = await loadValuesCheck(undefined, parsed.schema)({ f0: "not-an-email" });
    return result.valid ? [] : result.errors;
  };
  return { preloadValidation, detectedValidationEngine, setValidationEngine, checkForm };
}

describe("an engine the host named is the page's engine: no eval probe", () => {
  it("preloadValidation({ engine: 'eval-free' }): the form checks with it, and nothing probed whether the page may compile code", async () => {
    const page = await freshPage();
    await page.preloadValidation({ engine: "eval-free" });
    expect(await page.checkForm()).not.toEqual([]);
    expect(page.detectedValidationEngine()).toBeUndefined();
  });

  it("setValidationEngine('eval-free') before the first form: the same", async () => {
    const page = await freshPage();
    page.setValidationEngine("eval-free");
    await page.preloadValidation();
    expect(await page.checkForm()).not.toEqual([]);
    expect(page.detectedValidationEngine()).toBeUndefined();
  });

  it("left to 'auto', the first check probes once", async () => {
    const page = await freshPage();
    await page.preloadValidation();
    await page.checkForm();
    expect(page.detectedValidationEngine()).toBe("ajv");
  });
});
