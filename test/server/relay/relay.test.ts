// @vitest-environment node
// The relay over real HTTP: node:http through the package's adapter, Node's fetch as the browser
// reading the event stream itself, two people, two windows.
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateElicitationContent } from "../../../src/core/validation/validateElicitationContent";
import { ElicitationQueueError } from "../../../src/core/request/ElicitationQueueError";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import { ElicitationRelayRequestError } from "../../../src/server/ElicitationRelayRequestError";
import type { ElicitationRelay, ElicitationRelayEvent, ElicitationRelayOptions } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type Served } from "../helpers/relayHarness";

const ageForm = {
  message: "How old are you?",
  requestedSchema: {
    type: "object",
    properties: {
      age: { type: "integer", title: "Age", minimum: 18 },
      code: { type: "string", title: "Code", pattern: "^[A-Z]{3}$" },
    },
    required: ["age"],
  },
};

let served: Served[] = [];
let relays: ElicitationRelay[] = [];
let streams: EventReader[] = [];

async function start(options: Partial<ElicitationRelayOptions> = {}) {
  const events: ElicitationRelayEvent[] = [];
  const relay = createElicitationRelay({ identify: identifyByHeader, onEvent: (event) => events.push(event), ...options });
  const server = await serve(relay.handle);
  relays.push(relay);
  served.push(server);
  const open = async (user: string | undefined, headers?: Record<string, string>) => {
    const reader = await openStream(server.url, user, headers);
    streams.push(reader);
    return reader;
  };
  return { relay, server, url: server.url, events, open };
}

afterEach(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(relays.map((relay) => relay.close()));
  await Promise.all(served.map((server) => server.close()));
  served = [];
  relays = [];
  streams = [];
});

