import react from "@vitejs/plugin-react";
import type { InlineConfig } from "vite";
import { DemoRecorder } from "./server/DemoRecorder";
import { demoMcpPlugin } from "./server/demoPlugin";
import type { DemoTarget } from "./server/DemoTarget";
import { DEFAULT_CLIENT_SIDE, type DemoClientSide } from "./server/parseDemoOptions";

/** The demo's Vite setup, shared by `npm run demo` and `startDemo()`: 127.0.0.1 only. */
export function demoViteConfig(port: number, recorder = new DemoRecorder(), target?: DemoTarget, client: DemoClientSide = DEFAULT_CLIENT_SIDE): InlineConfig {
  return {
    root: import.meta.dirname,
    plugins: [react(), demoMcpPlugin(recorder, target, client)],
    server: { host: "127.0.0.1", port, strictPort: port === 0 ? false : undefined },
    // Pre-bundled at start, so the first page load does not trigger a dependency reload.
    optimizeDeps: {
      entries: ["index.html"],
      include: [
        "react",
        "react-dom/client",
        "react/jsx-dev-runtime",
        "zod",
        "@modelcontextprotocol/sdk/client/index.js",
        "@modelcontextprotocol/sdk/client/streamableHttp.js",
        "@modelcontextprotocol/sdk/types.js",
      ],
    },
    clearScreen: false,
  };
}
