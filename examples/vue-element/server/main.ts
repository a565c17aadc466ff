// The app's server: Express with express-session logins, the relay that carries the deploy tool's
// questions to the person's browser, and the deployments, each one a call of the MCP server's "deploy"
// tool through the official SDK's client. `npm run dev` serves the API on 127.0.0.1:3002 behind Vite's
// dev proxy; `npm start` also serves the built page.
import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import express from "express";
import session from "express-session";
import { createElicitationRelay, sendFetchResponse, toFetchRequest } from "react-mcp-elicitation/server";
import { elicitationsThroughRelay } from "react-mcp-elicitation/server/sdk";
import { createDeployments, type Deployment } from "./deployments";
import { startDeployServer } from "./deployServer";

declare module "express-session" {
  interface SessionData {
    person?: string;
  }
}

const SERVER_NAME = "Deploy server";
// An MCP server elsewhere (DEPLOY_MCP_URL), else one started in this process (and stopped with it).
const deploy = process.env.DEPLOY_MCP_URL ? { url: process.env.DEPLOY_MCP_URL, close: async () => undefined } : await startDeployServer();
const relay = createElicitationRelay({});
const deployments = createDeployments();

/** One MCP client per deployment: its questions go to `person`, marked with the deployment's id. */
async function runDeploy(person: string, deployment: Deployment): Promise<void> {
  const client = new Client({ name: "vue-element-example", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  try {
    await elicitationsThroughRelay(client, { relay, owner: person, serverName: SERVER_NAME, context: { deploymentId: deployment.id } });
    await client.connect(new StreamableHTTPClientTransport(new URL(deploy.url)));
    // The call's timeout stops while the person has the question open.
    const result = await relay.call(person, SERVER_NAME, (options) => client.callTool({ name: "deploy", arguments: { service: deployment.service } }, undefined, options));
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
    deployment.result = content.map((part) => part.text ?? "").join(" ");
  } catch (error) {
    deployment.result = `Deploy of ${deployment.service} failed: ${(error as Error).message}`;
  } finally {
    await client.close();
  }
}

const app = express();
app.use(session({ secret: process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"), resave: false, saveUninitialized: false, cookie: { httpOnly: true, sameSite: "lax" } }));

// The demo login: a name. A real app checks a password or an identity provider here.
app.post("/api/login", express.json(), (req, res) => {
  const name = String(req.body?.name ?? "").trim().slice(0, 40);
  if (!name) return void res.status(400).json({ error: "Type a name." });
  req.session.person = name;
  res.json({ name });
});
app.get("/api/me", (req, res) => void res.json({ name: req.session.person ?? null }));

// The relay's route: the person is whoever the session names (no body parser before it).
app.all("/api/elicitation", async (req, res) => sendFetchResponse(res, await relay.handle(toFetchRequest(req), { owner: req.session.person })));

app.get("/api/deployments", (req, res) => {
  if (!req.session.person) return void res.status(401).end();
  res.json(deployments.of(req.session.person));
});

// Starts the tool call and answers at once: the call outlives the page's request (a reload, a closed tab).
app.post("/api/deployments", express.json(), (req, res) => {
  const person = req.session.person;
  if (!person) return void res.status(401).end();
  const service = String(req.body?.service ?? "").trim().slice(0, 40);
  if (!service) return void res.status(400).json({ error: "Name a service." });
  const deployment = deployments.add(person, service);
  void runDeploy(person, deployment);
  res.status(201).json(deployment);
});

if (process.env.NODE_ENV === "production") {
  const page = resolve(import.meta.dirname, "../dist");
  app.use(express.static(page));
  app.get("/{*path}", (_req, res) => res.sendFile(resolve(page, "index.html")));
}

const port = Number(process.env.PORT ?? 3002);
const server = app.listen(port, "127.0.0.1", () => console.log(`API on http://127.0.0.1:${port}`));
// Open questions get `cancel` (their tool calls end), the person's streams end, then the process ends by itself.
process.once("SIGTERM", () => void relay.close().then(() => server.close()).then(deploy.close));
