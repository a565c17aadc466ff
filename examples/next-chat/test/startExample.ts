// Builds and starts the example as a host deploys it: the packed library installed into it,
// `next build`, then `next start` on 127.0.0.1 at a free port. NEXT_CHAT_REUSE_BUILD=1 skips the
// install and the build (for a second run on the same checkout).
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";

const example = resolve(import.meta.dirname, "..");
const next = resolve(example, "node_modules/.bin/next");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
    server.on("error", fail);
  });
}

/** The environment of a host's shell: no NODE_ENV (the test runner's "test" would confuse npm and Next.js). */
function hostEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _, ...env } = process.env;
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
}

function run(command: string, args: string[], env = hostEnv()) {
  execFileSync(command, args, { cwd: example, stdio: "inherit", env });
}

export async function startExample(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.NEXT_CHAT_REUSE_BUILD !== "1" || !existsSync(resolve(example, ".next"))) {
    const started = Date.now();
    run("npm", ["run", "setup"]);
    run(next, ["build"], hostEnv({ NODE_ENV: "production" }));
    console.log(`example installed and built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const port = await freePort();
  const server = spawn(next, ["start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: example,
    env: hostEnv({ NODE_ENV: "production" }),
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((done) => server.once("exit", done));
    process.kill(-server.pid!, "SIGTERM");
    await exited;
  };
  for (const deadline = Date.now() + 60_000; ; ) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    const up = await fetch(url).then(() => true, () => false);
    if (up) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next start did not answer on ${url}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}
