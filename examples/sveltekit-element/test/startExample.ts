// Installs, checks, builds and starts the example as a host deploys it: the packed library installed
// into it (`npm run setup`), `npm run check` (svelte-check, with the element's typings), `vite build`
// (adapter-node), then `node build` on a free port of 127.0.0.1 with ORIGIN set to the address the
// browser opens. SVELTEKIT_ELEMENT_REUSE_BUILD=1 skips the install, the check and the build (a second run).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { freePort } from "../../../test/server/helpers/redisServer";

const example = resolve(import.meta.dirname, "..");

/** A host's shell: no NODE_ENV (the test runner's "test" would confuse npm and Vite). */
function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return { ...env, ...extra };
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** `node build` on a free port, with adapter-node's settings (ORIGIN, PROTOCOL_HEADER…) for its address. */
export async function startServer(settings: (url: string) => Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = hostEnv({ ...settings(url), HOST: "127.0.0.1", PORT: String(port) });
  const child: ChildProcess = spawn(process.execPath, ["build"], { cwd: example, env, stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((done) => child.once("exit", done));
  for (const deadline = Date.now() + 30_000; !(await fetch(url).then(() => true, () => false)); ) {
    if (child.exitCode !== null) throw new Error(`node build exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`nothing answered on ${url}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The example installed, checked and built; then started as people open it, at `http://127.0.0.1:<port>`. */
export async function startExample(): Promise<Server> {
  if (process.env.SVELTEKIT_ELEMENT_REUSE_BUILD !== "1" || !existsSync(resolve(example, "build/index.js"))) {
    const started = Date.now();
    execFileSync("npm", ["run", "setup"], { cwd: example, stdio: "inherit", env: hostEnv() });
    // svelte-check fails on any error or warning: the element's attributes and events are typed.
    execFileSync("npm", ["run", "check"], { cwd: example, stdio: "inherit", env: hostEnv() });
    execFileSync("npm", ["run", "build"], { cwd: example, stdio: "inherit", env: hostEnv({ NODE_ENV: "production" }) });
    console.log(`example installed, checked and built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  // As docs/stacks.md tells a host: ORIGIN is the address people open (here plain http).
  return startServer((url) => ({ ORIGIN: url }));
}
