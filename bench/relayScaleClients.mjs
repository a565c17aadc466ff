// The people of bench:relay's scale leg, in a process of their own (so their sockets weigh nothing in
// the servers' heaps), driven over IPC by bench/relay.mjs (never run alone). Each person holds one
// event stream (node:http, one socket each) and notes when its `ready` and its first `request` event
// arrive (epoch ms, comparable across processes on one machine).
import { request as httpRequest } from "node:http";

const epoch = () => performance.timeOrigin + performance.now();
const people = new Map();

/** Opens `owners`' streams on `url`, at most `concurrency` still waiting for `ready` at a time. */
function open({ url, owners, concurrency }) {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = epoch();
    let next = 0;
    let ready = 0;
    const startOne = () => {
      const owner = owners[next++];
      const person = { owner, ready: undefined, request: undefined, req: undefined };
      people.set(owner, person);
      let buffer = "";
      person.req = httpRequest({ host: hostname, port, path: pathname, agent: false, headers: { accept: "text/event-stream", "x-user": owner } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`${owner}: GET answered ${res.statusCode}`));
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("event: request\n")) person.request ??= epoch();
            else if (block.startsWith("event: ready\n") && person.ready === undefined) {
              person.ready = epoch();
              ready++;
              if (next < owners.length) startOne();
              else if (ready === owners.length) resolve({ ms: epoch() - started });
            }
          }
        });
        res.on("error", () => undefined);
      });
      person.req.on("error", (error) => {
        if (person.ready === undefined) reject(new Error(`${owner}: ${error.message}`));
      });
      person.req.end();
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
  for (const person of people.values()) person.req.destroy();
  people.clear();
  return {};
}

const commands = { open, requests, disconnect };
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
