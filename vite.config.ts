import { copyFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

// Library build: fourteen ESM entry points (".", "./core", "./client", "./client/sdk/v1", "./client/sdk/v2", "./locales", "./server", "./server/redis", "./server/postgres", "./server/ai-sdk", "./server/sdk", "./server/web-push", "./server/testing" and "./push") plus the stylesheet and the pattern workers'
// module files. Dependencies stay external so the host's bundler dedupes them.

/** The modules that start a pattern worker as a module file, and the file each one starts. */
const WORKER_STARTERS: Record<string, string> = {
  "/createPatternTester.ts": "patternWorkerModule.js",
  "/createRe2Checker.ts": "patternRe2WorkerModule.js",
};
const workerUrl = (file: string) => new RegExp(`new URL\\("\\./${file.replace(".", "\\.")}", import\\.meta\\.url\\)`);
const placeholder = (file: string) => `__rmeWorkerUrl_${file.replace(".js", "")}__`;
/**
 * Vite would bundle the worker for this build and write a URL from the site's root. The package must
 * ship it as written, so that the host's bundler (Vite, webpack 5, …) emits the worker file beside the
 * host's own: the expression is hidden from Vite here and put back in the output.
 */
export const keepPatternWorkerUrl: Plugin = {
  name: "keep-pattern-worker-url",
  enforce: "pre",
  transform(code, id) {
    const starter = Object.keys(WORKER_STARTERS).find((name) => id.endsWith(name));
    if (starter === undefined) return undefined;
    const file = WORKER_STARTERS[starter]!;
    if (!workerUrl(file).test(code)) throw new Error(`${starter.slice(1)} no longer starts ${file} as expected`);
    return { code: code.replace(workerUrl(file), `new URL(${placeholder(file)}, import.meta.url)`), map: null };
  },
  renderChunk(code) {
    const files = Object.values(WORKER_STARTERS).filter((file) => code.includes(placeholder(file)));
    if (files.length === 0) return null;
    return { code: files.reduce((text, file) => text.replace(placeholder(file), JSON.stringify(`./${file}`)), code), map: null };
  },
};

export default defineConfig({
  plugins: [
    react(),
    keepPatternWorkerUrl,
    {
      name: "copy-styles",
      closeBundle() {
        mkdirSync(resolve(import.meta.dirname, "dist"), { recursive: true });
        copyFileSync(resolve(import.meta.dirname, "src/styles.css"), resolve(import.meta.dirname, "dist/styles.css"));
      },
    },
  ],
  build: {
    lib: {
      entry: {
        index: resolve(import.meta.dirname, "src/index.ts"),
        core: resolve(import.meta.dirname, "src/core/index.ts"),
        // The queue and the relay's browser client, without React (no "use client" either).
        client: resolve(import.meta.dirname, "src/client/index.ts"),
        locales: resolve(import.meta.dirname, "src/locales.ts"),
        // The relay's server side, and its Redis and Postgres stores apart (only they import ioredis, pg).
        server: resolve(import.meta.dirname, "src/server/index.ts"),
        "server/redis": resolve(import.meta.dirname, "src/server/redis/index.ts"),
        "server/postgres": resolve(import.meta.dirname, "src/server/postgres/index.ts"),
        // The relay wired to the AI SDK's MCP client (only it imports @ai-sdk/mcp).
        "server/ai-sdk": resolve(import.meta.dirname, "src/server/ai-sdk/index.ts"),
        // The page's queue wired to the official MCP SDKs' clients, an entry per major: only v1's imports
        // @modelcontextprotocol/sdk, so a page on v2 alone never has to resolve it.
        "client/sdk/v1": resolve(import.meta.dirname, "src/client/sdk/v1/index.ts"),
        "client/sdk/v2": resolve(import.meta.dirname, "src/client/sdk/v2/index.ts"),
        // The relay wired to the official MCP SDKs' clients (v1 loaded on demand).
        "server/sdk": resolve(import.meta.dirname, "src/server/sdk/index.ts"),
        // Notices sent to the person's devices (only it imports web-push).
        "server/web-push": resolve(import.meta.dirname, "src/server/web-push/index.ts"),
        // Web Push in the browser: the page subscribes, the host's service worker shows the notice.
        push: resolve(import.meta.dirname, "src/client/push/index.ts"),
        // The store conformance suite, for authors of stores (no test framework in it).
        "server/testing": resolve(import.meta.dirname, "src/server/testing/index.ts"),
        // Started by createPatternTester.ts as `./patternWorkerModule.js`, next to it.
        "core/validation/patterns/patternWorkerModule": resolve(import.meta.dirname, "src/core/validation/patterns/patternWorkerModule.ts"),
        // Started by createRe2Checker.ts as `./patternRe2WorkerModule.js`, next to it.
        "core/validation/patterns/patternRe2WorkerModule": resolve(import.meta.dirname, "src/core/validation/patterns/patternRe2WorkerModule.ts"),
      },
      formats: ["es"],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^react-hook-form($|\/)/, /^ajv($|\/)/, /^ajv-formats($|\/)/, /^@cfworker\/json-schema($|\/)/, /^tldts($|\/)/, /^re2js($|\/)/, /^ioredis($|\/)/, /^pg($|\/)/, /^@ai-sdk\/mcp($|\/)/, /^@modelcontextprotocol\/sdk($|\/)/, /^@modelcontextprotocol\/client($|\/)/, /^web-push($|\/)/, /^node:/],
      // One file per source module: the dialog reaches the engines only through import(), and a
      // host's bundler must meet them (and the synchronous API that imports them statically) as
      // modules of their own to split them off. Bundled together, they would load with the page.
      output: {
        preserveModules: true,
        preserveModulesRoot: "src",
        entryFileNames: "[name].js",
        // The root entry is where React Server Components frameworks (Next.js App Router) must
        // switch to client code; "./core" stays usable in server components.
        banner: (chunk) => (chunk.isEntry && chunk.name === "index" ? '"use client";' : ""),
      },
    },
    sourcemap: true,
    emptyOutDir: true,
  },
});
