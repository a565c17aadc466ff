import { defineConfig } from "vite";
import { demoViteConfig } from "./demoViteConfig";
import type { DemoTarget } from "./server/DemoTarget";

// `npm run demo` (demo/cli.mjs): the host page and the MCP server on one origin, 127.0.0.1 only.
// PORT picks the port (default 5173; the next free one if taken). The launcher passes a server
// the person named (--url / --stdio) in RME_DEMO_TARGET, and where the MCP client runs
// (--server-client / --page-client) in RME_DEMO_CLIENT.
const target = process.env.RME_DEMO_TARGET ? (JSON.parse(process.env.RME_DEMO_TARGET) as DemoTarget) : undefined;
const client = process.env.RME_DEMO_CLIENT === "page" ? "page" : process.env.RME_DEMO_CLIENT === "server" ? "server" : undefined;
export default defineConfig(demoViteConfig(Number(process.env.PORT ?? 5173), undefined, target, client));
