// npm run bench:relay — what the relay costs a host, on the loopback interface, in one run.
//
// Needs the built package (`npm run build`), /usr/bin/redis-server and Postgres 15 (/usr/lib/postgresql/15/bin,
// started as the tests start it). Prints, as Markdown:
//   latency p50/p99 of (a) relay.request on the server → the `request` event parsed by a Node client
//   and (b) POST of the answer → the server's promise settling, with the memory store, Redis and Postgres,
//   beside the in-page queue's queue.request → respond for the same params;
//   server heap per open request at 1,000 open across 100 people (after GC);
//   answers per second one instance takes (memory store, HTTP, 16 at a time);
//   heap after 10,000 requests answered vs. at start (after GC);
//   in Chromium (bench/relay/, built with Vite): relay.request on the server → the card drawn, and
//   Submit → the server's promise settling, beside queue.request in the page for the same two spans;
//   at scale (bench/relayScale*.mjs, each a process of its own): 10,000 people each holding one idle
//   event stream on one instance (memory store, Redis store, Postgres store), and three instances sharing Redis with
//   3,000 people each, then one request for each person at once — heap per idle stream beside a bare
//   node:http event stream's, the time until every stream is ready, the burst's delivery p50/p99, the
//   heap once they all left, the servers' CPU time, and the machine's load; beside them the floor (the
//   same bare streams doing by hand the work no relay can skip), and the relay's CPU per delivery over it;
// a steady rate (2,000 questions a second over the people, one instance): delivered p50/p99 from each due time;
// one 10 MB file answer among other people's deliveries: event-loop delay, CPU between two turns, delivery p99.
// Each leg is one entry of LEGS.
//
// Where the scale leg's time and heap go: BENCH_SCALE_PROFILE=/tmp/burst writes a CPU profile of each
// burst, BENCH_SCALE_SNAPSHOT=/tmp/scale heap snapshots of the first server, idle and once all left.
//
//   npm run bench:relay -- [--rounds 300] [--browser-rounds 200] [--people 10000] [--scale-rows memory,redis,postgres,three] [--scale-rounds 1] [--legs latency,heap,throughput,churn,browser,rate,file,scale]
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";

const dist = new URL("../dist/", import.meta.url);
if (!existsSync(new URL("server.js", dist))) {
  console.error("bench:relay measures the built package: run `npm run build` first.");
  process.exit(1);
}
if (typeof globalThis.gc !== "function") {
  console.error("bench:relay needs --expose-gc (npm run bench:relay passes it).");
  process.exit(1);
}
const { createElicitationRelay, createMemoryRelayStore, toFetchRequest, sendFetchResponse } = await import(new URL("server.js", dist));
const { createRedisRelayStore } = await import(new URL("server/redis.js", dist));
const { createPostgresRelayStore } = await import(new URL("server/postgres.js", dist));
// Postgres as the tests start it (its own cluster, as the postgres user, on a free port): one helper for both.
const { tsImport } = await import("tsx/esm/api");
const { startPostgres } = await tsImport("../test/server/helpers/postgresServer.ts", import.meta.url);
const { createElicitationQueue } = await import(new URL("client.js", dist));

const args = Object.fromEntries(
  process.argv.slice(2).map((arg, i, all) => [arg.replace(/^--/, ""), all[i + 1]?.startsWith("--") ? true : (all[i + 1] ?? true)]),
);
const ROUNDS = Number(args.rounds ?? 300);
const BROWSER_ROUNDS = Number(args["browser-rounds"] ?? 200);
const CHOSEN = new Set(String(args.legs ?? "latency,heap,throughput,churn,browser,rate,file,scale").split(","));
const PEOPLE = Number(args.people ?? 10_000);
const SCALE_ROUNDS = Number(args["scale-rounds"] ?? 1);
const SCALE_ROWS = new Set(String(args["scale-rows"] ?? "memory,redis,postgres,three").split(","));
/**
 * The floor's rows on each store: the work a delivery cannot skip, done by hand (bench/relayScaleInstance.mjs,
 * "floor"), with the core's preparation made for each request, and kept by the params' text as the relay keeps it.
 */
const FLOORS = {
  memory: "floor: bare stream + the core's preparation + the event written",
  redis: "floor on Redis: + one ioredis PUBLISH received by a subscriber",
};
const FLOOR_PREPARATIONS = { each: "preparation each time", once: "preparation kept" };

// A realistic form: six fields of the usual kinds.
const params = {
  message: "Where should we deploy, and how?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"] },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 10, default: 2 },
      notify: { type: "boolean", title: "Notify the team", default: true },
      email: { type: "string", title: "Contact", format: "email" },
      ticket: { type: "string", title: "Ticket", pattern: "^[A-Z]+-[0-9]+$" },
      note: { type: "string", title: "Note", maxLength: 500 },
    },
    required: ["environment", "replicas"],
  },
};
const answer = { action: "accept", content: { environment: "staging", replicas: 3, notify: false, email: "ops@example.com", ticket: "OPS-12" } };
const fresh = () => JSON.parse(JSON.stringify(params)); // as it arrives off the wire

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x) => `${x.toFixed(2)} ms`;
const kb = (x) => `${(x / 1024).toFixed(2)} KB`;
const mb = (x) => `${(x / 1024 / 1024).toFixed(2)} MB`;
const heap = async () => {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
};

