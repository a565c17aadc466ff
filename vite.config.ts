import { copyFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Library build: three ESM entry points (".", "./core" and "./locales") plus the stylesheet and the pattern worker's
// module file. Dependencies stay external so the host's bundler dedupes them.

/** Where createPatternTester.ts starts the pattern worker as a module file. */
const PATTERN_WORKER = /new URL\("\.\/patternWorkerModule\.js", import\.meta\.url\)/;
const PATTERN_WORKER_PLACEHOLDER = "__rmePatternWorkerUrl__";
export default defineConfig({
  plugins: [
    react(),
    {
      // Vite would bundle the worker for this build and write a URL from the site's root. The package
      // must ship it as written, so that the host's bundler (Vite, webpack 5, …) emits the worker file
      // beside the host's own: the expression is hidden from Vite here and put back in the output.
      name: "keep-pattern-worker-url",
      enforce: "pre",
      transform(code, id) {
        if (!id.endsWith("/createPatternTester.ts")) return undefined;
        if (!PATTERN_WORKER.test(code)) throw new Error("createPatternTester.ts no longer starts patternWorkerModule.js as expected");
        return { code: code.replace(PATTERN_WORKER, `new URL(${PATTERN_WORKER_PLACEHOLDER}, import.meta.url)`), map: null };
      },
      renderChunk(code) {
        if (!code.includes(PATTERN_WORKER_PLACEHOLDER)) return null;
        return { code: code.replace(PATTERN_WORKER_PLACEHOLDER, JSON.stringify("./patternWorkerModule.js")), map: null };
      },
    },
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
        locales: resolve(import.meta.dirname, "src/locales.ts"),
        // Started by createPatternTester.ts as `./patternWorkerModule.js`, next to it.
        "core/validation/patterns/patternWorkerModule": resolve(import.meta.dirname, "src/core/validation/patterns/patternWorkerModule.ts"),
      },
      formats: ["es"],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^react-hook-form($|\/)/, /^ajv($|\/)/, /^ajv-formats($|\/)/, /^@cfworker\/json-schema($|\/)/, /^tldts($|\/)/, /^re2js($|\/)/],
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
