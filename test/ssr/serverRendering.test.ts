// @vitest-environment node
// Server rendering as a Next.js or Remix app does it, on React 19 and on React 18.3, and nothing may
// be printed. Two ways a host's server meets the library: bundled from source with one React or the
// other (as a server build bundles it), and the built package imported by a plain Node process (as
// a server that leaves node_modules unbundled imports it), rendered to a string and to a stream.
// Inline forms are drawn on the server; a modal dialog only in the browser, into document.body.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
])("server rendering on %s, bundled from source", (_name, aliases, version) => {
  it("prints no warning, draws the inline form's fields, and leaves the dialogs to the browser", async () => {
    const result = await serverBundle(aliases);
    expect(result.version).toMatch(version);
    expect(result.printed).toEqual([]);
    expect(result.form).toContain("Project name");
    expect(result.form).toContain('value="2"');
    // A modal dialog is drawn into document.body once the page is live, never into the server's HTML.
    expect(result.dialog).toBe("");
    expect(result.outlet).not.toContain("<dialog");
    // The inline card too: a queue lives in the browser, and the card appears once the page is live.
    expect(result.inlineOutlet).not.toContain("rme-dialog");
  }, 60_000);
});

describe("server rendering of the built package in a Node process", () => {
  let outDir: string;
  beforeAll(async () => {
    // Inside the repository, so the build's imports of react, ajv… resolve from node_modules.
    outDir = mkdtempSync(join(root, "node_modules/.ssr-build-"));
    outDirs.push(outDir);
    await build({ configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  }, 60_000);

  function renderPage(hooks: string[]) {
    const output = execFileSync(process.execPath, [...hooks, join(import.meta.dirname, "renderPage.mjs"), join(outDir, "index.js")], {
      encoding: "utf8",
    });
    return JSON.parse(output) as { react: string; said: string[]; html: string; streamed: string };
  }

  it.each([
    { react: "19", hooks: [] },
    { react: "18.3", hooks: ["--import", join(import.meta.dirname, "reactVersionHooks.mjs")] },
  ])("on React $react: the page and its inline form render with no warning, and no dialog markup", ({ react, hooks }) => {
    const result = renderPage(hooks);
    expect(result.react.startsWith(`${react}.`)).toBe(true);
    expect(result.said).toEqual([]);
    for (const html of [result.html, result.streamed]) {
      expect(html).toContain("<main><h1>Chat</h1><form");
      expect(html).toMatch(/>Region<.*<input type="radio"[^>]*value="eu-west"/);
      expect(html).toMatch(/>Replicas<\/label><p [^>]*data-hint="bounds">A whole number, 1 or more<\/p><input[^>]*type="number"[^>]*value="2"/);
      expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
      expect(html).toMatch(/>Submit<\/button><\/div><\/form><\/main>/);
      // Neither the dialog nor the outlet's head of the queue reaches the server's HTML.
      expect(html).not.toContain("<dialog");
      expect(html).not.toContain("Which region should the database live in?");
      expect(html).not.toContain("Cloud tools");
    }
  });
});