describe("the relay carries a request to its person's browser and the answer back", () => {
  it("sends the request on the person's stream and resolves with the answer posted", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    expect(alice.status).toBe(200);
    expect(alice.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm, context: { chatId: "c1", toolCallId: "t9" } });
    const shown = await alice.next(isRequest);
    const data = shown.data as Record<string, unknown>;
    expect(data).toMatchObject({ serverName: "GitHub", params: ageForm, context: { chatId: "c1", toolCallId: "t9" } });
    expect(typeof data.receivedAt).toBe("number");
    expect(data.deadline).toBe((data.receivedAt as number) + 600_000);
    // 128 random bits, base64url.
    expect(requestId(shown)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shown.id).toMatch(/^\d+$/);
    // Only the action and the checked content travel on: nothing else the browser adds.
    const posted = { id: requestId(shown), result: { action: "accept", content: { age: 30 }, _meta: { injected: true }, extra: 1 } };
    expect(await postAnswer(url, "alice", posted)).toEqual({
      status: 200,
      body: { ok: true },
    });
    await expect(answer).resolves.toEqual({ action: "accept", content: { age: 30 } });
  });

  it("gives a new id to every request, unpredictably", async () => {
    const { relay, open } = await start({ rateLimit: false });
    const alice = await open("alice");
    for (let i = 0; i < 20; i++) void relay.request({ owner: "alice", serverName: "S", params: ageForm }).catch(() => undefined);
    await alice.next(() => alice.events.filter(isRequest).length === 20);
    const ids = alice.events.filter(isRequest).map(requestId);
    expect(new Set(ids).size).toBe(20);
    // No shared prefix a counter would leave.
    expect(new Set(ids.map((id) => id.slice(0, 4))).size).toBeGreaterThan(15);
  });

  it("takes exactly one answer when two windows post at the same moment: one 200, the other 409", async () => {
    const { relay, url, open, events } = await start();
    const first = await open("alice");
    const second = await open("alice");
    let settled = 0;
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    void answer.then(() => settled++);
    const id = requestId(await first.next(isRequest));
    await second.next(isRequest);
    const replies = await Promise.all([
      postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30 } } }),
      postAnswer(url, "alice", { id, result: { action: "decline" } }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({ error: "already-closed", reason: "answered" });
    const winner = replies[0]!.status === 200 ? { action: "accept", content: { age: 30 } } : { action: "decline" };
    await expect(answer).resolves.toEqual(winner);
    // Both windows learn it closed, so the other card goes.
    await second.next((e) => e.event === "closed" && (e.data as { id: string }).id === id);
    expect((await first.next((e) => e.event === "closed")).data).toEqual({ id, reason: "answered" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(1);
    expect(events.filter((e) => e.type === "answered")).toHaveLength(1);
  });

  it("shows a request to its owner only: another person never sees it and gets 404, as for an id that does not exist", async () => {
    const { relay, url, open } = await start();
    const bob = await open("bob");
    const alice = await open("alice");
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const id = requestId(await alice.next(isRequest));
    await bob.next((e) => e.event === "ready");
    const asBob = await postAnswer(url, "bob", { id, result: { action: "accept", content: { age: 99 } } });
    const unknown = await postAnswer(url, "bob", { id: "A".repeat(22), result: { action: "decline" } });
    expect(asBob).toEqual({ status: 404, body: { error: "not-found" } });
    expect(unknown).toEqual(asBob);
    // A reload of Bob's stream still holds nothing of Alice's.
    const bobAgain = await open("bob");
    expect((await bobAgain.next((e) => e.event === "ready")).data).toEqual({ open: [] });
    expect([...bob.events, ...bobAgain.events].filter(isRequest)).toEqual([]);
    expect((await postAnswer(url, "alice", { id, result: { action: "decline" } })).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "decline" });
  });

  it("refuses a context or server name over the wire's bounds (RangeError naming the bound), or a wrong type or missing owner (TypeError), as the host's mistake", async () => {
    const { relay } = await start();
    const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"]));
    await expect(relay.request({ owner: "alice", serverName: "S", params: ageForm, context: many })).rejects.toThrow(RangeError);
    await expect(relay.request({ owner: "alice", serverName: "S", params: ageForm, context: many })).rejects.toThrow(/at most 16/);
    await expect(relay.request({ owner: "alice", serverName: "S", params: ageForm, context: { chat: "x".repeat(1025) } })).rejects.toThrow(/context.chat is longer than 1024/);
    await expect(relay.request({ owner: "alice", serverName: "S".repeat(201), params: ageForm })).rejects.toThrow(/at most 200 characters/);
    await expect(relay.request({ owner: "alice", serverName: "  ", params: ageForm })).rejects.toThrow(RangeError);
    await expect(relay.request({ owner: "alice", serverName: "S", params: ageForm, context: { n: 5 as unknown as string } })).rejects.toThrow(TypeError);
    await expect(relay.request({ owner: "", serverName: "S", params: ageForm })).rejects.toThrow(/owner must be/);
  });

  it("answers 401 to a request nobody is signed in for", async () => {
    const { url } = await start();
    const stream = await fetch(url, { headers: { accept: "text/event-stream" } });
    expect(stream.status).toBe(401);
    expect(await postAnswer(url, undefined, { id: "x", result: { action: "cancel" } })).toEqual({ status: 401, body: { error: "unauthenticated" } });
  });
});

