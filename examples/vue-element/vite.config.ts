import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

// Vue leaves <mcp-elicitation-outlet> to the browser (a custom element, not a Vue component). In
// development /api goes through Vite's proxy keeping the Host the browser used (`changeOrigin: false`),
// so the relay sees the page's own origin and takes its answers.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === "mcp-elicitation-outlet" } } })],
  server: { proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3002", changeOrigin: false } } },
});
