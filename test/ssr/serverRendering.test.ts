// @vitest-environment node
// Server rendering as a Next.js or Remix app does it, on React 19 and on React 18.3: the library is
// bundled for Node with one React or the other (the way a host's server build bundles it), run
// without a DOM, and nothing may be printed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { react18Aliases } from "../react18";

const root = resolve(import.meta.dirname, "../..");
const outDirs: string[] = [];
afterAll(() => outDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function serverBundle(aliases: typeof react18Aliases) {
  const outDir = mkdtempSync(join(tmpdir(), "rme-ssr-"));
  outDirs.push(outDir);
  await build({
    root,
    configFile: false,
    logLevel: "silent",
    mode: "development",
    plugins: [react()],
    resolve: { alias: aliases },
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
    ssr: { noExternal: true, target: "node" },
    build: { ssr: resolve(import.meta.dirname, "serverEntry.tsx"), outDir, minify: false, emptyOutDir: true, rollupOptions: { output: { entryFileNames: "entry.mjs" } } },
  });
  const entry = (await import(pathToFileURL(join(outDir, "entry.mjs")).href)) as typeof import("./serverEntry");
  return entry.renderOnServer();
}

describe.each([
  ["React 19", [] as typeof react18Aliases, /^19\./],
  ["React 18.3", react18Aliases, /^18\.3\./],
])("server rendering on %s", (_name, aliases, version) => {
  it("prints no warning, draws the inline form's fields, and leaves the dialogs to the browser", async () => {
    const result = await serverBundle(aliases);
    expect(result.version).toMatch(version);
    expect(result.printed).toEqual([]);
    expect(result.form).toContain("Project name");
    expect(result.form).toContain('value="2"');
    // A modal dialog is drawn into document.body once the page is live, never into the server's HTML.
    expect(result.dialog).toBe("");
    expect(result.outlet).not.toContain("<dialog");
  }, 60_000);
});
