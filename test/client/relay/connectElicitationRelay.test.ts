// @vitest-environment node
// The browser side of the relay against real HTTP: a relay speaking docs/relay.md on 127.0.0.1
// (wireServer.ts), the host's queue fed from its stream, answers posted back through `deliver`.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ElicitationAnswerRefused } from "../../../src/client/queue/ElicitationAnswerRefused";
import { ElicitationRequestClosed } from "../../../src/client/queue/ElicitationRequestClosed";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { connectElicitationRelay } from "../../../src/client/relay/connectElicitationRelay";
import type { ElicitationRelayConnectionOptions } from "../../../src/client/relay/ElicitationRelayConnectionOptions";
import type { ElicitationRelayError } from "../../../src/client/relay/ElicitationRelayError";
import type { ElicitationQueue } from "../../../src/client/types";
import { githubUsernameTitled } from "../../fixtures/seedRequests";
import { startWireServer, type WireServer, type WireServerOptions } from "./wireServer";

let server: WireServer;
let serverOptions: WireServerOptions = {};
const connections: { close(): void }[] = [];

// A fresh relay per test (its open requests are per person and would carry over), stopped after it.
beforeEach(async () => {
  server = await startWireServer({ onPost: (body) => serverOptions.onPost?.(body), check: (id, result) => serverOptions.check?.(id, result) ?? [] });
});
afterEach(async () => {
  for (const connection of connections.splice(0)) connection.close();
  serverOptions = {};
  await server.stop();
});

const fast = { reconnectFirstMs: 50, reconnectMaxMs: 200 };

function connect(extra: Partial<ElicitationRelayConnectionOptions> = {}) {
  const queue = extra.queue ?? createElicitationQueue({ rateLimit: false });
  const errors: ElicitationRelayError[] = [];
  const connection = connectElicitationRelay({ url: server.url, queue, onError: (error) => errors.push(error), limits: fast, ...extra });
  connections.push(connection);
  return { queue, errors, connection };
}

