import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the page is Vite's and the API Express's: /api goes through Vite's proxy, keeping the
// Host the browser used (`changeOrigin: false`; the string shorthand turns it on), so the relay sees
// the page's own origin and takes its answers.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3001", changeOrigin: false } } },
  // The service worker (sw.js, imported with ?worker&url) is built to /sw.js, not under /assets/: a
  // worker covers the pages under its own folder, and this one is for every page.
  worker: { rolldownOptions: { output: { entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js") } } },
});
