// A real Redis Cluster for the tests: three masters from Debian's redis-server in cluster mode, on
// 127.0.0.1 at free ports (each with its bus port, +10000, free too), joined by `redis-cli --cluster
// create`, nothing saved outside a temporary folder, stopped by PID.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

const REDIS_SERVER = "/usr/bin/redis-server";
const REDIS_CLI = "/usr/bin/redis-cli";

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/** A port whose cluster bus port (+10000) is free as well. */
async function freeClusterPort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 25_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await isFree(port)) && (await isFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
  throw new Error("no free port pair for a cluster node");
}

export interface RunningCluster {
  /** Where a cluster client starts: every master. */
  nodes: { host: string; port: number }[];
  stop(): Promise<void>;
}

export async function startRedisCluster(masters = 3): Promise<RunningCluster> {
  // Loudly, not skipped: CI installs them (.ci/run).
  for (const binary of [REDIS_SERVER, REDIS_CLI]) if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install -y redis-server redis-tools`);
  const dir = mkdtempSync(join(tmpdir(), "rme-cluster-"));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < masters; i++) ports.push(await freeClusterPort(taken));
  const children: ChildProcess[] = ports.map((port) =>
    spawn(
      REDIS_SERVER,
      [
        "--port", String(port),
        "--bind", "127.0.0.1",
        "--cluster-enabled", "yes",
        "--cluster-config-file", join(dir, `nodes-${port}.conf`),
        "--cluster-node-timeout", "2000",
        "--dir", dir,
        "--save", "",
        "--appendonly", "no",
      ],
      { stdio: "ignore" },
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            process.kill(child.pid!, "SIGTERM");
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await waitFor(port, async (probe) => (await probe.ping()) === "PONG");
    const created = spawnSync(REDIS_CLI, ["--cluster", "create", ...ports.map((port) => `127.0.0.1:${port}`), "--cluster-replicas", "0", "--cluster-yes"], { encoding: "utf8", timeout: 30_000 });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    // Every node must see every slot served before a client starts.
    for (const port of ports) await waitFor(port, async (probe) => /cluster_state:ok/.test(await probe.cluster("INFO")));
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => ({ host: "127.0.0.1", port })), stop };
}

async function waitFor(port: number, ready: (probe: Redis) => Promise<boolean>): Promise<void> {
  const probe = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        if (probe.status !== "ready") await probe.connect();
        if (await ready(probe)) return;
      } catch {
        // not up yet
      }
      if (attempt > 200) throw new Error(`cluster node on port ${port} did not become ready`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    probe.disconnect();
  }
}
