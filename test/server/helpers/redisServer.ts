// A real redis-server for the tests: 127.0.0.1, a free port, nothing saved to disk, stopped by PID.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { Redis } from "ioredis";

const REDIS_SERVER = "/usr/bin/redis-server";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningRedis {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
  /** SIGKILL: gone at once, with everything it held (nothing is saved). */
  kill(): Promise<void>;
}

/** A redis-server on `port` (a free one by default; the same one again for a restart). */
export async function startRedis(port?: number): Promise<RunningRedis> {
  // Loudly, not skipped: CI installs it (.ci/run); a machine without it must not pass these tests silently.
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server`);
  port ??= await freePort();
  const child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      if (attempt > 100) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      process.kill(child.pid!, name);
    });
  return { url, port, process: child, stop: () => signal("SIGTERM"), kill: () => signal("SIGKILL") };
}
