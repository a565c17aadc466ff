// @vitest-environment node
// A question nobody has seen reaches its person once: three relays on one real redis-server, the
// question held by the first. Nobody looking: one notice, from one instance, carrying no field
// value. A window on another instance drew it: no notice. Answered or withdrawn in time: none.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import type { ElicitationNotice, ElicitationRelayEvent } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const AFTER_MS = 300;
const longMessage = `Deploy to production? ${"This will restart every service in the region. ".repeat(8)}`;
const form = {
  message: longMessage,
  requestedSchema: { type: "object", properties: { token: { type: "string", title: "Deploy token", default: "tok-in-the-form" } }, required: [] },
};

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
async function threeInstances(send?: (notice: ElicitationNotice) => void) {
  const prefix = `notify${prefixes++}`;
  const notices: { instance: number; notice: ElicitationNotice }[] = [];
  const events: ElicitationRelayEvent[] = [];
  const instances = await Promise.all(
    [0, 1, 2].map(async (instance) => {
      const store = createRedisRelayStore({ url: redis.url, prefix });
      const relay = createElicitationRelay({
        identify: identifyByHeader,
        store,
        onEvent: (event) => events.push(event),
        notify: { afterMs: AFTER_MS, send: send ?? ((notice) => void notices.push({ instance, notice })) },
      });
      const served = await serve(relay.handle);
      cleanup.push(() => store.close(), () => relay.close(), () => served.close());
      return { relay, url: served.url };
    }),
  );
  return { instances, notices, events };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("notify: a question nobody has seen", () => {
  it("nobody looking: one notice, from the holder, with the server and the message cut short, never a field's value", async () => {
    const { instances, notices } = await threeInstances();
    const [a] = instances;
    const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    await pause(AFTER_MS * 4);
    expect(notices).toHaveLength(1);
    const { instance, notice } = notices[0]!;
    expect(instance).toBe(0);
    expect(notice).toMatchObject({ owner: "ada", serverName: "Deploy", context: { chatId: "c1" } });
    expect([...notice.message]).toHaveLength(140);
    expect(longMessage.startsWith(notice.message.slice(0, -1))).toBe(true);
    expect(JSON.stringify(notice)).not.toContain("tok-in-the-form");
    expect(Object.keys(notice).sort()).toEqual(["context", "id", "message", "owner", "receivedAt", "serverName"]);
    // Answered later, through another instance: still one notice.
    const window = await openStream(instances[2]!.url, "ada");
    cleanup.push(() => window.close());
    const card = await window.next(isRequest, 5_000);
    expect(requestId(card)).toBe(notice.id);
    expect((await postAnswer(instances[1]!.url, "ada", { id: notice.id, result: { action: "decline" } })).status).toBe(200);
    expect(await asked).toEqual({ action: "decline" });
    expect(notices).toHaveLength(1);
  });

  it("a window on another instance drew it first: no notice", async () => {
    const { instances, notices } = await threeInstances();
    const window = await openStream(instances[1]!.url, "ada");
    cleanup.push(() => window.close());
    const asked = instances[0]!.relay.request({ owner: "ada", serverName: "Deploy", params: form });
    await window.next(isRequest, 5_000);
    await pause(AFTER_MS * 3);
    expect(notices).toEqual([]);
    void asked.catch(() => undefined);
  });

  it("answered, or withdrawn, before its time: no notice", async () => {
    const { instances, notices, events } = await threeInstances();
    const first = instances[0]!.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const stop = new AbortController();
    const second = instances[0]!.relay.request({ owner: "bob", serverName: "Deploy", params: form, signal: stop.signal });
    void second.catch(() => undefined);
    // Both open in the store (well before their notice's time).
    while (events.filter((event) => event.type === "requested").length < 2) await pause(10);
    expect(await instances[2]!.relay.withdraw({ owner: "ada", context: { chatId: "c1" } })).toBe(1);
    expect(await first).toEqual({ action: "cancel" });
    stop.abort();
    await pause(AFTER_MS * 3);
    expect(notices).toEqual([]);
  });

  it("a sender that throws is reported, once", async () => {
    const { instances, events } = await threeInstances(() => {
      throw new TypeError("the mail server is down");
    });
    void instances[0]!.relay.request({ owner: "ada", serverName: "Deploy", params: form }).catch(() => undefined);
    await pause(AFTER_MS * 3);
    expect(events.filter((event) => event.type === "notify-failed").map(({ error, owner }) => ({ error, owner }))).toEqual([{ error: "TypeError", owner: "ada" }]);
    expect(() => createElicitationRelay({ notify: { afterMs: 0, send: () => undefined } })).toThrow(/notify.afterMs must be a positive number/);
    expect(() => createElicitationRelay({ notify: { afterMs: 10 } as never })).toThrow(/notify.send must be a function/);
  });
});
