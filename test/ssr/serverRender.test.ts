// @vitest-environment node
// A server page containing the dialog renders with react-dom/server on React 19 and React 18.3,
// and React prints nothing while doing it (no useLayoutEffect or hydration-prone warnings).
// Runs the built package in a Node process of its own, as a framework's server would import it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
let outDir: string;

beforeAll(async () => {
  // Inside the repository, so the build's imports of react, ajv… resolve from node_modules.
  outDir = mkdtempSync(join(root, "node_modules/.ssr-build-"));
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function renderPage(hooks: string[]) {
  const output = execFileSync(process.execPath, [...hooks, join(import.meta.dirname, "renderPage.mjs"), join(outDir, "index.js")], {
    encoding: "utf8",
  });
  return JSON.parse(output) as { react: string; said: string[]; html: string; streamed: string };
}

describe.each([
  { react: "19", hooks: [] },
  { react: "18.3", hooks: ["--import", join(import.meta.dirname, "reactVersionHooks.mjs")] },
])("react-dom/server on React $react", ({ react, hooks }) => {
  it("renders the dialog into the page with no warning", () => {
    const result = renderPage(hooks);
    expect(result.react.startsWith(`${react}.`)).toBe(true);
    expect(result.said).toEqual([]);
    for (const html of [result.html, result.streamed]) {
      expect(html).toContain("<main><h1>Chat</h1><dialog");
      expect(html).toContain("Which region should the database live in?");
      expect(html).toMatch(/<strong[^>]*>Cloud tools<\/strong> is asking for information/);
      expect(html).toMatch(/<input[^>]*type="number"[^>]*value="2"/);
      expect(html).toMatch(/>Submit<\/button>/);
    }
  });
});
