// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const coreDir = join(import.meta.dirname, "../../src/core");

/**
 * Globals a browser has and Node (servers, SSR) does not. Core may use one only where a `typeof`
 * check in the same file lets it step aside without it (`typeof Worker === "function"`).
 */
const BROWSER_GLOBALS = [
  "window", "document", "navigator", "location", "self", "Worker", "SharedWorker", "Blob", "FileReader",
  "requestIdleCallback", "cancelIdleCallback", "requestAnimationFrame", "cancelAnimationFrame", "localStorage",
  "sessionStorage", "indexedDB", "matchMedia", "getComputedStyle", "customElements", "HTMLElement", "Element",
  "createObjectURL", "revokeObjectURL",
];

/** The source without comments and string contents, so words in prose and in quoted code do not count. */
function codeOnly(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/(^|[^:\\])\/\/.*$/gm, "$1")
    .replace(/`(?:\\[\s\S]|[^`\\])*`/g, "``")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''");
}

/** The browser globals `source` uses without a `typeof` check of the same name anywhere in it. */
export function unguardedBrowserGlobals(source: string): string[] {
  const code = codeOnly(source);
  return BROWSER_GLOBALS.filter((name) => {
    // `URL.createObjectURL` is a property of a global Node also has; every other name stands alone.
    const use = name.endsWith("ObjectURL") ? new RegExp(`\\bURL\\??\\.${name}\\b`) : new RegExp(`(?<![.\\w$])${name}\\b(?!\\s*:)`);
    if (!use.test(code)) return false;
    // Blob URLs come and go together: a check for creating one covers revoking it.
    const guard = name.endsWith("ObjectURL")
      ? /typeof\s+(?:globalThis\.)?URL\??\.(?:create|revoke)ObjectURL\b/
      : new RegExp(`typeof\\s+(?:globalThis\\.)?${name}\\b`);
    // A parameter or variable of that name is the file's own, not the global.
    const local = new RegExp(`(?:\\b(?:const|let|var|function)\\s+${name}\\b|[(,]\\s*${name}\\s*[:,)=?])`);
    return !guard.test(code) && !local.test(code);
  });
}

describe("src/core stays pure", () => {
  const files = readdirSync(coreDir, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file));

  it("has source files to check", () => {
    expect(files).toContain("index.ts");
  });

  it("the browser-global check finds unguarded uses and accepts guarded ones", () => {
    expect(unguardedBrowserGlobals("const w = new Worker(url);")).toEqual(["Worker"]);
    expect(unguardedBrowserGlobals("requestIdleCallback(task);")).toEqual(["requestIdleCallback"]);
    expect(unguardedBrowserGlobals("const u = URL.createObjectURL(new Blob([s]));")).toEqual(["Blob", "createObjectURL"]);
    expect(unguardedBrowserGlobals("if (typeof window !== 'undefined') window.open(x);")).toEqual([]);
    expect(unguardedBrowserGlobals("if (typeof requestIdleCallback === 'function') requestIdleCallback(task);")).toEqual([]);
    expect(unguardedBrowserGlobals("function at(location: string) { return location.length; }")).toEqual([]);
    expect(unguardedBrowserGlobals("// runs in a Worker\nconst s = \"document\"; const o = { self: 1 }; x.document;")).toEqual([]);
  });

  it.each(files)("%s imports no React and uses no browser global without a typeof check", (file) => {
    const source = readFileSync(join(coreDir, file), "utf8");
    expect(source).not.toMatch(/from\s+["'](react|react-dom)(\/[^"']*)?["']/);
    expect(source).not.toMatch(/import\(\s*["'](react|react-dom)/);
    expect(unguardedBrowserGlobals(source)).toEqual([]);
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
