// @vitest-environment node
// The host's own login (`relay.handle(request, { owner })`, `identify` left out) and the host closing
// the questions of a chat or tool call it knows are over (`relay.withdraw`), over real HTTP.
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRelay } from "../../../src/server/types";
import type { ElicitResult } from "../../../src/core/types";
import { isRequest, openStream, postAnswer, requestId, serve, type EventReader, type Served } from "../helpers/relayHarness";

const nameForm = {
  message: "Your name?",
  requestedSchema: { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] },
};

let served: Served[] = [];
let relays: ElicitationRelay[] = [];
let streams: EventReader[] = [];

afterEach(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(relays.map((relay) => relay.close()));
  await Promise.all(served.map((server) => server.close()));
  served = [];
  relays = [];
  streams = [];
});

/** A host whose middleware found the person already (here: a `x-session` header its own session table knows). */
async function hostWithOwnLogin(relay: ElicitationRelay) {
  const sessions = new Map([["s-ada", "ada"], ["s-bob", "bob"]]);
  relays.push(relay);
  const server = await serve((request) => relay.handle(request, { owner: sessions.get(request.headers.get("x-session") ?? "") }));
  served.push(server);
  const open = async (session: string | undefined) => {
    const reader = await openStream(server.url, undefined, session === undefined ? {} : { "x-session": session });
    streams.push(reader);
    return reader;
  };
  const post = (session: string | undefined, body: unknown) => postAnswer(server.url, undefined, body, session === undefined ? {} : { "x-session": session });
  return { server, open, post };
}

describe("relay.handle(request, { owner })", () => {
  it("with no identify, serves the person the host's middleware found: their questions, their answers, nobody else's", async () => {
    const relay = createElicitationRelay({});
    const { open, post } = await hostWithOwnLogin(relay);
    const ada = await open("s-ada");
    expect(ada.status).toBe(200);
    const answer = relay.request({ owner: "ada", serverName: "Profile", params: nameForm });
    const id = requestId(await ada.next(isRequest));

    const bob = await open("s-bob");
    await bob.next((event) => event.event === "ready");
    expect(bob.events.filter(isRequest)).toEqual([]);
    expect((await post("s-bob", { id, result: { action: "accept", content: { name: "Bob" } } })).status).toBe(404);

    expect((await post("s-ada", { id, result: { action: "accept", content: { name: "Ada" } } })).status).toBe(200);
    expect(await answer).toEqual({ action: "accept", content: { name: "Ada" } });
  });

  it("refuses with 401 when neither the host nor identify names anyone", async () => {
    const { open, post } = await hostWithOwnLogin(createElicitationRelay({}));
    expect((await open(undefined)).status).toBe(401);
    expect((await open("s-unknown")).status).toBe(401);
    expect((await post(undefined, { id: "x", result: { action: "decline" } })).status).toBe(401);

    const bare = createElicitationRelay({});
    relays.push(bare);
    const server = await serve(bare.handle);
    served.push(server);
    const stream = await openStream(server.url, undefined);
    streams.push(stream);
    expect(stream.status).toBe(401);
  });

  it("the owner the host passes comes first; without one, identify is asked", async () => {
    const relay = createElicitationRelay({ identify: (request) => request.headers.get("x-user") });
    const { server } = await hostWithOwnLogin(relay);
    const ada = await openStream(server.url, "mallory", { "x-session": "s-ada" });
    streams.push(ada);
    const viaIdentify = await openStream(server.url, "carol");
    streams.push(viaIdentify);
    void relay.request({ owner: "ada", serverName: "Profile", params: nameForm }).catch(() => undefined);
    void relay.request({ owner: "carol", serverName: "Profile", params: { ...nameForm, message: "Carol's name?" } }).catch(() => undefined);
    expect((await ada.next(isRequest)).data).toMatchObject({ params: { message: "Your name?" } });
    expect((await viaIdentify.next(isRequest)).data).toMatchObject({ params: { message: "Carol's name?" } });
    expect(ada.events.filter(isRequest)).toHaveLength(1);
  });

  it("names a wrong identify", () => {
    expect(() => createElicitationRelay({ identify: "ada" as never })).toThrow(/identify must be a function/);
  });
});

