// One server process of bench:relay's scale leg, driven over IPC by bench/relay.mjs (never run alone).
//   node --expose-gc bench/relayScaleInstance.mjs relay memory
//   node --expose-gc bench/relayScaleInstance.mjs relay redis redis://127.0.0.1:PORT
//   node --expose-gc bench/relayScaleInstance.mjs relay postgres postgres://postgres@127.0.0.1:PORT/postgres
//   node --expose-gc bench/relayScaleInstance.mjs bare
// "relay": the built package's relay behind node:http through its Node adapter, as hosts mount it.
// "bare": the peer the relay's figure is read against — a plain node:http event stream (headers, one
// comment, the response held open), no relay at all.
import { createServer } from "node:http";
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
const pending = new Map();
if (kind === "bare") {
  const held = new Set();
  handler = (req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" });
    res.write(": ready\n\nevent: ready\nid: 0\ndata: {\"open\":[]}\n\n");
    held.add(res);
    res.once("close", () => held.delete(res));
  };
  streams = () => held.size;
} else {
  const { createElicitationRelay, createMemoryRelayStore, toFetchRequest, sendFetchResponse } = await import(new URL("server.js", dist));
  if (storeName === "redis") {
    const { createRedisRelayStore } = await import(new URL("server/redis.js", dist));
    store = createRedisRelayStore({ url: storeUrl, recentMs: 1_000 });
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
    onEvent: (event) => {
      if (event.type === "stream-opened") open++;
      else if (event.type === "stream-closed") open--;
    },
  });
  let open = 0;
  streams = () => open;
  handler = (req, res) => void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response));
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

const commands = {
  heap: async () => ({ heap: await heap() }),
  streams: async () => ({ streams: streams() }),
  cpu: async () => ({ cpu: process.cpuUsage() }),
  snapshot: async ({ path }) => {
    await heap();
    return { path: writeHeapSnapshot(path) };
  },
  /** One request for each of `owners`, all issued in one go; each one's start time (epoch ms). */
  burst: async ({ owners }) => {
    await profiler?.post("Profiler.start");
    const started = [];
    for (const owner of owners) {
      const withdraw = new AbortController();
      started.push(epoch());
      const answer = relay.request({ owner, serverName: "Deployer", params: params(), signal: withdraw.signal });
      pending.set(owner, { withdraw, answer: answer.catch(() => undefined) });
    }
    return { started };
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
    if (storeName === "memory") await store.snapshot("nobody");
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
