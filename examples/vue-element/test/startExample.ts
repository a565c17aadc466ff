// Installs, builds and starts the example as a host deploys it: the packed library installed into it
// (`npm run setup`), `npm run build` (vue-tsc, then vite build) once for the run, then the Express server
// (tsx, NODE_ENV=production) serving the built page and the API on a free port of 127.0.0.1.
// VUE_ELEMENT_REUSE_BUILD=1 skips the install and the build (a second run on the same checkout).
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

/** A host's shell: no NODE_ENV (the test runner's "test" would confuse npm and Vite). */
function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return { ...env, ...extra };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
}

export async function startExample(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.VUE_ELEMENT_REUSE_BUILD !== "1" || !existsSync(resolve(example, "dist/index.html"))) {
    const started = Date.now();
    execFileSync("npm", ["run", "setup"], { cwd: example, stdio: "inherit", env: hostEnv() });
    execFileSync("npm", ["run", "build"], { cwd: example, stdio: "inherit", env: hostEnv({ NODE_ENV: "production" }) });
    console.log(`example installed and built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const port = await freePort();
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: example, env: hostEnv({ NODE_ENV: "production", PORT: String(port) }), stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await fetch(`${url}/api/me`).then((response) => response.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop(server);
      throw new Error(`nothing answered on ${url}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return { url, stop: () => stop(server) };
}
