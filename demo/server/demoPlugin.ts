import type { AddressInfo } from "node:net";
import type { Plugin } from "vite";
import { DemoRecorder } from "./DemoRecorder";
import { createDemoMiddleware, MCP_PATH } from "./demoMiddleware";

/** Mounts the demo MCP server into Vite's dev server and says where to point a browser. */
export function demoMcpPlugin(recorder = new DemoRecorder()): Plugin {
  return {
    name: "demo-mcp-server",
    configureServer(server) {
      server.middlewares.use(createDemoMiddleware(recorder));
      server.httpServer?.once("listening", () => {
        const address = server.httpServer?.address() as AddressInfo | null;
        if (!address) return;
        const base = `http://127.0.0.1:${address.port}`;
        server.config.logger.info(`\n  MCP server (Streamable HTTP): ${base}${MCP_PATH}\n  Open the demo host:          ${base}/\n  Stop with Ctrl-C.\n`);
      });
    },
  };
}
