import { copyFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Library build: three ESM entry points (".", "./core" and "./locales") plus the stylesheet.
// Dependencies stay external so the host's bundler dedupes them.
export default defineConfig({
  plugins: [
    react(),
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
      },
      formats: ["es"],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/, /^react-hook-form($|\/)/, /^ajv($|\/)/, /^ajv-formats($|\/)/, /^@cfworker\/json-schema($|\/)/, /^tldts($|\/)/],
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
