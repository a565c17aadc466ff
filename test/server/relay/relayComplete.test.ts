// @vitest-environment node
// URL mode's `notifications/elicitation/complete` over the relay, on each store: the MCP client that
// receives it calls relay.completeElicitation, and the person's windows (only theirs) hear
// `event: completed` — for a request still open, after a reconnect too, and for a step already opened.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelay } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type Served } from "../helpers/relayHarness";
import { relayStoreKinds, type MakeStores } from "../helpers/relayStoreKinds";

const link = { mode: "url", message: "Link your GitHub account", url: "https://github.example/login/oauth", elicitationId: "link-1" };

const stores = relayStoreKinds("c");
let served: Served[] = [];
let relays: ElicitationRelay[] = [];
let streams: EventReader[] = [];

beforeAll(stores.start, 60_000);
afterAll(stores.stop);
afterEach(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(relays.map((relay) => relay.close()));
  await Promise.all(served.map((server) => server.close()));
  served = [];
  relays = [];
  streams = [];
});

/** Two instances of one deployment: the request is held by `a`, the person's streams may be served by `b`. */
async function start(make: MakeStores) {
  const instances = await Promise.all(
    make(2).map(async (store) => {
      const relay = createElicitationRelay({ identify: identifyByHeader, store });
      const server = await serve(relay.handle);
      relays.push(relay);
      served.push(server);
      return { relay, url: server.url };
    }),
  );
  const open = async (url: string, user: string, headers?: Record<string, string>) => {
    const reader = await openStream(url, user, headers);
    streams.push(reader);
    await reader.next((event) => event.event === "ready");
    return reader;
  };
  return { a: instances[0]!, b: instances[1]!, open };
}

const isCompleted = (event: { event: string }) => event.event === "completed";
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(stores.kinds)("relay.completeElicitation on the %s store", (_kind, make) => {
  it("tells the owner's streams that her open URL-mode request is done, and nobody else's", async () => {
    const { a, b, open } = await start(make);
    const alice = await open(b.url, "alice");
    const bob = await open(b.url, "bob");
    const answer = a.relay.request({ owner: "alice", serverName: "GitHub", params: link });
    const id = requestId(await alice.next(isRequest));

    expect(await a.relay.completeElicitation("alice", "Other", "link-1")).toBe(false);
    expect(await a.relay.completeElicitation("bob", "GitHub", "link-1")).toBe(false);
    expect(await a.relay.completeElicitation("alice", "GitHub", "link-1")).toBe(true);
    const completed = await alice.next(isCompleted);
    expect(completed.data).toEqual({ id, serverName: "GitHub", elicitationId: "link-1" });
    expect(Number(completed.id)).toBeGreaterThan(Number(alice.events.find(isRequest)!.id));
    await pause(100);
    expect(bob.events.filter(isCompleted)).toEqual([]);
    expect(alice.events.filter(isCompleted)).toHaveLength(1);

    // A window opened now shows the request already done; one reconnecting after it missed the event hears it once.
    const fresh = await open(b.url, "alice");
    expect(fresh.events.map((event) => event.event)).toEqual(["request", "completed", "ready"]);
    expect(fresh.events[1]!.data).toEqual({ id, serverName: "GitHub", elicitationId: "link-1" });
    const back = await open(a.url, "alice", { "last-event-id": alice.events.find(isRequest)!.id! });
    expect(back.events.filter(isCompleted)).toHaveLength(1);
    expect((await open(a.url, "bob")).events.filter(isCompleted)).toEqual([]);

    expect((await postAnswer(b.url, "alice", { id, result: { action: "accept" } })).status).toBe(200);
    expect(await answer).toEqual({ action: "accept" });
  });

  it("still reaches her streams after she accepted (the step she opened), and a reconnecting window", async () => {
    const { a, b, open } = await start(make);
    const alice = await open(b.url, "alice");
    const bob = await open(b.url, "bob");
    const answer = a.relay.request({ owner: "alice", serverName: "GitHub", params: link });
    const id = requestId(await alice.next(isRequest));
    expect((await postAnswer(b.url, "alice", { id, result: { action: "accept" } })).status).toBe(200);
    expect(await answer).toEqual({ action: "accept" });
    const lastSeen = (await alice.next((event) => event.event === "closed")).id!;

    expect(await a.relay.completeElicitation("bob", "GitHub", "link-1")).toBe(false);
    expect(await a.relay.completeElicitation("alice", "GitHub", "link-1")).toBe(true);
    expect((await alice.next(isCompleted)).data).toEqual({ serverName: "GitHub", elicitationId: "link-1" });
    const back = await open(a.url, "alice", { "last-event-id": lastSeen });
    expect(back.events.filter(isCompleted).map((event) => event.data)).toEqual([{ serverName: "GitHub", elicitationId: "link-1" }]);
    await pause(100);
    expect(bob.events.filter(isCompleted)).toEqual([]);
  });

  it("matches nothing for a declined one, and refuses a call without an owner or an id", async () => {
    const { a, b, open } = await start(make);
    const alice = await open(b.url, "alice");
    const answer = a.relay.request({ owner: "alice", serverName: "GitHub", params: link });
    const id = requestId(await alice.next(isRequest));
    expect((await postAnswer(b.url, "alice", { id, result: { action: "decline" } })).status).toBe(200);
    expect(await answer).toEqual({ action: "decline" });
    expect(await a.relay.completeElicitation("alice", "GitHub", "link-1")).toBe(false);
    await expect(a.relay.completeElicitation("", "GitHub", "link-1")).rejects.toThrow(/owner/);
    await expect(a.relay.completeElicitation("alice", "GitHub", "")).rejects.toThrow(/elicitationId/);
    await pause(100);
    expect(alice.events.filter(isCompleted)).toEqual([]);
  });
});
