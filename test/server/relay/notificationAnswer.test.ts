// @vitest-environment node
// An answer sent from a notification's action (the service worker's POST, `via: "notification"`),
// over real HTTP on two relays sharing the memory store: taken once with the same checks as a
// window's, the card in the other window closes as answered, and the record says it came from a
// notification. The same action pressed again, or for a question already closed, answers nothing.
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRecord } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve } from "../helpers/relayHarness";

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
const approve = { message: "Approve the transfer?", requestedSchema: { type: "object", properties: { approve: { type: "boolean" } }, required: ["approve"] } };

async function twoRelays() {
  const store = createMemoryRelayStore();
  const records: ElicitationRecord[] = [];
  const made = await Promise.all(
    [0, 1].map(async () => {
      const relay = createElicitationRelay({ identify: identifyByHeader, store, rateLimit: false, onRecord: (record) => void records.push(record) });
      const served = await serve(relay.handle);
      cleanup.push(() => relay.close(), () => served.close());
      return { relay, url: served.url };
    }),
  );
  return { instances: made, records };
}

describe("an answer from a notification's action", () => {
  it("reaches the MCP side once, closes the card of another window as answered, and is recorded as from a notification", async () => {
    const { instances: [a, b], records } = await twoRelays();
    const window = await openStream(a!.url, "ada");
    cleanup.push(() => window.close());
    const asked = a!.relay.request({ owner: "ada", serverName: "Bank", params: approve });
    const id = requestId(await window.next(isRequest, 5_000));

    const fromAction = { id, result: { action: "accept", content: { approve: false } }, via: "notification" };
    expect(await postAnswer(b!.url, "ada", fromAction)).toEqual({ status: 200, body: { ok: true } });
    expect(await asked).toEqual({ action: "accept", content: { approve: false } });
    expect((await window.next((event) => event.event === "closed", 5_000)).data).toEqual({ id, reason: "answered" });
    // Pressed again (a second click, the notification on another device): the question is closed.
    expect(await postAnswer(a!.url, "ada", { ...fromAction, result: { action: "accept", content: { approve: true } } })).toEqual({ status: 409, body: { error: "already-closed", reason: "answered" } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(records.map((record) => [record.id, record.cause, record.action])).toEqual([[id, "notification", "accept"]]);
  });

  it("is checked as any answer: someone else's question is unknown, a value off the schema is refused, an unknown `via` is a bad request", async () => {
    const { instances: [a, b], records } = await twoRelays();
    const window = await openStream(a!.url, "ada");
    cleanup.push(() => window.close());
    const asked = a!.relay.request({ owner: "ada", serverName: "Bank", params: approve });
    const id = requestId(await window.next(isRequest, 5_000));
    expect(await postAnswer(b!.url, "bob", { id, result: { action: "accept", content: { approve: true } }, via: "notification" })).toEqual({ status: 404, body: { error: "not-found" } });
    expect((await postAnswer(b!.url, "ada", { id, result: { action: "accept", content: { approve: "yes" } }, via: "notification" })).body).toMatchObject({ error: "invalid-content" });
    expect(await postAnswer(b!.url, "ada", { id, result: { action: "decline" }, via: "sms" })).toEqual({ status: 400, body: { error: "bad-request", message: 'via must be "notification" when given.' } });
    // A window's answer still reads as the person's.
    expect((await postAnswer(b!.url, "ada", { id, result: { action: "decline" } })).status).toBe(200);
    expect(await asked).toEqual({ action: "decline" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(records.map((record) => record.cause)).toEqual(["person"]);
  });
});
