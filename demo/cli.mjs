// `npm run demo [-- --url <URL> | --stdio "<command>"]`: starts the demo host on 127.0.0.1 with its
// built-in MCP server, or bridged to the server the person names.
import { createServer, runnerImport } from "vite";

const { module } = await runnerImport(new URL("./server/DemoTarget.ts", import.meta.url).pathname);
let target;
try {
  target = module.parseDemoTarget(process.argv.slice(2));
} catch (error) {
  console.error(`npm run demo: ${error.message}`);
  process.exit(2);
}
if (target) process.env.RME_DEMO_TARGET = JSON.stringify(target);

const server = await createServer({ configFile: new URL("./vite.config.ts", import.meta.url).pathname, configLoader: "runner" });
await server.listen();
server.bindCLIShortcuts({ print: false });
