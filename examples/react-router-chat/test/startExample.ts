// Installs, builds and starts the example as a host deploys it: the packed library installed into it
// (`npm run setup`), `react-router build`, then one Redis, one MCP server, two instances of the app
// (`node --import tsx server.ts`, one SESSION_SECRET) and a round-robin proxy in front of them.
// REACT_ROUTER_CHAT_REUSE_BUILD=1 skips the install and the build (a second run on the same checkout).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { freePort, startRedis } from "../../../test/server/helpers/redisServer";
import { startRoundRobinProxy, type RoundRobinProxy } from "./roundRobinProxy";

const example = resolve(import.meta.dirname, "..");

/** A host's shell: no NODE_ENV (the test runner's "test" would confuse npm and Vite). */
function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return { ...env, ...extra };
}

export interface Instance {
  port: number;
  process: ChildProcess;
  /** Sends SIGTERM; resolves with the milliseconds until the process exited, and its exit code. */
  terminate(): Promise<{ ms: number; code: number | null }>;
}

export interface Example {
  /** The proxy's address: what the browser opens. */
  url: string;
  /** The Redis both instances keep their chats in. */
  redisUrl: string;
  proxy: RoundRobinProxy;
  instances: Instance[];
  stop(): Promise<void>;
}

function node(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ...args], { cwd: example, env, stdio: ["ignore", "inherit", "inherit"] });
}

function instance(child: ChildProcess, port: number): Instance {
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return {
    port,
    process: child,
    async terminate() {
      const sent = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const code = await exited;
      return { ms: Math.round(performance.now() - sent), code };
    },
  };
}

async function waitFor(url: string, children: ChildProcess[]) {
  for (const deadline = Date.now() + 60_000; ; ) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`${exited.spawnargs.join(" ")} exited with ${exited.exitCode}`);
    if (await fetch(url).then(() => true, () => false)) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on ${url}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function startExample(): Promise<Example> {
  if (process.env.REACT_ROUTER_CHAT_REUSE_BUILD !== "1" || !existsSync(resolve(example, "build/server/index.js"))) {
    const started = Date.now();
    execFileSync("npm", ["run", "setup"], { cwd: example, stdio: "inherit", env: hostEnv() });
    execFileSync(resolve(example, "node_modules/.bin/react-router"), ["build"], { cwd: example, stdio: "inherit", env: hostEnv({ NODE_ENV: "production" }) });
    console.log(`example installed and built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const redis = await startRedis();
  const mcpPort = await freePort();
  const children = [node(["server/deployServer.ts"], hostEnv({ PORT: String(mcpPort) }))];
  const ports = [await freePort(), await freePort()];
  const env = { REDIS_URL: redis.url, SESSION_SECRET: randomBytes(32).toString("hex"), DEPLOY_MCP_URL: `http://127.0.0.1:${mcpPort}/mcp`, NODE_ENV: "production" };
  const instances = ports.map((port) => instance(node(["server.ts"], hostEnv({ ...env, PORT: String(port) })), port));
  children.push(...instances.map((started) => started.process));
  const stopAll = async () => {
    await Promise.all(instances.map((started) => started.terminate()));
    children[0]!.kill("SIGTERM");
    await redis.stop();
  };
  try {
    await waitFor(env.DEPLOY_MCP_URL, children);
    for (const port of ports) await waitFor(`http://127.0.0.1:${port}/`, children);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const proxy = await startRoundRobinProxy(ports);
  return {
    url: proxy.url,
    redisUrl: redis.url,
    proxy,
    instances,
    async stop() {
      await proxy.close();
      await stopAll();
    },
  };
}
