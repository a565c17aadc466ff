// A soak of the relay through failures: three instances (their own Node processes) sharing one real
// redis-server (or one real Postgres) through a fault proxy, behind a small load balancer that sends
// every connection to a random live instance; people with two windows each (the package's browser
// client and queue, in Node), answering from whichever window is quicker; a steady rate of requests,
// some withdrawn, some left to time out. Meanwhile the store's connections are cut twice, the store
// is restarted once (Redis loses its data, Postgres keeps it), and one instance is killed (SIGKILL)
// and started again. Then it checks the invariants: every request settled once, every 200 an answer
// its MCP client got, none answered twice, nothing open and invisible once the faults end, nothing of
// one person in another's window.
import { fork, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { connectElicitationRelay } from "../../../src/client/relay/connectElicitationRelay";
import pg from "pg";
import { startPostgres, type RunningPostgres } from "../helpers/postgresServer";
import { startRedis, type RunningRedis } from "../helpers/redisServer";
import type { SoakAsk, SoakSettled } from "./soakInstance";
import { startTcpFaultProxy } from "./tcpFaultProxy";

export interface SoakOptions {
  /** Length of the run with requests arriving; the faults happen within it. */
  seconds: number;
  people?: number;
  /** Requests per second, over everyone. */
  rate?: number;
  log?: (line: string) => void;
  /** What the instances share. Default "redis"; a Postgres restarted keeps its data (a Redis one loses it). */
  store?: "redis" | "postgres";
}

export interface SoakReport {
  counts: Record<string, number>;
  /** Each broken invariant, in words; empty when every one held. */
  violations: string[];
}

const form = {
  message: "Deploy where?",
  requestedSchema: {
    type: "object",
    properties: { region: { type: "string", enum: ["eu", "us"] }, key: { type: "string" }, by: { type: "string" } },
    required: ["region", "key", "by"],
  },
};

interface Asked {
  key: string;
  owner: string;
  instance: number;
  at: number;
  settled: SoakSettled[];
  /** When its instance was killed while it was open (its MCP client died with it). */
  lostAt: number | undefined;
}

interface Instance {
  index: number;
  child: ChildProcess;
  port: number;
  alive: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runRelaySoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const people = options.people ?? 20;
  const rate = options.rate ?? 4;
  const runMs = options.seconds * 1_000;
  const timeoutMs = 15_000;
  const violations: string[] = [];
  const counts: Record<string, number> = { asked: 0, answered: 0, cancelled: 0, withdrawn: 0, rejected: 0, "lost with their instance": 0, "POST 200": 0, "POST 409": 0, "POST 5xx": 0, "200 without its answer": 0 };
  const asked = new Map<string, Asked>();
  /** Each answer's POST: when the balancer sent it on to an instance, and its status. */
  const posts: { key: string; by: string; status: number; forwardedAt: number }[] = [];
  /** When Redis lost the killed instance's connections (the proxy between them closed the last of its pairs). */
  let instanceGoneAt = Number.POSITIVE_INFINITY;
  const kind = options.store ?? "redis";
  const Store = kind === "redis" ? "Redis" : "Postgres";
  let server: RunningRedis | RunningPostgres = kind === "redis" ? await startRedis() : await startPostgres();
  const proxy = await startTcpFaultProxy(server.port);
  const storeEnv = kind === "redis" ? { REDIS_URL: proxy.url } : { POSTGRES_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` };
  const instances: Instance[] = [];
  const cleanup: (() => unknown)[] = [];

  async function startInstance(index: number): Promise<Instance> {
    const child = fork(join(import.meta.dirname, "soakInstance.ts"), [], {
      execArgv: ["--import", "tsx"],
      env: { ...process.env, ...storeEnv, SOAK_TIMEOUT_MS: String(timeoutMs) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`soak instance ${index} exited (${code}) before listening`)));
      child.on("message", (message: { type: "listening"; port: number } | SoakSettled) => {
        if (message.type === "listening") resolve(message.port);
        else {
          const entry = asked.get(message.key);
          if (entry === undefined) violations.push(`a settlement for a request never asked (${message.key})`);
          else entry.settled.push(message);
        }
      });
    });
    const instance: Instance = { index, child, port, alive: true };
    instances[index] = instance;
    return instance;
  }

  // The load balancer: each connection to a random live instance, as a round-robin proxy would.
  const balancer = createServer((req: IncomingMessage, res: ServerResponse) => {
    const live = instances.filter((instance) => instance.alive);
    const target = live[Math.floor(Math.random() * live.length)];
    if (target === undefined) {
      res.writeHead(502).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const forwardedAt = Date.now();
      const upstream = httpRequest({ host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers }, (reply) => {
        if (req.method === "POST") notePost(body, reply.statusCode ?? 0, forwardedAt);
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        reply.on("error", () => res.destroy());
      });
      upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => balancer.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}/api/elicitation`;

  function notePost(body: Buffer, status: number, forwardedAt: number): void {
    try {
      const { result } = JSON.parse(body.toString()) as { result: { content?: { key?: string; by?: string } } };
      posts.push({ key: String(result.content?.key), by: String(result.content?.by), status, forwardedAt });
    } catch {
      violations.push("a POST that was not the client's JSON");
    }
    const bucket = status === 200 || status === 409 ? `POST ${status}` : status >= 500 ? "POST 5xx" : `POST ${status || "cut"}`;
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }

  // Two windows per person: the package's browser client feeding a queue, answering what it shows.
  const windows: { owner: string; name: string; close(): void }[] = [];
  for (let p = 0; p < people; p++) {
    const owner = `person${p}`;
    for (const side of ["a", "b"]) {
      const name = `${owner}${side}`;
      const queue = createElicitationQueue({ rateLimit: false });
      const seen = new Set<string>();
      const unsubscribe = queue.subscribe(() => {
        for (const entry of queue.getSnapshot().entries) {
          if (seen.has(entry.id)) continue;
          seen.add(entry.id);
          const context = entry.context ?? {};
          if (context.owner !== owner) violations.push(`${name} was shown a request of ${String(context.owner)}`);
          const answer = { action: "accept" as const, content: { region: Math.random() < 0.5 ? "eu" : "us", key: String(context.key), by: name } };
          setTimeout(() => void Promise.resolve(queue.submit(entry.id, answer)).catch(() => undefined), 200 + Math.random() * 1_300);
        }
      });
      const connection = connectElicitationRelay({ url, queue, headers: { "x-user": owner }, limits: { reconnectFirstMs: 300, reconnectMaxMs: 2_000, maxOpen: 200 } });
      windows.push({ owner, name, close: () => (unsubscribe(), connection.close(), queue.close()) });
    }
  }
  cleanup.push(() => windows.forEach((window) => window.close()));

  try {
    await Promise.all([0, 1, 2].map(startInstance));
    log(`three instances, ${people} people with two windows each, ${rate} requests/s for ${options.seconds} s`);
    let faultsEnded = Number.POSITIVE_INFINITY;
    const start = Date.now();
    const at = (fraction: number) => start + runMs * fraction;
    const faults: [number, string, () => Promise<void> | void][] = [
      [at(0.15), `${Store} connections cut`, () => proxy.cut()],
      [at(0.3), `${Store} refused for 2 s, then connections cut`, async () => {
        proxy.refuse(true);
        proxy.cut();
        await sleep(2_000);
        proxy.refuse(false);
      }],
      [at(0.45), `${Store} killed and started again${kind === "redis" ? " (its data gone)" : ""}`, async () => {
        await server.kill();
        server = "dataDir" in server ? await startPostgres({ dataDir: server.dataDir, port: server.port }) : await startRedis(server.port);
      }],
      [at(0.6), "instance 1 killed (SIGKILL)", async () => {
        const victim = instances[1]!;
        victim.alive = false;
        const killedAt = Date.now();
        for (const entry of asked.values()) if (entry.instance === 1 && entry.settled.length === 0) entry.lostAt = killedAt;
        const gone = await watchConnections();
        victim.child.kill("SIGKILL");
        await gone();
        instanceGoneAt = Date.now();
        log(`  its ${Store} connections gone ${instanceGoneAt - killedAt} ms after the kill`);
      }],
      [at(0.7), "instance 1 started again", async () => void (await startInstance(1))],
      [at(0.75), `${Store} connections cut`, () => proxy.cut()],
    ];
    /** Waits (3 s at most) until the store sees one instance fewer: Redis its connections, Postgres its LISTEN connection. */
    async function watchConnections(): Promise<() => Promise<void>> {
      if (kind === "redis") {
        // Every instance holds as many Redis connections; the victim's close as the kernel ends its sockets.
        const before = proxy.connections();
        return async () => {
          for (const until = Date.now() + 3_000; proxy.connections() > before - before / instances.length && Date.now() < until; ) await sleep(5);
        };
      }
      const admin = new pg.Client({ connectionString: (server as RunningPostgres).url });
      await admin.connect();
      const listening = async () =>
        Number((await admin.query("SELECT count(*) AS n FROM soak_holders h WHERE EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = h.listener)")).rows[0].n);
      const before = await listening();
      return async () => {
        for (const until = Date.now() + 3_000; (await listening()) >= before && Date.now() < until; ) await sleep(5);
        await admin.end();
      };
    }
    let next = 0;
    let sent = 0;
    while (Date.now() < start + runMs) {
      if (next < faults.length && Date.now() >= faults[next]![0]) {
        const [, what, act] = faults[next++]!;
        log(`${((Date.now() - start) / 1_000).toFixed(1)} s: ${what}`);
        await act();
        if (next === faults.length) faultsEnded = Date.now();
        continue;
      }
      const live = instances.filter((instance) => instance.alive);
      const instance = live[sent % live.length]!;
      const key = `k${sent++}`;
      const owner = `person${Math.floor(Math.random() * people)}`;
      // One in ten is withdrawn by its server while the person reads.
      const ask: SoakAsk = { type: "request", key, owner, params: form, ...(Math.random() < 0.1 ? { withdrawAfterMs: 300 + Math.random() * 2_000 } : {}) };
      asked.set(key, { key, owner, instance: instance.index, at: Date.now(), settled: [], lostAt: undefined });
      counts.asked!++;
      instance.child.send(ask);
      await sleep(1_000 / rate);
    }
    // Drain: every request still open settles (answered, or its timeout) within the timeout.
    const drainUntil = Date.now() + timeoutMs + 5_000;
    while (Date.now() < drainUntil && [...asked.values()].some((entry) => entry.settled.length === 0 && entry.lostAt === undefined)) await sleep(200);

    const byKey = new Map<string, (typeof posts)[number][]>();
    for (const post of posts) byKey.set(post.key, [...(byKey.get(post.key) ?? []), post]);
    for (const entry of asked.values()) {
      if (entry.lostAt !== undefined) {
        counts["lost with their instance"]!++;
        // Taken before the kill, the answer reached its MCP client, which then died with the instance. Once the store
        // saw its connections go, no answer can be taken for it: a 200 for a POST sent on after that went to nobody.
        for (const post of byKey.get(entry.key) ?? []) {
          if (post.status !== 200 || post.forwardedAt <= instanceGoneAt) continue;
          counts["200 without its answer"]!++;
          violations.push(`${entry.key}: a 200 for an answer whose instance was dead`);
        }
        continue;
      }
      if (entry.settled.length === 0) {
        violations.push(`${entry.key}: never settled`);
        continue;
      }
      if (entry.settled.length > 1) violations.push(`${entry.key}: settled ${entry.settled.length} times`);
      const [settled] = entry.settled;
      const result = settled!.result;
      if (settled!.error === "withdrawn") counts.withdrawn!++;
      else if (settled!.error !== undefined) counts.rejected!++;
      else if (result?.action === "accept") counts.answered!++;
      else counts.cancelled!++;
      const taken = (byKey.get(entry.key) ?? []).filter((post) => post.status === 200);
      if (taken.length > 1) violations.push(`${entry.key}: ${taken.length} answers got 200`);
      // Withdrawn too: a withdrawal is told only once the store recorded it, so no answer can get 200 after it.
      for (const post of taken) {
        if (result?.action !== "accept" || result.content?.by !== post.by) {
          counts["200 without its answer"]!++;
          violations.push(`${entry.key}: ${post.by}'s answer got 200, but its MCP client got ${settled!.error ?? JSON.stringify(result)}`);
        }
      }
      // Asked once the faults were over, and never answered though two windows were open: it was invisible.
      if (entry.at > faultsEnded + 10_000 && result?.action === "cancel") violations.push(`${entry.key}: asked after the faults, timed out unseen`);
    }
    return { counts, violations };
  } finally {
    for (const step of cleanup) step();
    for (const instance of instances) if (instance?.alive) instance.child.kill("SIGKILL");
    balancer.closeAllConnections();
    await new Promise((resolve) => balancer.close(resolve));
    await proxy.close();
    await server.stop();
  }
}
