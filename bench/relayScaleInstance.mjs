// One server process of bench:relay's scale leg, driven over IPC by bench/relay.mjs (never run alone).
//   node --expose-gc bench/relayScaleInstance.mjs relay memory
//   node --expose-gc bench/relayScaleInstance.mjs relay redis redis://127.0.0.1:PORT
//   node --expose-gc bench/relayScaleInstance.mjs relay postgres postgres://postgres@127.0.0.1:PORT/postgres
//   node --expose-gc bench/relayScaleInstance.mjs bare
//   node --expose-gc bench/relayScaleInstance.mjs floor memory|redis [redis://127.0.0.1:PORT]
// "relay": the built package's relay behind node:http through its Node adapter, as hosts mount it.
// "bare": the peer the relay's figure is read against — a plain node:http event stream (headers, one
// comment, the response held open), no relay at all.
// "floor": the work a delivery cannot skip, done by hand on the same bare streams: the core's
// preparation of the params (parse and limits), the `request` event serialised and written to the
// person's stream; with "redis", each event PUBLISHed by one ioredis connection and written by
// whoever receives it on another (one channel per person, subscribed as the stream opens).
import { createServer } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { writeHeapSnapshot } from "node:v8";

const [kind, storeName, storeUrl] = process.argv.slice(2);
const dist = new URL("../dist/", import.meta.url);
const epoch = () => performance.timeOrigin + performance.now();
const heap = async () => {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
};

// The six-field form of the other legs, a new object per request (as off the wire).
const params = () => ({
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
});

let handler;
let relay;
let streams = () => 0;
let store;
/** One request for `owner`, as the kind does it (relay.request, or the floor's work by hand). */
let ask;
/** The ids of requests opened, by owner (the relay's `requested` events). */
const askedIds = new Map();
const pending = new Map();
/** Requests the relay refused (rejected before their withdrawal), by the error's message. */
const refused = new Map();
if (kind === "bare" || kind === "floor") {
  const held = new Map();
  let publish;
  let subscribe = async () => undefined;
  if (kind === "floor") {
    const { prepareElicitationRequest } = await import(new URL("core.js", dist));
    let next = 0;
    const write = (owner, data) => held.get(owner)?.write(`event: request\nid: ${next}\ndata: ${data}\n\n`);
    if (storeName === "redis") {
      const { Redis } = await import("ioredis");
      const publisher = new Redis(storeUrl);
      const subscriber = new Redis(storeUrl);
      subscriber.on("message", (channel, message) => write(channel.slice(2), message));
      subscribe = (owner) => subscriber.subscribe(`p:${owner}`);
      publish = (owner, data) => void publisher.publish(`p:${owner}`, data);
    } else {
      publish = write;
    }
    // BENCH_FLOOR_PREPARE=once: the preparation kept by the params' JSON text, as the relay keeps it
    // (that text serialised once, and put in the event); else made for every request.
    const kept = process.env.BENCH_FLOOR_PREPARE === "once" ? new Map() : undefined;
    ask = (owner, given) => {
      const text = kept === undefined ? undefined : JSON.stringify(given);
      let prepared = kept?.get(text);
      if (prepared === undefined) {
        prepared = prepareElicitationRequest(given, {});
        kept?.set(text, prepared);
      }
      if (!prepared.ok) throw new Error("the floor's params did not prepare");
      const receivedAt = Date.now();
      const id = `floor-${next++}`;
      publish(
        owner,
        text === undefined
          ? JSON.stringify({ id, serverName: "Deployer", params: given, receivedAt, deadline: receivedAt + 600_000 })
          : `{"id":"${id}","serverName":"Deployer","params":${text},"receivedAt":${receivedAt},"deadline":${receivedAt + 600_000}}`,
      );
    };
  }
  handler = (req, res) => {
    const owner = req.headers["x-user"];
    void subscribe(owner).then(() => {
      res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
      res.write(": ready\n\nevent: ready\nid: 0\ndata: {\"open\":[]}\n\n");
    });
    held.set(owner, res);
    res.once("close", () => held.delete(owner));
  };
  streams = () => held.size;
} else {
  const { createElicitationRelay, createMemoryRelayStore, toFetchRequest, sendFetchResponse } = await import(new URL("server.js", dist));
  const { fileInputs } = await import(new URL("core.js", dist));
  if (storeName === "redis") {
    const { createRedisRelayStore } = await import(new URL("server/redis.js", dist));
    // The subscriber's heartbeat waits 30 s, not 5 s: on a loaded machine a late ping reads as a dead
    // connection, which ends every stream (a browser reconnects; these clients do not).
    store = createRedisRelayStore({ url: storeUrl, recentMs: 1_000, heartbeatMs: 30_000 });
  } else if (storeName === "postgres") {
    const { createPostgresRelayStore } = await import(new URL("server/postgres.js", dist));
    store = createPostgresRelayStore({ connectionString: storeUrl, recentMs: 1_000 });
  } else {
    store = createMemoryRelayStore({ recentMs: 1_000 });
  }
  relay = createElicitationRelay({
    identify: (request) => request.headers.get("x-user"),
    store,
    rateLimit: false,
    answerRateLimit: false,
    maxStreamsPerPerson: 8,
    // A bench leg sends a 10 MB file answer: the relay takes files up to that size.
    ...(process.env.BENCH_FILE_ANSWERS ? { fileInputs, limits: { maxFileSize: 10 * 1024 * 1024 } } : {}),
    onEvent: (event) => {
      if (event.type === "requested") askedIds.set(event.owner, event.id);
      if (event.type === "stream-opened") open++;
      else if (event.type === "stream-closed") open--;
    },
  });
  let open = 0;
  streams = () => open;
  handler = (req, res) => void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response));
  ask = (owner, given) => {
    const withdraw = new AbortController();
    const answer = relay.request({ owner, serverName: "Deployer", params: given, signal: withdraw.signal });
    const entry = {
      withdraw,
      answer: answer.catch((error) => {
        entry.error = error;
        // Refused before the bench withdrew it: counted by its message (the `refusals` command).
        if (!withdraw.signal.aborted) refused.set(String(error?.message), (refused.get(String(error?.message)) ?? 0) + 1);
      }),
    };
    pending.set(owner, entry);
  };
}

