// A real Postgres for the tests: Debian's postgresql 15, a fresh cluster in a temporary directory
// (initdb), run as the `postgres` user (Postgres refuses to run as root), on 127.0.0.1 at a free
// port, fsync off, stopped by PID and its directory removed: nothing outlives the test run.
import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./redisServer";

const BIN = "/usr/lib/postgresql/15/bin";

export interface RunningPostgres {
  url: string;
  port: number;
  /** The cluster's directory (kept by a restart on the same port, removed by stop). */
  dataDir: string;
  process: ChildProcess;
  /** Stops it (fast shutdown) and removes its directory. */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster and its backends: gone at once; its data stays for a restart. */
  kill(): Promise<void>;
}

/** Who runs Postgres: the `postgres` user when the tests run as root (as in CI), else the one running them. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  if (line === undefined) throw new Error("no postgres user: apt-get install -y postgresql");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], ...user });
    let errors = "";
    child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${errors}`))));
  });
}

// initdb takes seconds on a busy machine: it runs once while clusters run in this process, and each is a copy of
// that one; the copy goes once the last cluster stops.
let template: { parent: string; dataDir: Promise<string> } | undefined;
const running = new Set<RunningPostgres>();

/** A new, empty cluster's directory, for startPostgres: made ahead, a restart "with its data gone" is quick. */
export async function initPostgres(): Promise<string> {
  const user = runAs();
  if (template === undefined) {
    const parent = mkdtempSync(join(tmpdir(), "rme-pg-template-"));
    if (user) chownSync(parent, user.uid, user.gid);
    const args = ["-D", join(parent, "data"), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"];
    template = { parent, dataDir: run(`${BIN}/initdb`, args, user).then(() => join(parent, "data")) };
  }
  const source = await template.dataDir;
  const parent = mkdtempSync(join(tmpdir(), "rme-pg-"));
  if (user) chownSync(parent, user.uid, user.gid);
  const dataDir = join(parent, "data");
  await run("cp", ["-a", source, dataDir], user);
  return dataDir;
}

/** Postgres on `port` (a free one by default) with the cluster in `dataDir` (a new one by default; the same one again for a restart). */
export async function startPostgres(options: { dataDir?: string; port?: number } = {}): Promise<RunningPostgres> {
  // Loudly, not skipped: CI installs it (.ci/run); a machine without it must not pass these tests silently.
  if (!existsSync(`${BIN}/postgres`)) throw new Error(`${BIN}/postgres is missing: apt-get install -y postgresql`);
  const user = runAs();
  const dataDir = options.dataDir ?? (await initPostgres());
  const port = options.port ?? (await freePort());
  const settings = { listen_addresses: "127.0.0.1", port: String(port), unix_socket_directories: dataDir, fsync: "off", full_page_writes: "off", max_connections: "300", log_min_messages: "fatal" };
  const child = spawn(`${BIN}/postgres`, ["-D", dataDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])], { stdio: "ignore", ...user });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let attempt = 0; ; attempt++) {
    const probe = new pg.Client({ connectionString: url });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      await probe.query("SELECT 1");
      await probe.end();
      break;
    } catch {
      await probe.end().catch(() => undefined);
      if (attempt > 200 || child.exitCode !== null) throw new Error(`postgres did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const exited = new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
  const directory = dataDir;
  const server: RunningPostgres = {
    url,
    port,
    dataDir,
    process: child,
    async stop() {
      // SIGINT: the fast shutdown (ends every session, no waiting for clients to leave).
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGINT");
      await exited;
      rmSync(join(directory, ".."), { recursive: true, force: true });
      running.delete(server);
      if (running.size > 0 || template === undefined) return;
      rmSync(template.parent, { recursive: true, force: true });
      template = undefined;
    },
    async kill() {
      // The backends are the postmaster's children: killed with it, as a crashed server's are.
      const backends = childPids(child.pid!);
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, "SIGKILL");
      for (const pid of backends) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
      await exited;
      running.delete(server);
    },
  };
  running.add(server);
  return server;
}

/** The direct children of `pid` (from /proc, so no ps is needed). */
function childPids(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
