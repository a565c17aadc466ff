// A load balancer in front of the app's instances, as small as it gets (node:http): each request goes
// to the next instance in turn (no sticky sessions), responses stream through as they come (event
// streams, the chat's answer), and an instance that refuses the connection (it is shutting down) is
// skipped for the next. `steer` sends the requests a test names to one instance; `log` says who served
// what, and what each event stream carried.
import { createServer, request as forward, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface Proxied {
  method: string;
  path: string;
  /** The index of the instance that answered. */
  instance: number;
  /** The request's Cookie header: whose request it was. */
  cookie?: string;
  /** An event stream's text as it went to the browser. */
  streamed: string;
}

export interface RoundRobinProxy {
  url: string;
  log: Proxied[];
  /** Sends every later request `matches` picks to `instance` (until the returned function is called). */
  steer(matches: (method: string, path: string) => boolean, instance: number): () => void;
  close(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const log: Proxied[] = [];
  const rules = new Set<{ matches: (method: string, path: string) => boolean; instance: number }>();

  const server = createServer(async (req, res) => {
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://proxy").pathname; // what rules and the log match: no query
    // Bodies here are small (a message, an answer): read whole, so a refused connection can be tried on the next instance.
    const body = await readBody(req);
    const steered = [...rules].find((rule) => rule.matches(method, path));
    const first = steered?.instance ?? next++ % ports.length;
    const order = ports.map((_, offset) => (first + offset) % ports.length);

    const attempt = (tried: number) => {
      const instance = order[tried]!;
      const upstream = forward({ host: "127.0.0.1", port: ports[instance], method, path: req.url, headers: req.headers }, (answer) => {
        const entry: Proxied = { method, path, instance, cookie: req.headers.cookie, streamed: "" };
        log.push(entry);
        if (String(answer.headers["content-type"]).startsWith("text/event-stream")) answer.on("data", (chunk: Buffer) => void (entry.streamed += chunk.toString()));
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
        answer.pipe(res);
      });
      upstream.on("error", () => {
        if (res.headersSent) return void res.destroy();
        if (tried + 1 < order.length) return attempt(tried + 1);
        res.writeHead(502).end();
      });
      // The browser went away (a reload, a closed tab): so does the request to the instance.
      res.on("close", () => upstream.destroy());
      upstream.end(body);
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    steer(matches, instance) {
      const rule = { matches, instance };
      rules.add(rule);
      return () => void rules.delete(rule);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
