import type { AddressInfo } from "node:net";
import type { Plugin } from "vite";
import { DemoRecorder } from "./DemoRecorder";
import { createDemoMiddleware, MCP_PATH } from "./demoMiddleware";
import type { DemoTarget } from "./DemoTarget";
import type { DemoClientSide } from "./parseDemoOptions";

/**
 * Mounts the demo MCP server — or the bridge to the server the person named — into Vite's dev
 * server and says where to point a browser.
 */
export function demoMcpPlugin(recorder = new DemoRecorder(), target: DemoTarget | undefined, client: DemoClientSide): Plugin {
  return {
    name: "demo-mcp-server",
    configureServer(server) {
      const middleware = createDemoMiddleware({ recorder, target, client, log: (line) => server.config.logger.info(line, { timestamp: true }) });
      server.middlewares.use(middleware);
      server.httpServer?.once("close", () => void middleware.close());
      server.httpServer?.once("listening", () => {
        const address = server.httpServer?.address() as AddressInfo | null;
        if (!address) return;
        const base = `http://127.0.0.1:${address.port}`;
        const named = target ? (target.kind === "url" ? target.url : `stdio: ${target.label}`) : undefined;
        const serving =
          client === "server"
            ? `MCP client: on the server, relayed to the page at ${base}/api/elicitation\n  MCP server: ${named ?? `${base}${MCP_PATH} (built in, Streamable HTTP)`}`
            : `MCP client: in the page\n  ${named ? `Bridge to ${named}` : "MCP server (Streamable HTTP)"}: ${base}${MCP_PATH}`;
        server.config.logger.info(`\n  ${serving}\n  Open the demo host: ${base}/\n  Stop with Ctrl-C.\n`);
      });
    },
  };
}
