// What both browser benchmarks share: build a page with Vite into a temporary folder, serve it on
// the loopback interface, hand its address to the benchmark, and clean up — bounded to ten minutes.
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";

/**
 * A static file server for the built page, on the loopback interface only; `route(req, res)`, when
 * given, sees each request first and returns true for those it answered (same origin as the page).
 */
function serve(root, route) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  const server = createServer(async (req, res) => {
    if (route?.(req, res)) return;
    const path = resolve(root, "." + decodeURIComponent(new URL(req.url, "http://x").pathname));
    const ok = path.startsWith(root) && (await stat(path).catch(() => undefined))?.isFile();
    if (!ok) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" });
    createReadStream(path).pipe(res);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/**
 * Builds the page in `root` (its index.html) and calls `runBrowser(url)` against it. `name` labels
 * the temporary folder and the give-up message; `route` serves more than the page's files (see serve).
 */
export async function runPageBench(name, root, runBrowser, route) {
  // Bounded: however slow the machine, the bench gives up after ten minutes.
  setTimeout(() => {
    console.error(`${name}: still running after 10 minutes; giving up.`);
    process.exit(2);
  }, 600_000).unref();
  const out = await mkdtemp(join(tmpdir(), `rme-${name.replace(/\W+/g, "-")}-`));
  try {
    await build({
      root,
      configFile: false,
      mode: "production",
      logLevel: "warn",
      plugins: [react()],
      build: { outDir: out, emptyOutDir: true, sourcemap: false, minify: process.env.BENCH_MINIFY !== "0" },
    });
    const server = await serve(out, route);
    try {
      await runBrowser(`http://127.0.0.1:${server.address().port}/index.html`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
