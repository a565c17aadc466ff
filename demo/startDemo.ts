import type { AddressInfo } from "node:net";
import react from "@vitejs/plugin-react";
import { createServer } from "vite";
import { DemoRecorder } from "./server/DemoRecorder";
import { demoMcpPlugin } from "./server/demoPlugin";

export interface RunningDemo {
  /** The host page, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** What the MCP server received from the client, in order. */
  recorder: DemoRecorder;
  close(): Promise<void>;
}

/** Starts the demo (host page + MCP server) on 127.0.0.1; port 0 picks a free one. */
export async function startDemo({ port = 0 }: { port?: number } = {}): Promise<RunningDemo> {
  const recorder = new DemoRecorder();
  const server = await createServer({
    configFile: false,
    root: import.meta.dirname,
    plugins: [react(), demoMcpPlugin(recorder)],
    server: { host: "127.0.0.1", port, strictPort: port !== 0 },
    logLevel: "warn",
    clearScreen: false,
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}/`, recorder, close: () => server.close() };
}
