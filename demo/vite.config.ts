import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { demoMcpPlugin } from "./server/demoPlugin";

// `npm run demo`: the host page and the MCP server on one origin, 127.0.0.1 only.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), demoMcpPlugin()],
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? process.env.DEMO_PORT ?? 5173) },
  clearScreen: false,
});
