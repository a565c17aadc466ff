import { defineConfig } from "vite";
import { demoViteConfig } from "./demoViteConfig";

// `npm run demo`: the host page and the MCP server on one origin, 127.0.0.1 only.
// PORT picks the port (default 5173; the next free one if taken).
export default defineConfig(demoViteConfig(Number(process.env.PORT ?? 5173)));
