// The people of bench:relay's scale leg, in a process of their own (so their sockets weigh nothing in
// the servers' heaps), driven over IPC by bench/relay.mjs (never run alone). Each person holds one
// event stream — HTTP/1.1 on a TCP socket of its own, written and read here by hand, so the client's
// own CPU stays small beside the servers' — and notes when its `ready` and its first `request` event
// arrive (epoch ms, comparable across processes on one machine).
import { connect } from "node:net";

const epoch = () => performance.timeOrigin + performance.now();
const people = new Map();
const READY = "event: ready\n";
const REQUEST = "event: request\n";

/** Opens `owners`' streams on `url`, at most `concurrency` still waiting for `ready` at a time. */
function open({ url, owners, concurrency }) {
  const { hostname, port, pathname, host } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = epoch();
    let next = 0;
    let ready = 0;
    const startOne = () => {
      const owner = owners[next++];
      const person = { owner, answered: false, ready: undefined, request: undefined, socket: undefined };
      people.set(owner, person);
      // Only the tail of what came is kept: enough to find an event name cut across two reads.
      let tail = "";
      person.socket = connect(Number(port), hostname, () => {
        person.socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\nx-user: ${owner}\r\n\r\n`);
      });
      person.socket.setEncoding("latin1");
      person.socket.on("data", (chunk) => {
        const text = tail + chunk;
        tail = text.slice(-REQUEST.length);
        if (person.ready === undefined) {
          if (!person.answered && !text.startsWith("HTTP/1.1 200")) return reject(new Error(`${owner}: ${text.slice(0, text.indexOf("\r"))}`));
          person.answered = true;
          if (text.includes(READY)) {
            person.ready = epoch();
            ready++;
            if (next < owners.length) startOne();
            else if (ready === owners.length) resolve({ ms: epoch() - started });
          }
        } else if (person.request === undefined && text.includes(REQUEST)) person.request = epoch();
      });
      person.socket.on("error", (error) => {
        if (person.ready === undefined) reject(new Error(`${owner}: ${error.message}`));
      });
    };
    for (let i = 0; i < Math.min(concurrency, owners.length); i++) startOne();
  });
}

/** Resolves when each of `owners` has had a `request` event, with the times they arrived (or fails after `timeoutMs`). */
async function requests({ owners, timeoutMs }) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const missing = owners.filter((owner) => people.get(owner)?.request === undefined).length;
    if (missing === 0) break;
    if (Date.now() > until) throw new Error(`${missing} of ${owners.length} people had no request after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const arrived = owners.map((owner) => people.get(owner).request);
  for (const owner of owners) people.get(owner).request = undefined;
  return { arrived };
}

function disconnect() {
  for (const person of people.values()) person.socket.destroy();
  people.clear();
  return {};
}

const commands = { open, requests, disconnect, cpu: () => ({ cpu: process.cpuUsage() }) };
process.on("message", async ({ id, command, ...args }) => {
  try {
    process.send({ id, ...(await commands[command](args)) });
  } catch (error) {
    process.send({ id, error: String(error?.message ?? error) });
  }
});
process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
process.send({ started: true });
