import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { keepPatternWorkerUrl } from "./vite.config.ts";

// "./element" (dist/element/): <mcp-elicitation-outlet> for pages without React. Built after the
// library, apart from it, because React travels inside this bundle (its production build), with
// react-hook-form, which must use the same React; the root entry and its files are untouched. The
// engines, the PSL and RE2 stay dependencies, loaded on demand as in the root entry; the pattern
// workers' module files sit beside the chunks that start them.
const src = (path: string) => resolve(import.meta.dirname, "src", path);
export default defineConfig({
  plugins: [react(), keepPatternWorkerUrl],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    lib: {
      entry: {
        "element/index": src("element/index.ts"),
        "element/patternWorkerModule": src("core/validation/patterns/patternWorkerModule.ts"),
        "element/patternRe2WorkerModule": src("core/validation/patterns/patternRe2WorkerModule.ts"),
      },
      formats: ["es"],
    },
    rollupOptions: {
      external: [/^ajv($|\/)/, /^ajv-formats($|\/)/, /^@cfworker\/json-schema($|\/)/, /^tldts($|\/)/, /^re2js($|\/)/],
      output: { entryFileNames: "[name].js", chunkFileNames: "element/[name]-[hash].js" },
    },
    sourcemap: true,
    emptyOutDir: false,
  },
});
