import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// In development the page is Vite's and the API Express's: /api goes through Vite's proxy, keeping the
// Host the browser used (`changeOrigin: false`; the string shorthand turns it on), so the relay sees
// the page's own origin and takes its answers.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { "/api": { target: process.env.API_URL ?? "http://127.0.0.1:3001", changeOrigin: false } } },
});