describe("no answer from another site", () => {
  it("refuses HTML form posts and text/plain fetches (415), whoever is signed in", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const id = requestId(await alice.next(isRequest));
    const post = (type: string, body: BodyInit) => fetch(url, { method: "POST", headers: { "x-user": "alice", "content-type": type }, body });
    const form = new FormData();
    form.set("id", id);
    for (const response of [
      await post("application/x-www-form-urlencoded", `id=${id}&result=decline`),
      await fetch(url, { method: "POST", headers: { "x-user": "alice" }, body: form }),
      await post("text/plain", JSON.stringify({ id, result: { action: "decline" } })),
    ]) {
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ error: "unsupported-media-type" });
    }
    // Still open: a proper answer is taken.
    expect((await postAnswer(url, "alice", { id, result: { action: "cancel" } })).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "cancel" });
  });

  it("refuses a foreign Origin (403) on both methods, takes its own and the listed ones", async () => {
    const { url, server } = await start({ allowedOrigins: ["https://app.example.com"] });
    const foreign = { origin: "https://evil.example" };
    expect((await fetch(url, { headers: { accept: "text/event-stream", "x-user": "alice", ...foreign } })).status).toBe(403);
    expect(await postAnswer(url, "alice", { id: "x", result: { action: "cancel" } }, foreign)).toEqual({ status: 403, body: { error: "forbidden-origin", origin: "https://evil.example", expected: server.origin } });
    expect((await postAnswer(url, "alice", { id: "x", result: { action: "cancel" } }, { origin: server.origin })).status).toBe(404);
    expect((await postAnswer(url, "alice", { id: "x", result: { action: "cancel" } }, { origin: "https://app.example.com" })).status).toBe(404);
    // Same host, another port or scheme, is another origin.
    expect((await postAnswer(url, "alice", { id: "x", result: { action: "cancel" } }, { origin: server.origin.replace("http:", "https:") })).status).toBe(403);
  });

  it("a framework that hands the route a URL of its own (self-hosted Next.js: http://localhost:3000): the page's origin is read from Host and the forwarded headers", async () => {
    const relay = createElicitationRelay({ identify: identifyByHeader });
    const answer = (headers: Record<string, string>) =>
      relay.handle(
        new Request("http://localhost:3000/api/elicitation", {
          method: "POST",
          headers: { "x-user": "alice", "content-type": "application/json", ...headers },
          body: JSON.stringify({ id: "x", result: { action: "cancel" } }),
        }),
      );
    // The page the person opened, directly or behind a TLS proxy: its answer is looked up (404: no such request).
    expect((await answer({ host: "chat.example.com:8080", origin: "http://chat.example.com:8080" })).status).toBe(404);
    expect((await answer({ host: "10.0.0.5:3000", "x-forwarded-host": "chat.example.com", "x-forwarded-proto": "https", origin: "https://chat.example.com" })).status).toBe(404);
    // A foreign page, whatever Host says; and the right host over another scheme.
    expect((await answer({ host: "chat.example.com:8080", origin: "https://evil.example" })).status).toBe(403);
    expect((await answer({ host: "chat.example.com:8080", origin: "https://chat.example.com:8080" })).status).toBe(403);
    await relay.close();
  });
});

describe("the server's check of an answer", () => {
  it("refuses content the schema refuses with field errors (400), the form's own wording, and keeps the request open", async () => {
    const { relay, url, open, events } = await start();
    const alice = await open("alice");
    let settled = false;
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    void answer.then(() => (settled = true));
    const id = requestId(await alice.next(isRequest));
    const bad = [
      { age: "thirty" }, // type
      { age: 12 }, // bounds
      { age: 30, code: "abc" }, // pattern
      { age: 30, admin: true }, // a key the schema does not have
      {}, // a required field missing
    ];
    for (const content of bad) {
      const { status, body } = await postAnswer(url, "alice", { id, result: { action: "accept", content } });
      expect(status).toBe(400);
      const expected = validateElicitationContent(ageForm.requestedSchema, content);
      expect(expected.valid).toBe(false);
      expect(body).toEqual({
        error: "invalid-content",
        errors: (expected as { errors: { field: string; code: string; params: unknown; message: string }[] }).errors.map(({ field, code, params, message }) => ({ field, code, params, message })),
      });
    }
    // The rule and its parameters, for the browser to word in the person's language; the English message beside them.
    expect((await postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 12 } } })).body).toEqual({
      error: "invalid-content",
      errors: [{ field: "age", code: "minimum", params: expect.objectContaining({ limit: 18 }), message: "Must be 18 or more" }],
    });
    expect(settled).toBe(false);
    expect(events.filter((e) => e.type === "answer-refused").map((e) => e.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30, code: "ABC" } } })).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "accept", content: { age: 30, code: "ABC" } });
  });

  it("checks a catastrophic pattern in linear time: a long answer against ^(a+)+$ is refused at once", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    const params = { message: "Code?", requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "^(a+)+$" } } } };
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params });
    const id = requestId(await alice.next(isRequest));
    const started = performance.now();
    const reply = await postAnswer(url, "alice", { id, result: { action: "accept", content: { code: `${"a".repeat(9_000)}!` } } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ field: "code", code: "pattern", params: { pattern: "^(a+)+$" }, message: expect.any(String) }]);
    // Backtracking would take longer than the age of the universe; RE2 takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await postAnswer(url, "alice", { id, result: { action: "accept", content: { code: "aaa" } } })).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "accept", content: { code: "aaa" } });
  });

  it("refuses a body that is not { id, result } with a valid action (400 bad-request)", async () => {
    const { url } = await start();
    for (const body of ["{not json", "[]", { id: 5, result: { action: "accept" } }, { id: "x", result: { action: "maybe" } }, { id: "x", result: { action: "accept", content: [1] } }]) {
      const reply = await postAnswer(url, "alice", body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe("bad-request");
    }
  });

  it("never opens a form the policy declines (sensitive fields): the MCP server gets decline, no window sees it", async () => {
    const { relay, open, events } = await start({ sensitiveFields: "decline" });
    const alice = await open("alice");
    const params = { message: "Log in", requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } } };
    await expect(relay.request({ owner: "alice", serverName: "GitHub", params })).resolves.toEqual({ action: "decline" });
    await alice.next((e) => e.event === "ready");
    expect(alice.events.filter(isRequest)).toEqual([]);
    expect(events.find((e) => e.type === "answered")).toMatchObject({ cause: "sensitive", action: "decline" });
  });

  it("refuses params it cannot show with -32602 and the path, as the queue does", async () => {
    const { relay } = await start();
    const bad = { message: "x", requestedSchema: { type: "object", properties: { a: { type: "object" } } } };
    await expect(relay.request({ owner: "alice", serverName: "GitHub", params: bad })).rejects.toMatchObject({
      code: -32602,
      data: { path: "requestedSchema.properties.a.type", reason: "nested objects are not supported" },
    });
  });
});

