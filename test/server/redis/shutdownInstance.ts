// A relay instance as docs/relay.md's shutdown recipe writes it (started by relayShutdown.test.ts):
// a Redis store, a relay, a node:http server, and on SIGTERM relay.close(), the store's close() and
// server.close() — never process.exit: the process must end because nothing is left running.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { sendFetchResponse } from "../../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../../src/server/toFetchRequest";

const store = createRedisRelayStore({ url: process.env.REDIS_URL!, prefix: process.env.RELAY_PREFIX });
const relay = createElicitationRelay({ identify: (request) => request.headers.get("x-user"), store });
const server = createServer((req, res) => void relay.handle(toFetchRequest(req)).then((response) => sendFetchResponse(res, response)));

process.once("SIGTERM", () => {
  void (async () => {
    await relay.close();
    await store.close();
    server.close();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    process.send!({ type: "closed" });
  })();
});

server.listen(0, "127.0.0.1", () => {
  process.send!({ type: "listening", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/elicitation` });
  // A question held here, and a run waiting for its chat's Stop, while the process is asked to end.
  const run = relay.stopSignal({ owner: "ada", context: { chatId: "c1" } });
  relay
    .request({
      owner: "ada",
      serverName: "Deploy",
      signal: run,
      context: { chatId: "c1" },
      params: { message: "Deploy where?", requestedSchema: { type: "object", properties: { region: { type: "string" } }, required: [] } },
    })
    .then(
      (result) => process.send!({ type: "settled", result }),
      (error: Error) => process.send!({ type: "settled", error: error.message }),
    );
});
