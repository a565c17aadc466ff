// A TCP proxy between relay instances and redis-server that fails on demand, the way networks do:
// cut every connection, refuse new ones for a while, or hold bytes (a stall: nothing delivered,
// nothing closed). 127.0.0.1, a free port, closed by the test.
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface TcpFaultProxy {
  /** The Redis URL through the proxy. */
  readonly url: string;
  /** The proxy's port on 127.0.0.1 (for a URL of another scheme). */
  readonly port: number;
  /** Destroys every connection now (both ends see it close). */
  cut(): void;
  /** While true, a new connection is closed as soon as it arrives. */
  refuse(on: boolean): void;
  /** While true, bytes are held in both directions (the connections stay open). Releasing delivers them. */
  stall(on: boolean): void;
  /** Connections open now. */
  connections(): number;
  close(): Promise<void>;
}

export async function startTcpFaultProxy(targetPort: number): Promise<TcpFaultProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket; held: { to: Socket; chunk: Buffer }[] }>();
  let refusing = false;
  let stalled = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, "127.0.0.1");
    const pair = { client, upstream, held: [] as { to: Socket; chunk: Buffer }[] };
    pairs.add(pair);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (stalled) pair.held.push({ to, chunk });
      else to.write(chunk);
    };
    client.on("data", forward(upstream));
    upstream.on("data", forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    cut() {
      for (const pair of [...pairs]) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
    },
    refuse(on) {
      refusing = on;
    },
    stall(on) {
      stalled = on;
      if (on) return;
      for (const pair of pairs) for (const { to, chunk } of pair.held.splice(0)) to.write(chunk);
    },
    connections: () => pairs.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const pair of [...pairs]) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
