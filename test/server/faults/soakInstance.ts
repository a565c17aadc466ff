// One relay instance of the soak (test/server/faults/relaySoak.ts), in its own Node process: a Redis
// store (or a Postgres one, given POSTGRES_URL) through the soak's fault proxy, a relay, a node:http server on 127.0.0.1. Asked over IPC to
// make requests as its MCP client would (some withdrawn after a while), it reports how each settled.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createPostgresRelayStore } from "../../../src/server/postgres/createPostgresRelayStore";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { sendFetchResponse } from "../../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../../src/server/toFetchRequest";

const timing = { prefix: "soak", leaseMs: 3_000, sweepMs: 500, heartbeatMs: 1_000 };
const store = process.env.POSTGRES_URL ? createPostgresRelayStore({ connectionString: process.env.POSTGRES_URL, ...timing }) : createRedisRelayStore({ url: process.env.REDIS_URL!, ...timing });
const relay = createElicitationRelay({
  identify: (request) => request.headers.get("x-user"),
  store,
  rateLimit: false,
  answerRateLimit: false,
  storeTimeoutMs: 1_500,
  timeoutMs: Number(process.env.SOAK_TIMEOUT_MS),
});
const server = createServer((req, res) => void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response)));
server.listen(0, "127.0.0.1", () => {
  process.send!({ type: "listening", port: (server.address() as AddressInfo).port });
});

export type SoakAsk = { type: "request"; key: string; owner: string; params: unknown; withdrawAfterMs?: number };
export type SoakSettled = { type: "settled"; key: string; result?: { action: string; content?: Record<string, unknown> }; error?: string };

// The soak is over (or its parent died): nothing is left to report to.
process.on("disconnect", () => process.exit(0));
const report = (message: SoakSettled) => {
  if (process.connected) process.send!(message);
};

process.on("message", (message: SoakAsk) => {
  const controller = new AbortController();
  if (message.withdrawAfterMs !== undefined) setTimeout(() => controller.abort(new Error("withdrawn by its server")), message.withdrawAfterMs).unref();
  relay.request({ owner: message.owner, serverName: "Soak", params: message.params, signal: controller.signal, context: { key: message.key, owner: message.owner } }).then(
    (result) => report({ type: "settled", key: message.key, result }),
    (error: Error) => report({ type: "settled", key: message.key, error: controller.signal.aborted ? "withdrawn" : error.name }),
  );
});