const server = createServer(handler);
// Connections come in hundreds at a time; the kernel caps the backlog at net.core.somaxconn.
await new Promise((resolve) => server.listen({ port: 0, host: "127.0.0.1", backlog: 4096 }, resolve));

// BENCH_SCALE_PROFILE=/tmp/burst: a CPU profile of each burst, from the first request to the withdrawal.
const { Session } = await import("node:inspector/promises");
const profiler = process.env.BENCH_SCALE_PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post("Profiler.enable");
  await profiler.post("Profiler.setSamplingInterval", { interval: 100 });
}
let profiles = 0;
let loopDelay;
let cpuTimer;
let cpuTurns = [];

const commands = {
  heap: async () => ({ heap: await heap() }),
  streams: async () => ({ streams: streams() }),
  cpu: async () => ({ cpu: process.cpuUsage() }),
  refusals: async () => ({ refusals: Object.fromEntries(refused) }),
  snapshot: async ({ path }) => {
    await heap();
    return { path: writeHeapSnapshot(path) };
  },
  /** One request for each of `owners`, all issued in one go; each one's start time (epoch ms). */
  burst: async ({ owners }) => {
    await profiler?.post("Profiler.start");
    const started = [];
    for (const owner of owners) {
      started.push(epoch());
      ask(owner, params());
    }
    return { started };
  },
  /**
   * `owners` asked at a steady `perSecond` (in the order given), each at its due time: a timer every
   * 5 ms asks everyone due by then. Returns each one's due time (epoch ms), so a late loop counts.
   * `loopDelay`: the event loop's delay while it ran (p99 and max, ms).
   */
  steady: async ({ owners, perSecond }) => {
    await profiler?.post("Profiler.start");
    const start = epoch() + 20;
    const due = owners.map((_, i) => start + (i * 1000) / perSecond);
    await new Promise((resolve) => {
      let next = 0;
      const timer = setInterval(() => {
        const now = epoch();
        while (next < owners.length && due[next] <= now) ask(owners[next++], params());
        if (next === owners.length) resolve(clearInterval(timer));
      }, 5);
    });
    return { started: due };
  },
  /** Opens one request for `owner` and says its id (for a POST from outside). */
  ask: async ({ owner, form }) => {
    askedIds.delete(owner);
    ask(owner, form);
    for (let i = 0; i < 500 && !askedIds.has(owner); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    if (!askedIds.has(owner)) throw new Error(`${owner}'s request did not open: ${(await pending.get(owner)?.answer, pending.get(owner)?.error)}`);
    return { requestId: askedIds.get(owner) };
  },
  /**
   * The event loop's delay from `loopDelay start` to `loopDelay stop` (ms, 5 ms resolution), and the
   * CPU time the process spent between two turns of a 5 ms timer: the same stalls, without the time a
   * loaded machine keeps the process waiting for a core (which the delay counts as well).
   */
  loopDelay: async ({ phase }) => {
    if (phase === "start") {
      loopDelay = monitorEventLoopDelay({ resolution: 5 });
      loopDelay.enable();
      cpuTurns = [];
      let last = process.cpuUsage();
      cpuTimer = setInterval(() => {
        const now = process.cpuUsage();
        cpuTurns.push((now.user + now.system - last.user - last.system) / 1000);
        last = now;
      }, 5);
      return {};
    }
    loopDelay.disable();
    clearInterval(cpuTimer);
    const sorted = cpuTurns.sort((a, b) => a - b);
    return {
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
      samples: loopDelay.count,
      cpuP99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))],
      cpuMax: sorted.at(-1),
    };
  },
  /** Withdraws every open request and waits until each has left (the store remembers them for recentMs). */
  withdraw: async () => {
    if (profiler) {
      const { profile } = await profiler.post("Profiler.stop");
      const { writeFileSync } = await import("node:fs");
      writeFileSync(`${process.env.BENCH_SCALE_PROFILE}-${process.pid}-${profiles++}.cpuprofile`, JSON.stringify(profile));
    }
    const all = [...pending.values()];
    pending.clear();
    for (const { withdraw } of all) withdraw.abort();
    await Promise.all(all.map(({ answer }) => answer));
    return {};
  },
  /** Lets closings age out of the memory store (recentMs is 1 s here): its next look-up forgets them. */
  settle: async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    if (storeName === "memory") await store?.snapshot("nobody");
    return {};
  },
  close: async () => {
    await relay?.close();
    await store?.close?.();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    return {};
  },
};

process.on("message", async ({ id, command, ...args }) => {
  try {
    process.send({ id, ...(await commands[command](args)) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
process.send({ port: server.address().port });
