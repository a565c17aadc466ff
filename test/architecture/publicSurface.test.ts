// @vitest-environment node
// The root entry exports what a host uses; compilers, engine internals and converters live in
// "/core" or stay private. The full surface is in api/react-mcp-elicitation.api.md (CI compares it).
import { describe, expect, it } from "vitest";

describe("the public surface", () => {
  // 26: the relay's browser side (connectElicitationRelay) and the refusal a host's deliver throws
  // (ElicitationAnswerRefused) joined; what hosts only read stays type-only.
  it("the root entry exports at most 26 runtime names", async () => {
    const root = await import("../../src/index");
    expect(Object.keys(root).length).toBeLessThanOrEqual(26);
  });

  it("what a host uses is at the root; internals are in /core only", async () => {
    const root = await import("../../src/index");
    const core = await import("../../src/core/index");
    for (const name of ["ElicitationDialog", "ElicitationForm", "useElicitationForm", "createElicitationQueue", "ElicitationOutlet", "parseElicitationSchema", "validateElicitationContent", "preloadValidation", "setValidationEngine", "defaultMessages", "ElicitationSchemaError"]) {
      expect(root).toHaveProperty(name);
    }
    for (const name of ["compileAjvValidator", "compileEvalFreeValidator", "compileContentValidator", "buildContent", "initialFormValues", "localInputToRfc3339", "resolveElicitationLimits", "loadContentValidator"]) {
      expect(root).not.toHaveProperty(name);
      expect(core).toHaveProperty(name);
    }
  });

  it("/core stays free of React: every name it exports is usable without it", async () => {
    const core = await import("../../src/core/index");
    expect(Object.keys(core)).not.toContain("ElicitationDialog");
    expect(core.parseElicitationSchema({ type: "object", properties: {} })).toMatchObject({ ok: true });
  });
});
