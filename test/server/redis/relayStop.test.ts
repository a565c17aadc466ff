// @vitest-environment node
// The chat's Stop is not a disconnect, on any instance: two relays sharing one real redis-server, the
// run on instance A, the person's window on B. A reload (the stream cut and opened again) keeps the
// run and its question; `relay.stop` through B aborts A's run of that chat only, and closes its card.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { identifyByHeader, isRequest, openStream, serve, requestId } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const form = { message: "Deploy where?", requestedSchema: { type: "object", properties: { region: { type: "string" } }, required: [] } };

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
}, 30_000);
afterAll(() => redis?.stop());
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

let prefixes = 0;
async function twoInstances() {
  const prefix = `stop${prefixes++}`;
  const make = async () => {
    const store = createRedisRelayStore({ url: redis.url, prefix });
    const relay = createElicitationRelay({ identify: identifyByHeader, store });
    const served = await serve(relay.handle);
    cleanup.push(() => store.close(), () => relay.close(), () => served.close());
    return { relay, url: served.url };
  };
  return { a: await make(), b: await make() };
}

const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 4_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("relay.stop and relay.stopSignal across instances", () => {
  it("a reload keeps the run and its question; Stop through the other instance aborts that chat's run only and closes its card", async () => {
    const { a, b } = await twoInstances();
    const chat1 = a.relay.stopSignal({ owner: "ada", context: { chatId: "c1" } });
    const chat2 = a.relay.stopSignal({ owner: "ada", context: { chatId: "c2" } });
    const bobs = a.relay.stopSignal({ owner: "bob", context: { chatId: "c1" } });
    const asked = a.relay.request({ owner: "ada", serverName: "Deploy", params: form, signal: chat1, context: { chatId: "c1", toolCallId: "t1" } });
    const outcome = asked.then(
      () => "answered",
      (error: Error) => error.name,
    );

    const first = await openStream(b.url, "ada");
    const card = await first.next(isRequest, 5_000);
    // The page goes away (reload, closed tab, dropped network) and comes back.
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await openStream(b.url, "ada");
    cleanup.push(() => second.close());
    expect(requestId(await second.next(isRequest, 5_000))).toBe(requestId(card));
    expect(chat1.aborted).toBe(false);

    await b.relay.stop({ owner: "ada", context: { chatId: "c1" } });
    await until(() => chat1.aborted, "chat 1's run was aborted by a Stop through the other instance");
    expect((chat1.reason as Error).name).toBe("AbortError");
    const closed = await second.next((event) => event.event === "closed", 5_000);
    expect((closed.data as { id: string }).id).toBe(requestId(card));
    // Its MCP client is no longer kept waiting: cancelled by the withdrawal, or aborted with the run, whichever came first.
    expect(["answered", "AbortError"]).toContain(await outcome);
    // Another chat of hers, and bob's chat of the same id, run on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([chat2.aborted, bobs.aborted]).toEqual([false, false]);
  });

  it("Stop for a chat covers its tool calls; a signal is refused a scope naming nothing", async () => {
    const { a, b } = await twoInstances();
    const call = a.relay.stopSignal({ owner: "ada", context: { chatId: "c1", toolCallId: "t9" } });
    // The instance's first signal joins the store's feed (once per process).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await b.relay.stop({ owner: "ada", context: { chatId: "c1" } });
    await until(() => call.aborted, "a tool call's signal was aborted by its chat's Stop");
    expect(() => a.relay.stopSignal({ owner: "ada", context: {} })).toThrow(/relay.stopSignal: context must name at least one entry/);
    await expect(b.relay.stop({ owner: "", context: { chatId: "c1" } })).rejects.toThrow(/relay.stop: owner must be the person's id/);
  });
});