describe("relay.withdraw({ owner, context })", () => {
  it("closes that person's questions of a chat (held here or by another instance): the MCP side gets cancel, each card is told", async () => {
    const store = createMemoryRelayStore();
    const here = createElicitationRelay({ store });
    const there = createElicitationRelay({ store });
    relays.push(there);
    const { open } = await hostWithOwnLogin(here);
    const ada = await open("s-ada");
    const settled: Record<string, ElicitResult | string> = {};
    const ask = (relay: ElicitationRelay, owner: string, context: Record<string, string>, label: string) =>
      void relay.request({ owner, serverName: "Deploy", params: { ...nameForm, message: label }, context }).then(
        (result) => (settled[label] = result),
        () => (settled[label] = "rejected"),
      );
    ask(here, "ada", { chatId: "old", toolCallId: "t1" }, "old, here");
    ask(there, "ada", { chatId: "old", toolCallId: "t2" }, "old, there");
    ask(here, "ada", { chatId: "new", toolCallId: "t3" }, "new chat");
    ask(here, "bob", { chatId: "old", toolCallId: "t4" }, "bob's");
    await ada.next((event) => isRequest(event) && (event.data as { params: { message: string } }).params.message === "new chat");
    const ids = Object.fromEntries(ada.events.filter(isRequest).map((event) => [(event.data as { params: { message: string } }).params.message, requestId(event)]));

    expect(await here.withdraw({ owner: "ada", context: { chatId: "old" } })).toBe(2);
    await expect.poll(() => Object.keys(settled).sort()).toEqual(["old, here", "old, there"]);
    expect(settled).toEqual({ "old, here": { action: "cancel" }, "old, there": { action: "cancel" } });
    for (const label of ["old, here", "old, there"]) {
      expect((await ada.next((event) => event.event === "closed" && (event.data as { id: string }).id === ids[label])).data).toEqual({ id: ids[label], reason: "closed" });
    }

    // One tool call's: only its own. Nothing left to close: 0.
    expect(await here.withdraw({ owner: "ada", context: { chatId: "new", toolCallId: "t9" } })).toBe(0);
    expect(await here.withdraw({ owner: "ada", context: { toolCallId: "t3" } })).toBe(1);
    await expect.poll(() => settled["new chat"]).toEqual({ action: "cancel" });
    expect(settled["bob's"]).toBeUndefined();
  });

  it("closes a parked round's questions too: the round resumes with cancel for each", async () => {
    const resumed: unknown[] = [];
    const relay = createElicitationRelay({ onResume: (round) => void resumed.push(round) });
    relays.push(relay);
    const inputRequests = {
      name: { method: "elicitation/create", params: nameForm },
      city: { method: "elicitation/create", params: { ...nameForm, message: "Your city?" } },
    };
    const { roundId } = await relay.park({ owner: "ada", serverName: "Deploy", call: { name: "deploy" }, inputRequests, context: { chatId: "old" } });
    expect(await relay.withdraw({ owner: "ada", context: { chatId: "old" } })).toBe(2);
    expect(resumed).toEqual([
      expect.objectContaining({ roundId, owner: "ada", inputResponses: { name: { action: "cancel" }, city: { action: "cancel" } }, context: { chatId: "old" } }),
    ]);
  });

  it("refuses a call that names nobody or no context", async () => {
    const relay = createElicitationRelay({});
    relays.push(relay);
    await expect(relay.withdraw({ owner: "", context: { chatId: "a" } })).rejects.toThrow(/owner must be the person's id/);
    await expect(relay.withdraw({ owner: "ada", context: {} })).rejects.toThrow(/context must name at least one entry/);
    await expect(relay.withdraw({ owner: "ada", context: { chatId: 7 as never } })).rejects.toThrow(/context.chatId is not a string/);
  });
});