const entries = (queue: ElicitationQueue) => queue.getSnapshot().entries;
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe("connectElicitationRelay against a relay over HTTP", () => {
  it("puts each request of the stream into the queue, with its server name and context", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBeGreaterThan(0));
    server.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "c1", toolCallId: "t9" } });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const [entry] = entries(queue);
    expect(entry!.serverName).toBe("GitHub");
    expect(entry!.request.mode).toBe("form");
    expect(entry!.context).toEqual({ chatId: "c1", toolCallId: "t9" });
  });

  it("a filter keeps the requests of other chats out", async () => {
    const { queue } = connect({ filter: (request) => request.context?.chatId === "mine" });
    await until(() => expect(server.streamCount()).toBeGreaterThan(0));
    server.request({ serverName: "Other", params: githubUsernameTitled, context: { chatId: "theirs" } });
    server.request({ serverName: "Mine", params: githubUsernameTitled, context: { chatId: "mine" } });
    await until(() => expect(entries(queue).map((entry) => entry.serverName)).toEqual(["Mine"]));
  });

  it("`closed` takes the request out of the queue with its reason", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBeGreaterThan(0));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const { signal } = entries(queue)[0]!;
    server.close(id, "withdrawn");
    await until(() => expect(entries(queue)).toHaveLength(0));
    expect(signal.reason).toBeInstanceOf(ElicitationRequestClosed);
    expect((signal.reason as ElicitationRequestClosed).reason).toBe("withdrawn");
  });

  it("opens the stream again after the relay drops it, sends Last-Event-ID, and learns what closed meanwhile", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const stays = server.request({ serverName: "Stays", params: githubUsernameTitled });
    const goes = server.request({ serverName: "Goes", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(2));
    const goesSignal = entries(queue)[1]!.signal;
    const before = server.lastEventIds.length;
    server.dropStreams();
    server.close(goes, "timeout"); // while nobody listens
    await until(() => expect(server.streamCount()).toBe(1));
    const sent = server.lastEventIds.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^\d+$/);
    await until(() => expect(entries(queue).map((entry) => entry.serverName)).toEqual(["Stays"]));
    expect((goesSignal.reason as ElicitationRequestClosed).reason).toBe("timeout");
    // The request still open was sent again on the new stream, and is shown once.
    expect(stays).toBeDefined();
    expect(entries(queue)).toHaveLength(1);
  });

  it("drops a request that `ready` no longer lists (it closed while this window was away), five seconds on", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const { signal } = entries(queue)[0]!;
    server.dropStreams();
    server.forget(id);
    await until(() => expect(server.lastEventIds.length).toBe(2));
    const listedWithout = Date.now();
    await vi.waitFor(() => expect(entries(queue)).toHaveLength(0), { timeout: 8_000, interval: 20 });
    expect(Date.now() - listedWithout).toBeGreaterThanOrEqual(4_500);
    expect((signal.reason as ElicitationRequestClosed).reason).toBe("closed");
  }, 15_000);

  it("a request the relay lists again soon after a `ready` without it (a store restarted empty) stays the same card", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    server.lose(id);
    server.dropStreams();
    await until(() => expect(server.lastEventIds.length).toBe(2));
    await until(() => expect(server.streamCount()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.restore(id);
    // Past the five seconds: still the one card it was.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(entries(queue).map((shown) => shown.id)).toEqual([entry.id]);
    expect(entry.signal.aborted).toBe(false);
    await expect(queue.submit(entry.id, { action: "decline" })).resolves.toBe(true);
  }, 15_000);

  it("ignores and reports a malformed event and an oversized one, and keeps reading", async () => {
    const { queue, errors } = connect({ limits: { ...fast, maxEventLength: 2_000 } });
    await until(() => expect(server.streamCount()).toBe(1));
    server.sendRaw("event: request\ndata: {not json\n\n");
    server.sendRaw(`event: request\ndata: ${JSON.stringify({ id: "x".repeat(30), serverName: 42, params: {} })}\n\n`);
    server.sendRaw(`event: request\ndata: ${JSON.stringify({ id: "abc", serverName: "S", params: {}, context: { n: 1 } })}\n\n`);
    server.sendRaw(`event: request\ndata: ${"y".repeat(5_000)}\n${"z".repeat(5_000)}\n\n`);
    server.sendRaw("event: something-new\ndata: {}\n\n");
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    expect(errors.map((error) => error.code)).toEqual(["malformed-event", "malformed-event", "malformed-event", "event-too-large"]);
    expect(server.streamCount()).toBe(1);
  });

  it("`completed` says the waiting URL-mode request is done, then the step opened by accepting another; a malformed one is reported and changes nothing", async () => {
    const { queue, errors } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const link = (elicitationId: string) => ({ mode: "url", message: "Link your account", url: "https://github.example/login", elicitationId });
    server.request({ serverName: "GitHub", params: link("e1") });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const completed = (data: unknown) => server.sendRaw(`event: completed\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    completed("{not json");
    completed({ serverName: "GitHub" });
    completed({ serverName: 7, elicitationId: "e1" });
    completed({ serverName: "GitHub", elicitationId: "e1", id: "not an id!" });
    completed({ serverName: "GitHub", elicitationId: "e".repeat(300) });
    completed({ serverName: "Other", elicitationId: "e1" });
    server.request({ serverName: "Marker", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(2));
    expect(errors.map((error) => error.code)).toEqual(Array(5).fill("malformed-event"));
    expect(entries(queue)[0]!.completed).toBe(false);

    completed({ serverName: "GitHub", elicitationId: "e1" });
    await until(() => expect(entries(queue)[0]!.completed).toBe(true));
    await expect(queue.submit(entries(queue)[0]!.id, { action: "accept" })).resolves.toBe(true);
    expect(queue.getSnapshot().urlSteps.map(({ elicitationId, status }) => ({ elicitationId, status }))).toEqual([{ elicitationId: "e1", status: "done" }]);

    server.request({ serverName: "GitHub", params: link("e2") });
    await until(() => expect(entries(queue).map((entry) => entry.serverName)).toEqual(["Marker", "GitHub"]));
    await expect(queue.submit(entries(queue)[1]!.id, { action: "accept" })).resolves.toBe(true);
    const stepOf = (id: string) => queue.getSnapshot().urlSteps.find((step) => step.elicitationId === id)?.status;
    expect(stepOf("e2")).toBe("waiting");
    completed({ id: "someRequestId", serverName: "GitHub", elicitationId: "e2" });
    await until(() => expect(stepOf("e2")).toBe("done"));
    expect(errors).toHaveLength(5);
  });

  it("drops a stream that floods events, reports it, and opens it again later", async () => {
    const { errors } = connect({ limits: { ...fast, maxEventsPerSecond: 20 } });
    await until(() => expect(server.streamCount()).toBe(1));
    const before = server.lastEventIds.length;
    server.sendRaw(": flood\n\n".repeat(1) + "event: noise\ndata: {}\n\n".repeat(50));
    await until(() => expect(errors.map((error) => error.code)).toContain("too-many-events"));
    await until(() => expect(server.lastEventIds.length).toBeGreaterThan(before));
  });

  it("posts the answer once; the `closed: answered` the relay sends meanwhile does not close it as answered elsewhere", async () => {
    const queue = createElicitationQueue({ rateLimit: false });
    connect({ queue });
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    const taken = queue.submit(entry.id, { action: "accept", content: { username: "octocat" } });
    await expect(taken).resolves.toBe(true);
    expect(entry.signal.aborted).toBe(false);
    expect(server.posts.filter((post) => post.id === id)).toEqual([{ id, result: { action: "accept", content: { username: "octocat" } }, status: 200 }]);
  });

  it("400 invalid-content refuses the answer with the relay's field errors; the request stays", async () => {
    serverOptions.check = (_id, result) => (result.content?.username === "root" ? [{ field: "username", message: "Pick another name" }] : []);
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    const refused = queue.submit(entry.id, { action: "accept", content: { username: "root" } });
    await expect(refused).rejects.toBeInstanceOf(ElicitationAnswerRefused);
    await expect(refused).rejects.toMatchObject({ errors: [{ field: "username", message: "Pick another name" }] });
    expect(entries(queue)).toHaveLength(1);
    await expect(queue.submit(entry.id, { action: "accept", content: { username: "octocat" } })).resolves.toBe(true);
  });

  it("403 forbidden-origin keeps the card with the answer refused, and tells the developer which origins the relay saw and expected", async () => {
    const { queue, errors } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    serverOptions.onPost = () => ({ status: 403, body: { error: "forbidden-origin", origin: "http://localhost:5173", expected: "http://127.0.0.1:8787" } });
    await expect(queue.submit(entry.id, { action: "accept", content: { username: "octocat" } })).rejects.toBeInstanceOf(ElicitationAnswerRefused);
    expect(entries(queue)).toHaveLength(1);
    expect(entry.signal.aborted).toBe(false);
    const forbidden = errors.find((error) => error.code === "forbidden");
    expect(forbidden?.message).toContain('"http://localhost:5173"');
    expect(forbidden?.message).toContain('"http://127.0.0.1:8787"');
    // The proxy is fixed: the same card's answer goes through.
    serverOptions.onPost = () => undefined;
    await expect(queue.submit(entry.id, { action: "accept", content: { username: "octocat" } })).resolves.toBe(true);
  });

  it("409 closes the request with the reason the relay gives", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    serverOptions.onPost = () => ({ status: 409, body: { error: "already-closed", reason: "answered" } });
    await expect(queue.submit(entry.id, { action: "decline" })).resolves.toBe(false);
    expect((entry.signal.reason as ElicitationRequestClosed).reason).toBe("answered");
    expect(entries(queue)).toHaveLength(0);
  });

  it("404 a moment (a store restarted empty): the answer is tried again, and taken once the relay knows it again; a `ready` without it meanwhile does not close the card", async () => {
    const { queue, errors } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    // The store lost it: the stream comes back without it, and the answer gets 404.
    server.lose(id);
    server.dropStreams();
    const taken = queue.submit(entry.id, { action: "accept", content: { username: "octocat" } });
    await until(() => expect(entries(queue)[0]?.delivery).toBe("retrying"));
    await until(() => expect(server.streamCount()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Its holder opens it again.
    server.restore(id);
    await expect(taken).resolves.toBe(true);
    const statuses = server.posts.filter((post) => post.id === id).map((post) => post.status);
    expect(statuses[0]).toBe(404);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(entry.signal.aborted).toBe(false);
    expect(errors.filter((error) => error.code === "not-found")).toEqual([]);
  }, 15_000);

  it("404s that outlast five seconds close the card and say so", async () => {
    const { queue, errors } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    serverOptions.onPost = () => ({ status: 404, body: { error: "not-found" } });
    const started = Date.now();
    await expect(queue.submit(entry.id, { action: "accept", content: { username: "octocat" } })).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
    expect((entry.signal.reason as ElicitationRequestClosed).reason).toBe("closed");
    expect(entries(queue)).toHaveLength(0);
    expect(errors.map((error) => error.code)).toContain("not-found");
  }, 20_000);

  it("an answer the network loses is tried again and taken exactly once", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const entry = entries(queue)[0]!;
    let drops = 1;
    serverOptions.onPost = () => (drops-- > 0 ? "drop" : undefined);
    const taken = queue.submit(entry.id, { action: "accept", content: { username: "octocat" } });
    await until(() => expect(queue.getSnapshot().entries[0]?.delivery).toBe("retrying"));
    await expect(taken).resolves.toBe(true);
    const mine = server.posts.filter((post) => post.id === id);
    expect(mine.map((post) => post.status)).toEqual([0, 200]);
  });

  it("two windows answering at the same moment: one answer is taken, the other window's request closes as answered there", async () => {
    const first = connect();
    const second = connect();
    await until(() => expect(server.streamCount()).toBe(2));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(first.queue)).toHaveLength(1));
    await until(() => expect(entries(second.queue)).toHaveLength(1));
    const [a, b] = [entries(first.queue)[0]!, entries(second.queue)[0]!];
    const outcomes = await Promise.all([
      first.queue.submit(a.id, { action: "accept", content: { username: "first" } }),
      second.queue.submit(b.id, { action: "accept", content: { username: "second" } }),
    ]);
    expect(outcomes.filter((taken) => taken === true)).toHaveLength(1);
    const loser = outcomes[0] ? b : a;
    expect((loser.signal.reason as ElicitationRequestClosed).reason).toBe("answered");
    expect(server.posts.filter((post) => post.id === id).map((post) => post.status).sort()).toEqual([200, 409]);
  });

  it("an answer the queue gives by itself (“Stop asking”) is posted to the relay once", async () => {
    const { queue } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    queue.cancelServer("GitHub");
    await until(() => expect(server.posts.filter((post) => post.id === id)).toEqual([{ id, result: { action: "cancel" }, status: 200 }]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.posts.filter((post) => post.id === id)).toHaveLength(1);
  });

  it("401 on the stream is reported and the stream stays closed", async () => {
    const errors: ElicitationRelayError[] = [];
    let calls = 0;
    const refusing = (async () => {
      calls++;
      return new Response(JSON.stringify({ error: "unauthenticated" }), { status: 401 });
    }) as typeof fetch;
    connect({ fetch: refusing, onError: (error) => errors.push(error) });
    await until(() => expect(errors.map((error) => error.code)).toEqual(["unauthenticated"]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(1);
  });

  it("403 forbidden-origin on the stream is reported with the origins the relay saw and expected, and the stream stays closed", async () => {
    const errors: ElicitationRelayError[] = [];
    let calls = 0;
    const refusing = (async () => {
      calls++;
      return new Response(JSON.stringify({ error: "forbidden-origin", origin: "http://localhost:5173", expected: "http://127.0.0.1:8787" }), { status: 403 });
    }) as typeof fetch;
    connect({ fetch: refusing, onError: (error) => errors.push(error) });
    await until(() => expect(errors.map((error) => error.code)).toEqual(["forbidden"]));
    expect(errors[0]!.status).toBe(403);
    expect(errors[0]!.message).toContain('saw Origin "http://localhost:5173" and expected "http://127.0.0.1:8787"');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(1);
  });

  it("close() stops the stream and takes its requests out of the queue without answering them", async () => {
    const { queue, connection } = connect();
    await until(() => expect(server.streamCount()).toBe(1));
    const id = server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
    const postsBefore = server.posts.length;
    connection.close();
    expect(entries(queue)).toHaveLength(0);
    await until(() => expect(server.streamCount()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.posts.length).toBe(postsBefore);
    server.close(id, "withdrawn");
  });
});

describe("connectElicitationRelay takes only an http: or https: URL", () => {
  /** A stream that is not a relay: one forged request naming any server, in a data: URL. */
  const forged = `data:text/event-stream,${encodeURIComponent(
    `event: request\ndata: ${JSON.stringify({ id: `req${"1".padStart(22, "0")}`, serverName: "GitHub", params: githubUsernameTitled, receivedAt: Date.now() })}\n\nevent: ready\ndata: {"open":[]}\n\n`,
  )}`;

  it("a data: URL serving a forged request throws a TypeError naming url; nothing is fetched, nothing reaches the queue", async () => {
    const queue = createElicitationQueue({ rateLimit: false });
    const fetched: string[] = [];
    const spy = (input: RequestInfo | URL, init?: RequestInit) => (fetched.push(String(input)), globalThis.fetch(input, init));
    expect(() => connections.push(connectElicitationRelay({ url: forged, queue, fetch: spy, limits: fast }))).toThrow(TypeError);
    expect(() => connections.push(connectElicitationRelay({ url: forged, queue }))).toThrow(/^url="data:text\/event-stream,.*" is a data: URL; a relay is reached over http: or https: only$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetched).toEqual([]);
    expect(entries(queue)).toEqual([]);
  });

  it.each(["javascript:alert(1)", "blob:https://host.example/0b5e", "file:///etc/passwd", "ftp://relay.example/", "ws://relay.example/"])("refuses %s, naming url", (url) => {
    const queue = createElicitationQueue({ rateLimit: false });
    const protocol = url.slice(0, url.indexOf(":") + 1);
    expect(() => connectElicitationRelay({ url, queue })).toThrow(new TypeError(`url="${url}" is a ${protocol} URL; a relay is reached over http: or https: only`));
    expect(() => connectElicitationRelay({ url: new URL(url), queue })).toThrow(TypeError);
  });

  it("a relative URL with no page to resolve it against (Node) is not a URL, said with its name", () => {
    expect(() => connectElicitationRelay({ url: "/api/elicitation", queue: createElicitationQueue() })).toThrow(new TypeError('url="/api/elicitation" is not a URL'));
  });

  it("an http: URL given as a URL object is taken", async () => {
    const { queue } = connect({ url: new URL(server.url) });
    server.request({ serverName: "GitHub", params: githubUsernameTitled });
    await until(() => expect(entries(queue)).toHaveLength(1));
  });
});
