// Installs and starts the example as a developer runs it: the packed library installed into it
// (`npm run setup`), the Express API (tsx) and Vite's dev server in front, its proxy carrying /api.
// VITE_EXPRESS_REUSE_INSTALL=1 skips the install (a second run on the same checkout).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

const example = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on("error", fail);
  });
}

/** A developer's shell: no NODE_ENV (the test runner's "test" would confuse npm and Vite). */
function devEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return { ...env, ...extra };
}

function start(bin: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(resolve(example, "node_modules/.bin", bin), args, { cwd: example, env, stdio: ["ignore", "inherit", "inherit"], detached: true });
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    }),
  );
}

async function waitFor(url: string, children: ChildProcess[]) {
  for (const deadline = Date.now() + 60_000; ; ) {
    const exited = children.find((child) => child.exitCode !== null);
    if (exited) throw new Error(`${exited.spawnargs.join(" ")} exited with ${exited.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on ${url}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** `apiEnv`: the API's environment on top of the developer's shell (keys, where pushes go, the record's file). */
export async function startExample(apiEnv: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.VITE_EXPRESS_REUSE_INSTALL !== "1" || !existsSync(resolve(example, "node_modules/react-mcp-elicitation"))) {
    const started = Date.now();
    execFileSync("npm", ["run", "setup"], { cwd: example, stdio: "inherit", env: devEnv({}) });
    console.log(`example installed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const [apiPort, pagePort] = [await freePort(), await freePort()];
  const children = [
    start("tsx", ["server/main.ts"], devEnv({ ...apiEnv, PORT: String(apiPort) })),
    start("vite", ["--host", "127.0.0.1", "--port", String(pagePort), "--strictPort"], devEnv({ API_URL: `http://127.0.0.1:${apiPort}` })),
  ];
  const url = `http://127.0.0.1:${pagePort}`;
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/me`, children);
    // Through the proxy, as the page reaches it.
    await waitFor(`${url}/api/me`, children);
  } catch (error) {
    await stopAll(children);
    throw error;
  }
  return { url, stop: () => stopAll(children) };
}