describe("replays", () => {
  it("answers a replayed URL-mode elicitation with the answer already given (or to come), without showing it again", async () => {
    const { relay, url, open, events } = await start();
    const alice = await open("alice");
    const link = { mode: "url", message: "Connect your account", url: "https://accounts.example.com/link", elicitationId: "el-1" };
    const first = relay.request({ owner: "alice", serverName: "Accounts", params: link });
    const id = requestId(await alice.next(isRequest));
    // The transport replays it while it is open: one card, one answer for both.
    const whileOpen = relay.request({ owner: "alice", serverName: "Accounts", params: structuredClone(link) });
    expect((await postAnswer(url, "alice", { id, result: { action: "accept" } })).status).toBe(200);
    await expect(first).resolves.toEqual({ action: "accept" });
    await expect(whileOpen).resolves.toEqual({ action: "accept" });
    await expect(relay.request({ owner: "alice", serverName: "Accounts", params: structuredClone(link) })).resolves.toEqual({ action: "accept" });
    expect(alice.events.filter(isRequest)).toHaveLength(1);
    expect(events.filter((e) => e.cause === "replay")).toHaveLength(2);
    // Another person's elicitation with the same id is theirs.
    const bobs = relay.request({ owner: "bob", serverName: "Accounts", params: structuredClone(link) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await relay.close();
    await expect(bobs).resolves.toEqual({ action: "cancel" });
  });
});

describe("a request leaves without an answer", () => {
  it("withdrawn by its server: the stream says so and the promise rejects with the server's reason", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    const controller = new AbortController();
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm, signal: controller.signal });
    const id = requestId(await alice.next(isRequest));
    const reason = new Error("no longer needed");
    controller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    expect((await alice.next((e) => e.event === "closed")).data).toEqual({ id, reason: "withdrawn" });
    expect(await postAnswer(url, "alice", { id, result: { action: "decline" } })).toEqual({ status: 409, body: { error: "already-closed", reason: "withdrawn" } });
  });

  it("timed out: answered cancel, the stream says timeout, a late answer gets 409", async () => {
    const { relay, url, open } = await start({ timeoutMs: 150 });
    const alice = await open("alice");
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const id = requestId(await alice.next(isRequest));
    await expect(answer).resolves.toEqual({ action: "cancel" });
    expect((await alice.next((e) => e.event === "closed")).data).toEqual({ id, reason: "timeout" });
    expect((await postAnswer(url, "alice", { id, result: { action: "decline" } })).body).toEqual({ error: "already-closed", reason: "timeout" });
  });

  it("waits for its timeout when the person never connects, and the audit trail says nobody was looking", async () => {
    const { relay, events } = await start({ timeoutMs: 100 });
    await expect(relay.request({ owner: "carol", serverName: "GitHub", params: ageForm })).resolves.toEqual({ action: "cancel" });
    expect(events.map((e) => [e.type, e.streams, e.cause])).toEqual([
      ["requested", 0, undefined],
      ["answered", undefined, "timeout"],
    ]);
  });

  it("each request runs out at its own time limit: a shorter one asked later first, the relay's own one not before close()", async () => {
    const { relay, events } = await start({ timeoutMs: 60_000 });
    const started = performance.now();
    const timed = (answer: Promise<unknown>) => answer.then((result) => ({ result, ms: performance.now() - started }));
    const longer = timed(relay.request({ owner: "carol", serverName: "A", params: ageForm, timeoutMs: 400 }));
    const shorter = timed(relay.request({ owner: "carol", serverName: "B", params: ageForm, timeoutMs: 100 }));
    const unlimited = relay.request({ owner: "carol", serverName: "C", params: ageForm });
    const first = await shorter;
    expect(first.result).toEqual({ action: "cancel" });
    expect(first.ms).toBeGreaterThanOrEqual(95);
    expect(first.ms).toBeLessThan(350);
    const second = await longer;
    expect(second.result).toEqual({ action: "cancel" });
    expect(second.ms).toBeGreaterThanOrEqual(395);
    expect(events.filter((event) => event.type === "answered").map((event) => [event.serverName, event.cause])).toEqual([
      ["B", "timeout"],
      ["A", "timeout"],
    ]);
    await relay.close();
    await expect(unlimited).resolves.toEqual({ action: "cancel" });
    expect(events.filter((event) => event.type === "answered").map((event) => [event.serverName, event.cause])).toContainEqual(["C", "closed"]);
  });

  it("close() racing a request that is being opened leaves nothing hanging", async () => {
    const { relay } = await start();
    const racing = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    await relay.close();
    await expect(racing).rejects.toMatchObject({ code: -32000, reason: "queue-closed" });
  });

  it("close(): every open request answered cancel, streams told and ended, new requests refused (-32000)", async () => {
    const { relay, open } = await start({ rateLimit: false });
    const alice = await open("alice");
    const answers = [1, 2, 3].map(() => relay.request({ owner: "alice", serverName: "GitHub", params: ageForm }));
    const pending = relay.request({ owner: "bob", serverName: "GitHub", params: ageForm });
    await alice.next(() => alice.events.filter(isRequest).length === 3);
    await relay.close();
    await expect(Promise.all([...answers, pending])).resolves.toEqual([1, 2, 3, 4].map(() => ({ action: "cancel" })));
    await alice.ended;
    expect(alice.events.filter((e) => e.event === "closed").map((e) => (e.data as { reason: string }).reason)).toEqual(["closed", "closed", "closed"]);
    await expect(relay.request({ owner: "alice", serverName: "GitHub", params: ageForm })).rejects.toMatchObject({ code: -32000, reason: "queue-closed" });
  });
});

