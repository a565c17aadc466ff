// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const coreDir = join(import.meta.dirname, "../../src/core");

describe("src/core stays pure", () => {
  const files = readdirSync(coreDir, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file));

  it("has source files to check", () => {
    expect(files).toContain("index.ts");
  });

  it.each(files)("%s imports no React and touches no DOM globals", (file) => {
    const source = readFileSync(join(coreDir, file), "utf8");
    expect(source).not.toMatch(/from\s+["'](react|react-dom)(\/[^"']*)?["']/);
    expect(source).not.toMatch(/import\(\s*["'](react|react-dom)/);
    expect(source).not.toMatch(/\b(window|document)\b/);
  });

  it("imports and validates in plain Node, without a DOM", async () => {
    expect(typeof (globalThis as Record<string, unknown>).window).toBe("undefined");
    const core = await import("../../src/core/index");
    const { contactInfo } = await import("../fixtures/seedRequests");
    const parsed = core.parseElicitationRequest(contactInfo);
    expect(parsed.ok).toBe(true);
    expect(core.validateElicitationContent(contactInfo.requestedSchema, { name: "Ada", email: "ada@example.com" })).toEqual({
      valid: true,
      content: { name: "Ada", email: "ada@example.com" },
    });
    expect(core.validateElicitationContent(contactInfo.requestedSchema, { name: "Ada", email: "ada", age: 17 })).toMatchObject({
      valid: false,
      errors: [
        { field: "email", message: "Enter a valid email address" },
        { field: "age", message: "Must be 18 or more" },
      ],
    });
  });
});
