// @vitest-environment node
// The record on the default (memory) store: two relays in one process sharing it, over real HTTP. An
// answer, a timeout and a late answer past the deadline are each recorded once; requests of a parked
// round are not recorded (their round resumes through onResume instead).
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRecord } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve } from "../helpers/relayHarness";

const form = { message: "Deploy where?", requestedSchema: { type: "object", properties: { region: { type: "string" } }, required: [] } };
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function twoRelays(now?: () => number) {
  const store = createMemoryRelayStore(now === undefined ? {} : { now });
  const records: { instance: number; record: ElicitationRecord }[] = [];
  const made = await Promise.all(
    [0, 1].map(async (instance) => {
      const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, onRecord: (record) => void records.push({ instance, record }), onResume: () => undefined, ...(now === undefined ? {} : { now }) });
      const served = await serve(relay.handle);
      cleanup.push(() => relay.close(), () => served.close());
      return { relay, url: served.url };
    }),
  );
  return { instances: made, records };
}

describe("onRecord on the memory store", () => {
  it("an answer, once, from the relay that took it; a parked round's requests are not recorded", async () => {
    const { instances: [a, b], records } = await twoRelays();
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form });
    const id = requestId(await window.next(isRequest, 5_000));
    expect((await postAnswer(b!.url, "ada", { id, result: { action: "decline" } })).status).toBe(200);
    await asked;
    await a!.relay.park({ owner: "ada", serverName: "Deploy", call: { name: "deploy" }, inputRequests: { region: { method: "elicitation/create", params: form } } });
    const parked = requestId(await window.next((event) => isRequest(event) && requestId(event) !== id, 5_000));
    expect((await postAnswer(b!.url, "ada", { id: parked, result: { action: "accept", content: { region: "eu" } } })).status).toBe(200);
    await pause(200);
    expect(records.map(({ instance, record }) => [instance, record.id, record.cause, record.action])).toEqual([[1, id, "person", "decline"]]);
  });

  it("an answer past the deadline, before its holder's timer: the store closes it, one record `timeout`", async () => {
    // The answering side's clock runs ahead (the store reads the clock it was given): the store, not the holder, closes it.
    let skew = 0;
    const { instances: [a, b], records } = await twoRelays(() => Date.now() + skew);
    const window = await openStream(b!.url, "ada");
    cleanup.push(() => window.close());
    const asked = a!.relay.request({ owner: "ada", serverName: "Deploy", params: form, timeoutMs: 60_000 });
    const id = requestId(await window.next(isRequest, 5_000));
    skew = 120_000;
    expect(await postAnswer(b!.url, "ada", { id, result: { action: "decline" } })).toEqual({ status: 409, body: { error: "already-closed", reason: "timeout" } });
    expect(await asked).toEqual({ action: "cancel" });
    await pause(200);
    expect(records.map(({ record }) => [record.id, record.cause, record.action])).toEqual([[id, "timeout", "cancel"]]);
  });
});
