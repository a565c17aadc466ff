import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { asRelease } from "./packedConsumer";

export interface FixtureServer {
  /** The page with no Content-Security-Policy: injected script would run, so the trap can catch it. */
  openUrl: string;
  /** The same page served with `Content-Security-Policy: script-src 'self'` (no unsafe-eval). */
  cspUrl: string;
  /** Served paths of the files holding RE2 (re2js): its worker's file and the page's chunk. */
  re2Files: string[];
  /** Served paths of the files holding the pattern path's page-side code: the tester, the way to RE2, RE2 itself. */
  patternFiles: string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
export const CSP = "script-src 'self'; object-src 'none'; base-uri 'none'";

/** Builds the fixture page with Vite (production, no inline script) and serves it on 127.0.0.1. */
export async function startFixtureServer(): Promise<FixtureServer> {
  const outDir = await mkdtemp(join(tmpdir(), "rme-security-"));
  // React's production build, as a host's page runs it (the test runner's NODE_ENV is "test").
  await asRelease(() => build({
    configFile: false,
    root: join(import.meta.dirname, "fixture"),
    base: "/",
    logLevel: "error",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false, modulePreload: { polyfill: false } },
  }));
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const csp = url.pathname === "/csp/" || url.pathname === "/csp";
    const file = url.pathname === "/" || csp ? "index.html" : normalize(url.pathname).replace(/^(\.\.[/\\])+/, "").slice(1);
    try {
      const body = await readFile(join(outDir, file));
      res.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        ...(csp && { "content-security-policy": CSP }),
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const re2Files: string[] = [];
  const patternFiles: string[] = [];
  for (const name of (await readdir(outDir, { recursive: true })).map(String).filter((file) => file.endsWith(".js"))) {
    const text = await readFile(join(outDir, name), "utf8");
    if (text.includes("RE2JSSyntaxException")) re2Files.push(`/${name}`);
    if (["RE2JSSyntaxException", "blob: URLs are not available here", "workers are not available here"].some((marker) => text.includes(marker))) {
      patternFiles.push(`/${name}`);
    }
  }
  return {
    openUrl: `http://127.0.0.1:${port}/`,
    cspUrl: `http://127.0.0.1:${port}/csp/`,
    re2Files,
    patternFiles,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