describe("bounded", () => {
  it("stops reading a body over the bound (413) and the request stays open", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const id = requestId(await alice.next(isRequest));
    const huge = JSON.stringify({ id, result: { action: "accept", content: { age: 30, code: "x".repeat(20 * 1024 * 1024) } } });
    expect(await postAnswer(url, "alice", huge)).toEqual({ status: 413, body: { error: "too-large" } });
    // Without a Content-Length: read until the bound, then refused.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(512 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await fetch(url, { method: "POST", headers: { "x-user": "alice", "content-type": "application/json" }, body: chunks, duplex: "half" } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await postAnswer(url, "alice", { id, result: { action: "cancel" } })).status).toBe(200);
    await expect(answer).resolves.toEqual({ action: "cancel" });
  });

  it("refuses requests beyond a person's open maximum and rate (-32000, as the queue refuses)", async () => {
    const { relay } = await start({ maxOpenPerPerson: 2, rateLimit: { max: 3, windowMs: 60_000 } });
    const kept = [relay.request({ owner: "alice", serverName: "A", params: ageForm }), relay.request({ owner: "alice", serverName: "A", params: ageForm })];
    const tooMany = await relay.request({ owner: "alice", serverName: "B", params: ageForm }).catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(ElicitationRelayRequestError);
    expect(tooMany).toMatchObject({ name: "ElicitationRelayRequestError", code: -32000, reason: "too-many-open", data: { reason: "too-many-open", max: 2 } });
    // Another person is not held back by Alice.
    const bobs = relay.request({ owner: "bob", serverName: "A", params: ageForm });
    void bobs.catch(() => undefined);
    await relay.close();
    await Promise.all(kept);
    const limited = createElicitationRelay({ identify: identifyByHeader, rateLimit: { max: 2, windowMs: 60_000 } });
    relays.push(limited);
    void limited.request({ owner: "alice", serverName: "A", params: ageForm }).catch(() => undefined);
    void limited.request({ owner: "alice", serverName: "A", params: ageForm }).catch(() => undefined);
    await expect(limited.request({ owner: "alice", serverName: "A", params: ageForm })).rejects.toMatchObject({
      code: -32000,
      reason: "rate-limited",
      data: { reason: "rate-limited", max: 2, windowMs: 60_000 },
    });
    // Per person and server: another server, another person still get through.
    void limited.request({ owner: "alice", serverName: "B", params: ageForm }).catch(() => undefined);
    void limited.request({ owner: "bob", serverName: "A", params: ageForm }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it("refuses relay.request with store-unavailable (-32603) when the store fails or hangs on opening it, and takes the next once the store answers", async () => {
    const store = createMemoryRelayStore();
    let opening: "fail" | "hang" | "work" = "fail";
    const open = store.open.bind(store);
    store.open = (record, maxOpen, json) => (opening === "fail" ? Promise.reject(new Error("connection lost")) : opening === "hang" ? new Promise<boolean>(() => undefined) : open(record, maxOpen, json));
    const { relay, events } = await start({ store, storeTimeoutMs: 150 });
    // The relay's own refusal, which a host's handler throws on as it is: the store's error is its cause.
    const refusal = { name: "ElicitationRelayRequestError", code: -32603, reason: "store-unavailable", data: { reason: "store-unavailable" } };
    const failed = await relay.request({ owner: "alice", serverName: "A", params: ageForm }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ElicitationRelayRequestError);
    expect(failed).toMatchObject({ ...refusal, cause: new Error("connection lost") });
    opening = "hang";
    const started = performance.now();
    await expect(relay.request({ owner: "alice", serverName: "A", params: ageForm })).rejects.toMatchObject({ ...refusal, cause: new Error("no reply within 150 ms") });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(events.filter((event) => event.type === "store-failed")).toHaveLength(2);
    expect(events.filter((event) => event.type === "rejected").map((event) => event.code)).toEqual([-32603, -32603]);
    expect(events.some((event) => event.type === "requested")).toBe(false);
    // The next one opens once the store answers (and times out here, unanswered).
    opening = "work";
    const answered = relay.request({ owner: "alice", serverName: "A", params: ageForm, timeoutMs: 50 });
    await expect(answered).resolves.toEqual({ action: "cancel" });
    expect(events.filter((event) => event.type === "requested")).toHaveLength(1);
  });

  it("refuses with its own error type in the queue's words and codes", async () => {
    const queue = createElicitationQueue({ rateLimit: { max: 1, windowMs: 60_000 } });
    const { relay } = await start({ rateLimit: { max: 1, windowMs: 60_000 } });
    void queue.request({ serverName: "GitHub", params: ageForm }).catch(() => undefined);
    void relay.request({ owner: "alice", serverName: "GitHub", params: ageForm }).catch(() => undefined);
    const refusals = async () => [
      await queue.request({ serverName: "GitHub", params: ageForm }).catch((error: unknown) => error),
      await relay.request({ owner: "alice", serverName: "GitHub", params: ageForm }).catch((error: unknown) => error),
    ];
    const expectSame = ([fromQueue, fromRelay]: unknown[], expected: string) => {
      expect(fromQueue).toBeInstanceOf(ElicitationQueueError);
      expect(fromRelay).toBeInstanceOf(ElicitationRelayRequestError);
      // One error base: a host catching the queue's refusals catches the relay's too.
      expect(fromRelay).toBeInstanceOf(ElicitationQueueError);
      expect(fromQueue).toMatchObject({ name: "ElicitationQueueError" });
      const { code, reason, data, message } = fromQueue as ElicitationQueueError;
      expect(reason).toBe(expected);
      expect(fromRelay).toMatchObject({ name: "ElicitationRelayRequestError", code, reason, data, message });
    };
    expectSame(await refusals(), "rate-limited");
    queue.close();
    await relay.close();
    expectSame(await refusals(), "queue-closed");
  });

  it("refuses a stream beyond the person's maximum (429) and answers beyond the rate (429)", async () => {
    const { url, open } = await start({ maxStreamsPerPerson: 2, answerRateLimit: { max: 3, windowMs: 60_000 } });
    await open("alice");
    await open("alice");
    expect((await fetch(url, { headers: { accept: "text/event-stream", "x-user": "alice" } })).status).toBe(429);
    expect((await open("bob")).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postAnswer(url, "alice", { id: "x", result: { action: "cancel" } })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("drops a stream whose reader does not read once its buffer is full, and keeps serving the others", async () => {
    const events: ElicitationRelayEvent[] = [];
    const relay = createElicitationRelay({ identify: identifyByHeader, rateLimit: false, maxOpenPerPerson: 10_000, maxStreamBufferBytes: 64 * 1024, onEvent: (e) => events.push(e) });
    relays.push(relay);
    // The response is taken and never read: nothing drains its body.
    const stalled = await relay.handle(new Request("http://host/api", { headers: { accept: "text/event-stream", "x-user": "alice" } }));
    expect(stalled.status).toBe(200);
    const params = { ...ageForm, message: "m".repeat(4_000) };
    for (let i = 0; i < 40; i++) void relay.request({ owner: "alice", serverName: "S", params }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events.filter((e) => e.type === "stream-closed")).toEqual([expect.objectContaining({ owner: "alice", reason: "dropped" })]);
    // What it held is released: reading it now fails instead of yielding 160 KB.
    await expect(stalled.body!.getReader().read()).rejects.toThrow(/behind/);
    // The person's next connection gets every open request.
    const fresh = await relay.handle(new Request("http://host/api", { headers: { accept: "text/event-stream", "x-user": "alice" } }));
    const reader = fresh.body!.getReader();
    let text = "";
    while (!text.includes("event: ready")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text.match(/event: request/g)).toHaveLength(40);
    await reader.cancel();
  });
});

describe("a reader that never reads, over real HTTP", () => {
  it("is dropped once the socket and its stream's buffer are full, while the person's other window is served", async () => {
    const { relay, server, events, open } = await start({ rateLimit: false, maxOpenPerPerson: 10_000, maxStreamBufferBytes: 256 * 1024 });
    const { connect } = await import("node:net");
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write(`GET /api/elicitation HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nAccept: text/event-stream\r\nx-user: alice\r\n\r\n`);
    socket.pause(); // Never reads: the kernel's buffers fill, then the adapter stops pulling, then the stream's own buffer fills.
    const reading = await open("alice");
    await reading.next((e) => e.event === "ready");
    const params = { ...ageForm, message: "m".repeat(4_900) };
    let sent = 0;
    while (!events.some((e) => e.type === "stream-closed" && e.reason === "dropped") && sent < 6_000) {
      // Bursts well under the buffer, which a reader that reads keeps up with.
      for (let i = 0; i < 20; i++, sent++) void relay.request({ owner: "alice", serverName: "S", params }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    socket.destroy();
    expect(events.filter((e) => e.type === "stream-closed").map((e) => e.reason)).toContain("dropped");
    // The window that reads got every request.
    await reading.next(() => reading.events.filter(isRequest).length === sent, 10_000);
  }, 30_000);
});

describe("reload and keep-alive", () => {
  it("a new connection gets every open request, then ready; Last-Event-ID replays the closings it missed", async () => {
    const { relay, url, open } = await start({ rateLimit: false });
    const first = await open("alice");
    const one = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const two = relay.request({ owner: "alice", serverName: "Linear", params: ageForm });
    await first.next(() => first.events.filter(isRequest).length === 2);
    const [idOne, idTwo] = first.events.filter(isRequest).map(requestId);
    const lastSeen = first.events.at(-1)!.id!;
    first.close();
    // While the window is away: one is answered elsewhere.
    expect((await postAnswer(url, "alice", { id: idOne!, result: { action: "decline" } })).status).toBe(200);
    await expect(one).resolves.toEqual({ action: "decline" });
    const again = await open("alice", { "last-event-id": lastSeen });
    const ready = await again.next((e) => e.event === "ready");
    expect(again.events.map((e) => [e.event, e.data])).toEqual([
      ["request", expect.objectContaining({ id: idTwo, serverName: "Linear" })],
      ["closed", { id: idOne, reason: "answered" }],
      ["ready", { open: [idTwo] }],
    ]);
    expect(Number(ready.id)).toBeGreaterThan(Number(lastSeen));
    // Without Last-Event-ID there is nothing to replay.
    const fresh = await open("alice");
    await fresh.next((e) => e.event === "ready");
    expect(fresh.events.map((e) => e.event)).toEqual(["request", "ready"]);
    // Live events after ready carry growing ids.
    const three = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const live = await fresh.next(isRequest, 3_000, 2);
    expect(Number(live.id)).toBeGreaterThan(Number(ready.id));
    await relay.close();
    await Promise.all([two, three]);
  });

  it("sends a keep-alive comment at the configured interval", async () => {
    const { open } = await start({ keepAliveMs: 40 });
    const alice = await open("alice");
    // Two within a few intervals (a loaded machine delays timers, never by seconds).
    const started = Date.now();
    while (alice.comments.filter((c) => c === "keep-alive").length < 2 && Date.now() - started < 2_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alice.comments.filter((c) => c === "keep-alive").length).toBeGreaterThanOrEqual(2);
  });

  it("answers 405 with Allow to other methods and 406 to a GET that does not accept an event stream", async () => {
    const { url } = await start();
    const put = await fetch(url, { method: "PUT", headers: { "x-user": "alice" } });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
    expect((await fetch(url, { headers: { "x-user": "alice" } })).status).toBe(406);
  });
});

describe("nothing of an answer's content is logged or reported", () => {
  it("keeps typed values out of onEvent and the console, accepted or refused", async () => {
    const logs = [vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(console, "warn"), vi.spyOn(console, "info")];
    const { relay, url, open, events } = await start();
    const alice = await open("alice");
    const answer = relay.request({ owner: "alice", serverName: "GitHub", params: ageForm });
    const id = requestId(await alice.next(isRequest));
    await postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30, code: "SECRETVALUE-1" } } });
    await postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30, code: "QQQ", zzzSecretKey: "SECRETVALUE-2" } } });
    await postAnswer(url, "alice", { id, result: { action: "accept", content: { age: 30, code: "XYZ" } } });
    await expect(answer).resolves.toEqual({ action: "accept", content: { age: 30, code: "XYZ" } });
    const trail = JSON.stringify(events);
    expect(trail).not.toMatch(/SECRETVALUE|XYZ|zzzSecretKey/);
    for (const log of logs) expect(log).not.toHaveBeenCalled();
  });
});

describe("relay.call", () => {
  it("stops the call's clock while its person has an open request of that server", async () => {
    const { relay, url, open } = await start();
    const alice = await open("alice");
    const call = relay.call(
      "alice",
      "GitHub",
      async ({ signal }) => {
        const answer = await relay.request({ owner: "alice", serverName: "GitHub", params: ageForm, signal });
        return answer.action;
      },
      { timeoutMs: 100 },
    );
    const id = requestId(await alice.next(isRequest));
    // Longer than the call's limit, spent answering.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await postAnswer(url, "alice", { id, result: { action: "decline" } })).status).toBe(200);
    await expect(call).resolves.toBe("decline");
  });
});