function freePort() {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  if (!existsSync("/usr/bin/redis-server")) throw new Error("/usr/bin/redis-server is missing: apt-get install -y redis-server");
  const port = await freePort();
  const child = spawn("/usr/bin/redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const { Redis } = await import("ioredis");
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on("error", () => undefined);
  for (let attempt = 0; ; attempt++) {
    try {
      await probe.connect();
      break;
    } catch {
      if (attempt > 100) throw new Error("redis-server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  return { url: `redis://127.0.0.1:${port}`, stop: () => new Promise((resolve) => (child.once("exit", resolve), process.kill(child.pid, "SIGTERM"))) };
}

/** A relay behind node:http on 127.0.0.1, through the package's adapter. */
async function serveRelay(options) {
  const relay = createElicitationRelay({ identify: (request) => request.headers.get("x-user"), rateLimit: false, answerRateLimit: false, ...options });
  const server = createServer((req, res) => void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response)));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/api/elicitation`;
  return {
    relay,
    url,
    close: async () => {
      await relay.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The person's window: reads the stream and hands each `request` event, parsed, to whoever waits. */
async function openWindow(url, user) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", "x-user": user }, signal: controller.signal });
  const waiting = [];
  const arrived = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith("event: request\n")) continue;
          const data = JSON.parse(block.slice(block.indexOf("\ndata: ") + 7));
          const at = performance.now();
          if (waiting.length > 0) waiting.shift()({ data, at });
          else arrived.push({ data, at });
        }
      }
    } catch {
      /* closed */
    }
  })();
  return {
    nextRequest: () => (arrived.length > 0 ? Promise.resolve(arrived.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: () => controller.abort(),
  };
}

const post = (url, user, body) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-user": user }, body: JSON.stringify(body) }).then((r) => r.text().then(() => r.status));

/** (a) and (b) for one store, ROUNDS sequential round trips after 30 of warm-up. */
async function relayLatency(store) {
  const served = await serveRelay({ store });
  const window = await openWindow(served.url, "alice");
  const toEvent = [];
  const toSettled = [];
  for (let round = -30; round < ROUNDS; round++) {
    const start = performance.now();
    const settled = served.relay.request({ owner: "alice", serverName: "Deployer", params: fresh() });
    const { data, at } = await window.nextRequest();
    const posted = performance.now();
    const status = post(served.url, "alice", { id: data.id, result: answer });
    await settled;
    const done = performance.now();
    if ((await status) !== 200) throw new Error(`POST answered ${await status}`);
    if (round >= 0) {
      toEvent.push(at - start);
      toSettled.push(done - posted);
    }
  }
  window.close();
  await served.close();
  return { toEvent, toSettled };
}

/** The in-page queue for the same params: queue.request → respond → the promise settles. */
async function queueLatency() {
  const queue = createElicitationQueue({ rateLimit: false });
  const times = [];
  for (let round = -30; round < ROUNDS; round++) {
    const start = performance.now();
    const settled = queue.request({ serverName: "Deployer", params: fresh() });
    queue.respond(queue.getSnapshot().current.id, answer);
    await settled;
    if (round >= 0) times.push(performance.now() - start);
  }
  return times;
}

/** Epoch milliseconds, sub-millisecond: comparable with the page's performance.timeOrigin + performance.now(). */
const epoch = () => performance.timeOrigin + performance.now();

/**
 * The params of the browser leg's round `round`: the usual form with a default for each required
 * field, so Submit is valid untouched; the round in the message tells its card from the last one.
 */
function browserParams(round) {
  const given = fresh();
  given.message = `${given.message} (round ${round})`;
  given.requestedSchema.properties.environment.default = "staging";
  return given;
}

/** A request's body as JSON. */
async function readJson(req) {
  let body = "";
  for await (const chunk of req) body += chunk;
  return JSON.parse(body);
}

/**
 * The routes the browser leg serves beside its page, same origin: each relay of `relays` at
 * /api/elicitation/<store> (identity by the x-user header), POST /bench/request (calls that store's
 * relay.request for round n and answers once it settled, with both times) and POST /bench/clock (the
 * server's time, for the page's clock check).
 */
function browserRoutes(relays) {
  const send = (res, status, body) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  return (req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    const relay = relays[path.slice("/api/elicitation/".length)];
    if (path.startsWith("/api/elicitation/") && relay !== undefined) {
      void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response));
      return true;
    }
    if (path === "/bench/clock") {
      send(res, 200, { at: epoch() });
      return true;
    }
    if (path === "/bench/request") {
      void readJson(req).then(async ({ store, round }) => {
        const start = epoch();
        const result = await relays[store].request({ owner: "alice", serverName: "Deployer", params: browserParams(round) });
        const settled = epoch();
        if (result.action !== "accept") return send(res, 500, { error: `relay.request settled with ${result.action}` });
        send(res, 200, { start, settled });
      });
      return true;
    }
    return false;
  };
}

/**
 * The three variants, each in its own tab, round by round in turn (the order rotating), so that a
 * busy moment on the shared machine falls on all three alike: BROWSER_ROUNDS rounds after 10 of
 * warm-up (code compiled, the validator loaded, the stream open).
 */
async function browserRounds(browser, url) {
  const { openBenchPage } = await import("./openBenchPage.mjs");
  const variants = [
    { name: "in-page `queue.request`", round: (call, i) => call("inPage", browserParams(i)) },
    { name: "relay, memory store", store: "memory" },
    { name: "relay, Redis store", store: "redis" },
  ];
  for (const variant of variants) {
    variant.tab = await openBenchPage(browser, url, "relayBench");
    if (variant.store !== undefined) {
      await variant.tab.call("connect", `/api/elicitation/${variant.store}`, "alice");
      variant.round = (call, i) => call("viaRelay", variant.store, i, `(round ${i})`);
    }
    variant.toCard = [];
    variant.toSettled = [];
  }
  for (let i = -10; i < BROWSER_ROUNDS; i++) {
    for (let k = 0; k < variants.length; k++) {
      const variant = variants[(i + 10 + k) % variants.length];
      const figures = await variant.round(variant.tab.call, i);
      if (i >= 0) {
        variant.toCard.push(figures.toCard);
        variant.toSettled.push(figures.toSettled);
      }
    }
  }
  for (const variant of variants) {
    const offsets = [];
    for (let i = 0; i < 20; i++) offsets.push((await variant.tab.call("clockOffset")).offset);
    variant.offset = pct(offsets, 50);
    await variant.tab.page.close();
  }
  return variants;
}

const LEGS = [
  {
    name: "latency",
    async run() {
      const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
      try {
        const memory = await relayLatency(createMemoryRelayStore());
        const redisStore = createRedisRelayStore({ url: redis.url });
        const viaRedis = await relayLatency(redisStore);
        await redisStore.close();
        const postgresStore = createPostgresRelayStore({ connectionString: postgres.url });
        const viaPostgres = await relayLatency(postgresStore);
        await postgresStore.close();
        const queue = await queueLatency();
        console.log(`\n### Latency (${ROUNDS} round trips each, loopback)\n`);
        console.log("| path | p50 | p99 |");
        console.log("| --- | --: | --: |");
        console.log(`| in-page queue.request → respond → settled | ${ms(pct(queue, 50))} | ${ms(pct(queue, 99))} |`);
        for (const [name, figures] of [["memory", memory], ["Redis", viaRedis], ["Postgres", viaPostgres]]) {
          console.log(`| relay (${name}): relay.request → \`request\` event parsed in Node | ${ms(pct(figures.toEvent, 50))} | ${ms(pct(figures.toEvent, 99))} |`);
          console.log(`| relay (${name}): POST → relay.request settled | ${ms(pct(figures.toSettled, 50))} | ${ms(pct(figures.toSettled, 99))} |`);
          const both = figures.toEvent.map((x, i) => x + figures.toSettled[i]);
          console.log(`| relay (${name}): both legs | ${ms(pct(both, 50))} | ${ms(pct(both, 99))} |`);
        }
      } finally {
        await Promise.all([redis.stop(), postgres.stop()]);
      }
    },
  },
  {
    name: "heap",
    async run() {
      const people = 100;
      const perPerson = 10;
      // What the params alone take, held as the relay holds them: subtracted below.
      const before = await heap();
      let held = Array.from({ length: people * perPerson }, fresh);
      const paramsBytes = (await heap()) - before;
      held = undefined;
      const relay = createElicitationRelay({ identify: () => null, rateLimit: false, maxOpenPerPerson: perPerson });
      const start = await heap();
      const pending = [];
      for (let p = 0; p < people; p++) {
        for (let i = 0; i < perPerson; i++) pending.push(relay.request({ owner: `person-${p}`, serverName: "Deployer", params: fresh() }));
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const open = await heap();
      const perRequest = (open - start) / pending.length;
      const paramsPer = paramsBytes / pending.length;
      await relay.close();
      await Promise.all(pending);
      console.log(`\n### Heap per open request (${pending.length} open across ${people} people, memory store, after GC)\n`);
      console.log("| figure | value |");
      console.log("| --- | --: |");
      console.log(`| heap per open request, params included | ${kb(perRequest)} |`);
      console.log(`| its params alone | ${kb(paramsPer)} |`);
      console.log(`| the relay's own share | ${kb(perRequest - paramsPer)} |`);
    },
  },
  {
    name: "throughput",
    async run() {
      const count = 3_000;
      // One person holding all 3,000 at once: the stream's buffer is raised to hold that burst.
      const served = await serveRelay({ maxOpenPerPerson: count, maxStreamBufferBytes: 64 * 1024 * 1024 });
      const window = await openWindow(served.url, "alice");
      const settled = [];
      for (let i = 0; i < count; i++) settled.push(served.relay.request({ owner: "alice", serverName: "Deployer", params: fresh() }));
      const ids = [];
      for (let i = 0; i < count; i++) ids.push((await window.nextRequest()).data.id);
      const start = performance.now();
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const id = ids[next++];
          const status = await post(served.url, "alice", { id, result: answer });
          if (status !== 200) throw new Error(`POST answered ${status}`);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      await Promise.all(settled);
      const seconds = (performance.now() - start) / 1000;
      window.close();
      await served.close();
      console.log(`\n### Answers one instance takes (memory store, HTTP on loopback, 16 at a time)\n`);
      console.log(`${count} answers in ${seconds.toFixed(2)} s: **${Math.round(count / seconds)} answers/s** (each checked against its schema, settled once).`);
    },
  },
  {
    name: "churn",
    async run() {
      const total = 10_000;
      const store = createMemoryRelayStore({ recentMs: 1_000 });
      const relay = createElicitationRelay({ identify: (request) => request.headers.get("x-user"), store, rateLimit: false, answerRateLimit: false });
      // Warm up the code paths, so compiled code is in both figures.
      await churn(relay, 200);
      const start = await heap();
      await churn(relay, total);
      const after = await heap();
      // Closed requests are remembered for recentMs (here 1 s) for late answers and reconnecting windows.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await store.snapshot("person-0");
      const later = await heap();
      await relay.close();
      console.log(`\n### Heap after ${total.toLocaleString("en")} requests answered (memory store, after GC)\n`);
      console.log("| moment | heap used | vs. start |");
      console.log("| --- | --: | --: |");
      console.log(`| at start | ${mb(start)} | |`);
      console.log(`| right after (closings still remembered) | ${mb(after)} | ${kb(after - start)} |`);
      console.log(`| after the remembering time (recentMs) | ${mb(later)} | ${kb(later - start)} |`);
    },
  },
  {
    name: "browser",
    async run() {
      const { launchChromium } = await import("../scripts/launchChromium.mjs");
      const { runPageBench } = await import("./runPageBench.mjs");
      let variants;
      const redis = await startRedis();
      const redisStore = createRedisRelayStore({ url: redis.url });
      const relayOn = (store) =>
        createElicitationRelay({ identify: (request) => request.headers.get("x-user"), rateLimit: false, answerRateLimit: false, store });
      const relays = { memory: relayOn(createMemoryRelayStore()), redis: relayOn(redisStore) };
      const started = performance.now();
      try {
        await runPageBench(
          "bench:relay",
          join(import.meta.dirname, "relay"),
          async (url) => {
            const browser = await launchChromium();
            try {
              variants = await browserRounds(browser, url);
            } finally {
              await browser.close();
            }
          },
          browserRoutes(relays),
        );
      } finally {
        await Promise.all(Object.values(relays).map((relay) => relay.close()));
        await redisStore.close();
        await redis.stop();
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(`\n### In Chromium: to the card drawn, and Submit to settled (${BROWSER_ROUNDS} rounds each after 10 of warm-up, loopback)\n`);
      console.log("| path | request → card drawn p50 | p99 | Submit → settled p50 | p99 |");
      console.log("| --- | --: | --: | --: | --: |");
      for (const { name, toCard, toSettled } of variants) {
        console.log(`| ${name} | ${ms(pct(toCard, 50))} | ${ms(pct(toCard, 99))} | ${ms(pct(toSettled, 50))} | ${ms(pct(toSettled, 99))} |`);
      }
      const page = variants[0];
      console.log("\n| relay's added p99 (over in-page) | to the card drawn | Submit → settled | both | target |");
      console.log("| --- | --: | --: | --: | --: |");
      for (const [index, target] of [[1, 10], [2, 20]]) {
        const { name, ...relay } = variants[index];
        const card = pct(relay.toCard, 99) - pct(page.toCard, 99);
        const settle = pct(relay.toSettled, 99) - pct(page.toSettled, 99);
        const both = pct(relay.toCard.map((x, i) => x + relay.toSettled[i]), 99) - pct(page.toCard.map((x, i) => x + page.toSettled[i]), 99);
        const met = Math.max(card, settle) <= target ? "met" : "not met";
        console.log(`| ${name} | ${ms(card)} | ${ms(settle)} | ${ms(both)} | ≤ ${target} ms each: ${met} |`);
      }
      const offsets = variants.map((v) => v.offset.toFixed(2)).join(", ");
      console.log(
        `\nServer and page times are epoch milliseconds (\`performance.timeOrigin + performance.now()\` on each side, one machine); ` +
          `a round trip to the server put the server's clock at ${offsets} ms from the page's (median of 20, per page): the spans are good to about 1 ms. ` +
          `Card drawn = the end of the first frame rendered with it; Submit is a \`.click()\` in the page on both sides. ${seconds.toFixed(0)} s in all.`,
      );
    },
  },
  {
    name: "rate",
    async run() {
      const redis = await startRedis();
      const perSecond = 2_000;
      const rows = [];
      const load = [loadavg()];
      try {
        const stores = [["relay, memory store", { kind: "relay", store: "memory" }], ["relay, Redis store", { kind: "relay", store: "redis", url: redis.url }]];
        for (const [name, instance] of stores) rows.push({ name, ...(await steadyRun(instance, PEOPLE, perSecond)) });
      } finally {
        await redis.stop();
      }
      load.push(loadavg());
      const seconds = PEOPLE / perSecond;
      console.log(`\n### A steady rate: ${perSecond.toLocaleString("en")} questions a second over ${PEOPLE.toLocaleString("en")} people for ${seconds} s, one instance\n`);
      console.log("| store | delivered min | p50 | p99 | max | server's CPU per 1,000 delivered | target p99 |");
      console.log("| --- | --: | --: | --: | --: | --: | --: |");
      for (const row of rows) {
        const met = row.name.includes("Redis") ? `≤ 100 ms: ${pct(row.latencies, 99) <= 100 ? "met" : "not met"}` : "—";
        console.log(`| ${row.name} | ${ms(Math.min(...row.latencies))} | ${ms(pct(row.latencies, 50))} | ${ms(pct(row.latencies, 99))} | ${ms(Math.max(...row.latencies))} | ${((row.cpuMs / row.latencies.length) * 1000).toFixed(0)} ms | ${met} |`);
      }
      console.log(
        `\nEach person is asked once, in turn, at ${perSecond.toLocaleString("en")} a second (a timer every 5 ms asks everyone due by then; after 500 asked the same way as a warm-up). ` +
          "Delivered: from the request's due time — its slot in that schedule, so a server that falls behind counts — to its `request` event read by the person's client (epoch ms in both processes). " +
          `Load average (1 min) ${load.map((l) => l[0].toFixed(1)).join(" at the start, ")} at the end; ${cpus().length} cores.`,
      );
    },
  },
  {
    name: "file",
    async run() {
      const people = 2_000;
      const perSecond = 500;
      const bytes = 10 * 1024 * 1024;
      const form = {
        message: "Attach the signed scan.",
        requestedSchema: { type: "object", properties: { scan: { type: "string", format: "uri", title: "Scan", "x-mcp-file": { accept: ["application/pdf"] } } }, required: ["scan"] },
      };
      const instance = { kind: "relay", store: "memory", env: { BENCH_FILE_ANSWERS: "1" } };
      const load = [loadavg()];
      let alone;
      // Loaded: 500 ms in, one person (with a stream of their own) answers a file request with a 10 MB file.
      const loaded = await steadyRun(instance, people, perSecond, async (server, clients) => {
        const url = `http://127.0.0.1:${server.hello.port}/api/elicitation`;
        await clients.call("open", { url, owners: ["uploader"], concurrency: 1 });
        const answer = (id, size) => fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-user": "uploader" }, body: fileAnswerBody(id, size) });
        // A 1 KB file first: the schema's validator is compiled once per process, not measured here.
        await (await answer((await server.call("ask", { owner: "uploader", form })).requestId, 1024)).text();
        // One 10 MB answer alone (the streams idle): what taking it holds the loop for, nobody else asked.
        const soloId = (await server.call("ask", { owner: "uploader", form })).requestId;
        await server.call("loopDelay", { phase: "start" });
        const soloSent = epoch();
        await (await answer(soloId, bytes)).text();
        alone = { ...(await server.call("loopDelay", { phase: "stop" })), ms: epoch() - soloSent };
        const { requestId: id } = await server.call("ask", { owner: "uploader", form });
        const body = fileAnswerBody(id, bytes);
        return async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await server.call("loopDelay", { phase: "start" });
        const sent = epoch();
        const response = await fetch(`http://127.0.0.1:${server.hello.port}/api/elicitation`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-user": "uploader" },
          body,
        });
        await response.text();
        const replied = epoch();
        const delay = await server.call("loopDelay", { phase: "stop" });
        return { ...delay, status: response.status, sent, replied, length: body.length };
        };
      });
      const { sent, replied, status, length } = loaded.beside;
      // Quiet: the same steady requests, the event loop watched over a window as long, as far in.
      const quiet = await steadyRun(instance, people, perSecond, async (server) => async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await server.call("loopDelay", { phase: "start" });
        const from = epoch();
        await new Promise((resolve) => setTimeout(resolve, replied - sent));
        return { ...(await server.call("loopDelay", { phase: "stop" })), from, to: epoch() };
      });
      const quietDuring = quiet.latencies.filter((_, i) => quiet.started[i] >= quiet.beside.from && quiet.started[i] <= quiet.beside.to);
      // Other people's deliveries due while the answer was being sent, read and checked.
      const during = loaded.latencies.filter((_, i) => loaded.started[i] >= sent && loaded.started[i] <= replied);
      const quietP99 = pct(quietDuring, 99);
      load.push(loadavg());
      console.log(`\n### One 10 MB file answer among ${people.toLocaleString("en")} people asked at ${perSecond.toLocaleString("en")} a second (memory store, one instance)\n`);
      console.log("| figure | quiet | while the answer arrives and is checked | target | the answer alone, nobody asked |");
      console.log("| --- | --: | --: | --: | --: |");
      const delayMet = loaded.beside.p99 <= 50 ? "met" : "not met";
      console.log(`| event-loop delay p99 | ${ms(quiet.beside.p99)} | ${ms(loaded.beside.p99)} | ≤ 50 ms: ${delayMet} | ${ms(alone.p99)} |`);
      console.log(`| event-loop delay max | ${ms(quiet.beside.max)} | ${ms(loaded.beside.max)} | | ${ms(alone.max)} |`);
      console.log(`| CPU between two turns of the loop, p99 | ${ms(quiet.beside.cpuP99)} | ${ms(loaded.beside.cpuP99)} | | ${ms(alone.cpuP99)} |`);
      console.log(`| CPU between two turns of the loop, max | ${ms(quiet.beside.cpuMax)} | ${ms(loaded.beside.cpuMax)} | | ${ms(alone.cpuMax)} |`);
      const deliveryMet = pct(during, 99) <= 2 * quietP99 ? "met" : "not met";
      console.log(`| other people's delivery p99 | ${ms(quietP99)} (${quietDuring.length} delivered) | ${ms(pct(during, 99))} (${during.length} delivered) | ≤ 2 × quiet: ${deliveryMet} | — |`);
      console.log(
        `\nThe answer: ${(length / 1024 / 1024).toFixed(1)} MB of JSON (a ${bytes / 1024 / 1024} MB PDF as a base64 data: URI), POSTed from another process over loopback, answered ${status} after ${ms(replied - sent)} (alone: ${ms(alone.ms)}). ` +
          "Event-loop delay: the server's `monitorEventLoopDelay` (5 ms resolution), from the POST sent to its reply; quiet: a run of the same steady requests without it, over a window as long, 500 ms in. " +
          "CPU between two turns: the server's `process.cpuUsage()` between two runs of a 5 ms timer over the same window — how long the loop was held, without the time a loaded machine keeps the process off a core " +
          "(with requests due, it counts the catch-up too: a server kept off a core asks everyone due at its next turn). The answer alone: one more 10 MB answer before the steady requests start, the streams idle. " +
          "Delivery: as in the steady rate above, for the requests due in that window. " +
          `Load average (1 min) ${load.map((l) => l[0].toFixed(1)).join(" at the start, ")} at the end; ${cpus().length} cores.`,
      );
    },
  },
  {
    name: "scale",
    async run() {
      const files = Number(execFileSync("/bin/sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).trim());
      if (files < PEOPLE + 500) {
        throw new Error(`the scale leg holds ${PEOPLE} sockets in one process, and this shell allows ${files} open files: raise it (ulimit -Hn, as root) or pass --people`);
      }
      const [redis, postgres] = await Promise.all([startRedis(), SCALE_ROWS.has("postgres") ? startPostgres() : undefined]);
      const load = [loadavg()];
      const rows = [];
      try {
        const people = PEOPLE;
        const third = Math.round((people * 3) / 10);
        // The bare stream always runs: it is the base of the heap ratio. Each store's floor runs
        // beside the relays on it: the base of their CPU ratio (`floor` names its row).
        rows.push(await scaleRun("bare node:http event stream (the peer)", [{ kind: "bare" }], people));
        const usesRedis = SCALE_ROWS.has("redis") || SCALE_ROWS.has("three");
        for (const [prepare, label] of Object.entries(FLOOR_PREPARATIONS)) {
          const floor = (store, url) => scaleRun(`${FLOORS[store]} (${label})`, [{ kind: "floor", store, url, env: { BENCH_FLOOR_PREPARE: prepare } }], people);
          if (SCALE_ROWS.has("memory")) rows.push({ ...(await floor("memory")), floorOf: `memory ${prepare}` });
          if (usesRedis) rows.push({ ...(await floor("redis", redis.url)), floorOf: `redis ${prepare}` });
        }
        if (SCALE_ROWS.has("memory")) rows.push({ ...(await scaleRun("relay, memory store", [{ kind: "relay", store: "memory" }], people)), floor: "memory" });
        if (SCALE_ROWS.has("redis")) rows.push({ ...(await scaleRun("relay, Redis store", [{ kind: "relay", store: "redis", url: redis.url }], people)), floor: "redis" });
        if (postgres) rows.push(await scaleRun("relay, Postgres store", [{ kind: "relay", store: "postgres", url: postgres.url }], people));
        const three = Array.from({ length: 3 }, () => ({ kind: "relay", store: "redis", url: redis.url }));
        if (SCALE_ROWS.has("three")) rows.push({ ...(await scaleRun(`three instances, Redis store, ${third.toLocaleString("en")} people each`, three, third)), floor: "redis" });
      } finally {
        await Promise.all([redis.stop(), postgres?.stop()]);
      }
      load.push(loadavg());
      const bare = rows[0].perStream;
      const people = (row) => row.people.toLocaleString("en");
      const perThousand = (total, row) => `${((total / row.people) * 1000).toFixed(0)} ms`;
      console.log(`\n### At scale: ${PEOPLE.toLocaleString("en")} people, one idle event stream each, then one request each at once\n`);
      console.log("| instances | people | heap per idle stream (after GC) | vs. the bare stream | heap once all left, vs. before they came |");
      console.log("| --- | --: | --: | --: | --: |");
      for (const row of rows) {
        const signed = (x) => `${x >= 0 ? "+" : ""}${kb(x)}`;
        const after = row.after === undefined ? "—" : `${signed(row.after)}${row.again === undefined ? "" : `; ${signed(row.again)} from the end of round 1 to the end of round ${SCALE_ROUNDS}`}`;
        console.log(`| ${row.name} | ${people(row)} | ${kb(row.perStream)} | ${(row.perStream / bare).toFixed(2)} × | ${after} |`);
      }
      console.log(
        "\n| instances | streams ready | servers' CPU per 1,000 opened | burst delivered p50 | p99 | all delivered | servers' CPU per 1,000 delivered | vs. the floor, preparation each time (target ≤ 2 ×) | vs. the floor, preparation kept |",
      );
      console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: |");
      const floors = Object.fromEntries(rows.filter((row) => row.floorOf !== undefined).map((row) => [row.floorOf, row]));
      const perDelivery = (row) => row.burstCpu.servers / row.people;
      for (const row of rows) {
        const burst =
          row.latencies === undefined ? ["—", "—", "—", "—"] : [ms(pct(row.latencies, 50)), ms(pct(row.latencies, 99)), ms(row.allDelivered), perThousand(row.burstCpu.servers, row)];
        const ratios = Object.keys(FLOOR_PREPARATIONS).map((prepare) => {
          const floor = floors[`${row.floor} ${prepare}`];
          return floor === undefined ? "—" : `${(perDelivery(row) / perDelivery(floor)).toFixed(2)} ×`;
        });
        console.log(`| ${row.name} | ${(row.readyMs / 1000).toFixed(2)} s | ${perThousand(row.openCpu.servers, row)} | ${burst.join(" | ")} | ${ratios.join(" | ")} |`);
      }
      const avg = (l) => l.map((x) => x.toFixed(2)).join(", ");
      console.log(`\nLoad average (1, 5, 15 min): ${avg(load[0])} at the start, ${avg(load[1])} at the end; ${cpus().length} cores.`);
      console.log(
        "Heap: used after forced GC in each server process, with every stream open and idle, minus the same before any came (after a warm-up of 200 people), " +
          "per stream. Streams ready: from the first connection to the last `ready` event (256 connecting at a time). " +
          "Delivery: from `relay.request` called on the server to the `request` event read by the person's client (epoch ms in both processes); " +
          "with three instances each asks the people of the next. CPU: user + system time of the server processes, which a busy machine does not inflate as it does wall time; " +
          "a burst's from before its first request to its last delivery (the withdrawal after it not counted). " +
          "The floor: the same bare streams, each request's params prepared by the core (parse and limits), its `request` event serialised and written to the person's stream; " +
          "with the preparation kept, it is made once and found again by the params' JSON text (which the event then reuses), as the relay does; " +
          "on Redis each event one ioredis PUBLISH on the person's channel, written to the stream by the subscriber that receives it. vs. the floor: CPU per delivery over the floor's on the same store.",
      );
    },
  },
];

/** A child process answering commands over IPC: `call(command, args)` → its reply. */
async function child(script, args, execArgv = [], env = {}) {
  // Each process holds one socket per person: its soft limit of open files is raised to the hard one first.
  const process_ = spawn("/bin/sh", ["-c", 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', "sh", process.execPath, ...execArgv, join(import.meta.dirname, script), ...args], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, ...env },
  });
  let next = 0;
  const waiting = new Map();
  const first = new Promise((resolve, reject) => {
    process_.once("message", resolve);
    process_.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  process_.on("message", ({ id, error, ...reply }) => {
    if (id === undefined || !waiting.has(id)) return;
    const { resolve, reject } = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) reject(new Error(`${script}: ${error}`));
    else resolve(reply);
  });
  const hello = await first;
  return {
    hello,
    call: (command, rest = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        process_.send({ id, command, ...rest });
      }),
    stop: () => new Promise((resolve) => (process_.exitCode !== null ? resolve() : (process_.once("exit", resolve), process.kill(process_.pid, "SIGTERM")))),
  };
}

/**
 * One scale run: `instances` server processes (bench/relayScaleInstance.mjs), `perInstance` people
 * on each (bench/relayScaleClients.mjs, one process); heap per idle stream, streams ready, the burst
 * (relays only) and the heap once everyone left.
 */
async function scaleRun(name, instances, perInstance) {
  const clients = await child("relayScaleClients.mjs", []);
  const servers = await Promise.all(
    instances.map((instance) => child("relayScaleInstance.mjs", [instance.kind, instance.store ?? "", instance.url ?? ""], ["--expose-gc"], instance.env)),
  );
  const urls = servers.map((server) => `http://127.0.0.1:${server.hello.port}/api/elicitation`);
  // The relay and the floor ask; the bare stream only holds its streams open.
  const asks = instances[0].kind !== "bare";
  const relays = instances[0].kind === "relay";
  const ownersOf = (tag, count) => servers.map((_, i) => Array.from({ length: count }, (_, k) => `${tag}${i}-${k}`));
  // CPU time of the servers (together) and of the clients' process, in ms.
  const cpu = async () => ({
    servers: await Promise.all(servers.map((server) => server.call("cpu"))).then((all) => all.reduce((sum, { cpu }) => sum + cpu.user + cpu.system, 0) / 1000),
    clients: await clients.call("cpu").then(({ cpu }) => (cpu.user + cpu.system) / 1000),
  });
  const cpuSince = (start, end) => ({ servers: end.servers - start.servers, clients: end.clients - start.clients });
  const left = async () => {
    await clients.call("disconnect");
    for (let i = 0; i < 500; i++) {
      const streams = await Promise.all(servers.map((server) => server.call("streams").then((r) => r.streams)));
      if (streams.every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${name}: streams still open 10 s after every client left`);
  };
  // The burst's CPU runs from before the first request to the last delivery; the withdrawal after it is not counted.
  const burst = async (owners) => {
    const cpuBefore = await cpu();
    // Each instance asks the people of the next one: with Redis, every event crosses instances.
    const asked = owners.map((_, i) => owners[(i + 1) % owners.length]);
    const started = (await Promise.all(servers.map((server, i) => server.call("burst", { owners: asked[i] })))).flatMap((r) => r.started);
    const everyone = asked.flat();
    // People left without a request: the relay's refusals say why (the store refusing an open shows here, by its message).
    const { arrived } = await clients.call("requests", { owners: everyone, timeoutMs: 60_000 }).catch(async (error) => {
      const refusals = (await Promise.all(servers.map((server) => server.call("refusals")))).flatMap(({ refusals }) => Object.entries(refusals));
      const said = refusals.map(([message, count]) => `${count} × "${message}"`).join("; ");
      throw new Error(`${name}: ${error.message}; the relay refused ${refusals.reduce((sum, [, count]) => sum + count, 0)}${said ? `: ${said}` : ""}`);
    });
    const burstCpu = cpuSince(cpuBefore, await cpu());
    const latencies = arrived.map((at, i) => at - started[i]);
    const allDelivered = Math.max(...arrived) - Math.min(...started);
    await Promise.all(servers.map((server) => server.call("withdraw")));
    return { latencies, allDelivered, burstCpu };
  };
  try {
    // Warm-up: the code paths compiled, pools and caches filled, before the first reading.
    const warm = ownersOf("warm", 200);
    await Promise.all(warm.map((owners, i) => clients.call("open", { url: urls[i], owners, concurrency: 200 })));
    if (asks) await burst(warm);
    await left();
    await Promise.all(servers.map((server) => server.call("settle")));
    const before = await Promise.all(servers.map((server) => server.call("heap").then((r) => r.heap)));
    const owners = ownersOf("person", perInstance);
    const cpuBefore = await cpu();
    const opening = performance.now();
    await Promise.all(owners.map((list, i) => clients.call("open", { url: urls[i], owners: list, concurrency: 256 })));
    const readyMs = performance.now() - opening;
    const openCpu = cpuSince(cpuBefore, await cpu());
    const idle = await Promise.all(servers.map((server) => server.call("heap").then((r) => r.heap)));
    const perStream = idle.reduce((sum, heapUsed, i) => sum + heapUsed - before[i], 0) / (perInstance * servers.length);
    // BENCH_SCALE_SNAPSHOT=/tmp/scale: heap snapshots of the first server with every stream idle, and once all left.
    const snapshot = (moment) =>
      process.env.BENCH_SCALE_SNAPSHOT && servers[0].call("snapshot", { path: `${process.env.BENCH_SCALE_SNAPSHOT}-${instances.length}${instances[0].kind}${instances[0].store ?? ""}-${moment}.heapsnapshot` });
    await snapshot("idle");
    const delivered = asks ? await burst(owners) : {};
    await left();
    await Promise.all(servers.map((server) => server.call("settle")));
    const afterHeap = await Promise.all(servers.map((server) => server.call("heap").then((r) => r.heap)));
    await snapshot("after");
    const after = relays ? afterHeap.reduce((sum, heapUsed, i) => sum + heapUsed - before[i], 0) / servers.length : undefined;
    // --scale-rounds 2 and up: the same people come, are asked and leave again; the heap after the
    // last time against after the first says whether anything stays behind per round.
    let again;
    for (let round = 1; relays && round < SCALE_ROUNDS; round++) {
      await Promise.all(owners.map((list, i) => clients.call("open", { url: urls[i], owners: list, concurrency: 256 })));
      await burst(owners);
      await left();
      await Promise.all(servers.map((server) => server.call("settle")));
      const last = await Promise.all(servers.map((server) => server.call("heap").then((r) => r.heap)));
      again = last.reduce((sum, heapUsed, i) => sum + heapUsed - afterHeap[i], 0) / servers.length;
    }
    await Promise.all(servers.map((server) => server.call("close")));
    return { name, people: perInstance * servers.length, perStream, readyMs, openCpu, ...delivered, after, again };
  } finally {
    await Promise.all([...servers, clients].map((process_) => process_.stop()));
  }
}

/**
 * One server process (`instance`) with `people` idle streams, then requests at a steady `perSecond`,
 * one per person in turn; `setup(server, clients)`, when given, runs before them, and what it returns,
 * `during`, beside them.
 * Delivery: from each request's due time (its slot in the schedule, so a late event loop counts) to
 * its `request` event read by the person's client.
 */
async function steadyRun(instance, people, perSecond, setup) {
  const clients = await child("relayScaleClients.mjs", []);
  const server = await child("relayScaleInstance.mjs", [instance.kind, instance.store ?? "", instance.url ?? ""], ["--expose-gc"], instance.env);
  const url = `http://127.0.0.1:${server.hello.port}/api/elicitation`;
  const cpu = async () => (await server.call("cpu")).cpu;
  try {
    // Warm-up: 500 asked at the same rate, so compiled code is in the figures.
    const warm = Array.from({ length: 500 }, (_, k) => `warm-${k}`);
    const owners = Array.from({ length: people }, (_, k) => `person-${k}`);
    await clients.call("open", { url, owners: [...warm, ...owners], concurrency: 256 });
    const run = async (asked, setup_) => {
      const during = await setup_?.(server, clients);
      const before = await cpu();
      const steady = server.call("steady", { owners: asked, perSecond });
      const beside = await during?.();
      const { started } = await steady;
      const { arrived } = await clients.call("requests", { owners: asked, timeoutMs: 60_000 });
      const after = await cpu();
      await server.call("withdraw");
      return { latencies: arrived.map((at, i) => at - started[i]), started, arrived, cpuMs: (after.user + after.system - before.user - before.system) / 1000, beside };
    };
    await run(warm);
    return await run(owners, setup);
  } finally {
    await Promise.all([server, clients].map((process_) => process_.stop()));
  }
}

/** A file answer of `bytes` (a PDF of "A"s, as a base64 data: URI) for request `id`, as the page POSTs it. */
function fileAnswerBody(id, bytes) {
  const scan = `data:application/pdf;name=scan.pdf;base64,${Buffer.alloc(bytes, 0x41).toString("base64")}`;
  return JSON.stringify({ id, result: { action: "accept", content: { scan } } });
}

/** `count` requests across 100 people, each answered through relay.handle (no sockets: the relay's own cost). */
async function churn(relay, count) {
  const stream = async (user) => {
    const response = await relay.handle(new Request("http://bench/api", { headers: { accept: "text/event-stream", "x-user": user } }));
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    return {
      async nextId() {
        for (;;) {
          const match = /event: request\nid: \d+\ndata: (\{"id":"([^"]+)")/.exec(buffer);
          if (match) {
            buffer = buffer.slice(match.index + match[0].length);
            return match[2];
          }
          buffer += decoder.decode((await reader.read()).value);
        }
      },
      close: () => reader.cancel(),
    };
  };
  const windows = await Promise.all(Array.from({ length: 100 }, (_, p) => stream(`person-${p}`)));
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      windows.map(async (window, p) => {
        const user = `person-${p}`;
        const settled = relay.request({ owner: user, serverName: "Deployer", params: fresh() });
        const id = await window.nextId();
        const response = await relay.handle(
          new Request("http://bench/api", { method: "POST", headers: { "content-type": "application/json", "x-user": user }, body: JSON.stringify({ id, result: answer }) }),
        );
        if (response.status !== 200) throw new Error(`POST answered ${response.status}`);
        await settled;
      }),
    );
  }
  await Promise.all(windows.map((window) => window.close()));
}

setTimeout(() => {
  console.error("bench:relay: still running after 30 minutes; giving up.");
  process.exit(2);
}, 1_800_000).unref();
console.log(`## bench:relay — Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
for (const leg of LEGS) if (CHOSEN.has(leg.name)) await leg.run();
process.exit(0);
