// Host pages built from the packed package (the run's one tarball: scripts/packLibrary.mjs), by Vite and by webpack 5,
// each served on 127.0.0.1 under a real Content-Security-Policy response header:
//   /self/   script-src 'self'            — same-origin scripts and workers, no blob:, no eval;
//   /nonce/  script-src 'nonce-…'         — only scripts carrying the page's nonce: no worker at all.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { promisify } from "node:util";
import { build as viteBuild } from "vite";
import webpack from "webpack";
import { packedLibrary } from "../../scripts/packLibrary.mjs";

const run = promisify(execFile);
const repo = join(import.meta.dirname, "../..");
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

export const POLICIES = {
  self: () => "script-src 'self'; object-src 'none'; base-uri 'none'",
  nonce: (nonce: string) => `script-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`,
} as const;
export type PolicyName = keyof typeof POLICIES;

export interface ConsumerSite {
  url(policy: PolicyName): string;
  /** The paths the browser fetched, in order. */
  requested: string[];
  /** Served file names holding RE2 (re2js) and the pattern worker's module file. */
  re2Files: string[];
  workerFiles: string[];
  /** Served file names holding the pattern path's page-side code: the tester, the way to RE2, RE2 itself. */
  patternFiles: string[];
  close(): Promise<void>;
}

/**
 * Unpacks the packed package (built as a release is, packed once for the run by vitest.e2e.config.ts's
 * globalSetup) where a consumer in the returned folder resolves it (its dependencies from the checkout's node_modules).
 */
export async function packPackage(): Promise<string> {
  // Under node_modules/.cache so that the package's own dependencies resolve from the checkout.
  await mkdir(join(repo, "node_modules/.cache"), { recursive: true });
  const dir = await mkdtemp(join(repo, "node_modules/.cache/rme-packed-"));
  const { tarball, remove } = packedLibrary();
  const target = join(dir, "node_modules/react-mcp-elicitation");
  await mkdir(target, { recursive: true });
  try {
    await run("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
  } finally {
    remove();
  }
  for (const file of ["main.js", "index.html"]) await copyFile(join(import.meta.dirname, "consumer", file), join(dir, file));
  return dir;
}

const NONCE_PLACEHOLDER = "RME_NONCE_PLACEHOLDER";

/** Runs `task` with NODE_ENV "production", as a host's release build runs (the test runner sets "test"). */
export async function asRelease<T>(task: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    return await task();
  } finally {
    process.env.NODE_ENV = before;
  }
}

export async function buildWithVite(dir: string): Promise<string> {
  const outDir = join(dir, "vite-out");
  await asRelease(() => viteBuild({
    configFile: false,
    root: dir,
    base: "/",
    logLevel: "error",
    // The host's nonce on every script and preload the page adds (replaced per response).
    html: { cspNonce: NONCE_PLACEHOLDER },
    build: { outDir, emptyOutDir: true },
  }));
  return outDir;
}

export async function buildWithWebpack(dir: string): Promise<string> {
  const outDir = join(dir, "webpack-out");
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    webpack(
      {
        mode: "production",
        context: dir,
        entry: "./main.js",
        target: "web",
        devtool: false,
        output: { path: outDir, filename: "main.js", chunkFilename: "[name].[contenthash].js", publicPath: "/", clean: true },
        performance: { hints: false },
      },
      (error, result) => (error || !result ? reject(error) : resolve(result)),
    ),
  );
  if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));
  await writeFile(
    join(outDir, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packed consumer</title></head>` +
      `<body><div id="root"></div><script src="/main.js" nonce="${NONCE_PLACEHOLDER}"></script></body></html>`,
  );
  return outDir;
}

async function filesHolding(outDir: string, test: (text: string) => boolean): Promise<string[]> {
  const names = (await readdir(outDir, { recursive: true })).map(String).filter((name) => name.endsWith(".js"));
  const found: string[] = [];
  for (const name of names) if (test(await readFile(join(outDir, name), "utf8"))) found.push(`/${name}`);
  return found;
}

export async function serveConsumer(outDir: string): Promise<ConsumerSite> {
  const requested: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requested.push(url.pathname);
    const policy = /^\/(self|nonce)\/?$/.exec(url.pathname)?.[1] as PolicyName | undefined;
    const file = policy ? "index.html" : normalize(url.pathname).replace(/^(\.\.[/\\])+/, "").slice(1);
    try {
      let body: Buffer | string = await readFile(join(outDir, file));
      const headers: Record<string, string> = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
      if (policy) {
        const nonce = randomBytes(16).toString("base64");
        body = body.toString("utf8").replaceAll(NONCE_PLACEHOLDER, nonce);
        headers["content-security-policy"] = POLICIES[policy](nonce);
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (policy) => `http://127.0.0.1:${port}/${policy}/`,
    requested,
    re2Files: await filesHolding(outDir, (text) => text.includes("RE2JSSyntaxException")),
    // The worker file answers the start-up ping; the page's own code never does.
    workerFiles: await filesHolding(outDir, (text) => /postMessage\(\{\s*id:\s*0,\s*matches:\s*null\s*\}\)/.test(text) && !text.includes("createObjectURL")),
    // Found by what survives minification: RE2's exception class, and the tester's own error messages.
    patternFiles: await filesHolding(outDir, (text) => ["RE2JSSyntaxException", "blob: URLs are not available here", "workers are not available here"].some((marker) => text.includes(marker))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function removePacked(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}
