// The app's process: Express serving the built page and React Router's request handler, with this
// process's services (server/services.ts) as every loader's and action's `context`. Several of these
// run behind a load balancer, on one Redis (REDIS_URL) and one SESSION_SECRET.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { startDeployServer } from "./server/deployServer";
import { startServices } from "./server/services";

// An MCP server elsewhere (DEPLOY_MCP_URL), else one started in this process.
const deploy = process.env.DEPLOY_MCP_URL ? { url: process.env.DEPLOY_MCP_URL, close: async () => undefined } : await startDeployServer();
const services = startServices({ redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", deployUrl: deploy.url });

const app = express();
app.disable("x-powered-by");
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
const build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild;
app.all("/{*path}", createRequestHandler({ build, getLoadContext: () => services }));

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, "127.0.0.1", () => console.log(`http://127.0.0.1:${port}`));
// On SIGTERM: the questions held here get `cancel` and the people's streams end (their pages reconnect
// to another instance); the answers being written finish, and each connection closes as it falls idle
// (server.close() alone closes those idle at the call, leaving the rest to the 5 s keep-alive timeout);
// then Redis and the MCP client close, nothing is left open, and the process ends by itself.
function shutDown() {
  const drained = new Promise((done) => server.close(done));
  setInterval(() => server.closeIdleConnections(), 20).unref();
  return drained;
}
process.once("SIGTERM", () => void services.relay.close().then(shutDown).then(services.close).then(deploy.close));
