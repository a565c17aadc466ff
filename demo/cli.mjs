// `npm run demo [-- --server-client | --page-client] [-- --url <URL> | --stdio "<command>"]`: starts
// the demo host on 127.0.0.1 with its built-in MCP server, or the server the person names; its MCP
// client runs on the demo's server (through the relay, the default) or in the page.
import { createServer, runnerImport } from "vite";

const { module } = await runnerImport(new URL("./server/parseDemoOptions.ts", import.meta.url).pathname);
let options;
try {
  options = module.parseDemoOptions(process.argv.slice(2));
} catch (error) {
  console.error(`npm run demo: ${error.message}`);
  process.exit(2);
}
if (options.target) process.env.RME_DEMO_TARGET = JSON.stringify(options.target);
process.env.RME_DEMO_CLIENT = options.client;

const server = await createServer({ configFile: new URL("./vite.config.ts", import.meta.url).pathname, configLoader: "runner" });
await server.listen();
server.bindCLIShortcuts({ print: false });
