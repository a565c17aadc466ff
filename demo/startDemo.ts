import type { AddressInfo } from "node:net";
import { createServer } from "vite";
import { demoViteConfig } from "./demoViteConfig";
import { DemoRecorder } from "./server/DemoRecorder";
import type { DemoTarget } from "./server/DemoTarget";
import type { DemoClientSide } from "./server/parseDemoOptions";

export interface RunningDemo {
  /** The host page, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** What the MCP server received from the client, in order. */
  recorder: DemoRecorder;
  close(): Promise<void>;
}

/**
 * Starts the demo (host page + MCP server, or `target`) on 127.0.0.1; port 0 picks a free one.
 * `client` says where the MCP client runs: "server" (the default, through the relay) or "page".
 */
export async function startDemo({ port = 0, target, client }: { port?: number; target?: DemoTarget; client?: DemoClientSide } = {}): Promise<RunningDemo> {
  const recorder = new DemoRecorder();
  const config = demoViteConfig(port, recorder, target, client);
  const server = await createServer({
    ...config,
    // A started demo serves what was on disk at start: edits elsewhere must not reload pages mid-test.
    server: { ...config.server, hmr: false, watch: null },
    configFile: false,
    logLevel: "warn",
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}/`, recorder, close: () => server.close() };
}
