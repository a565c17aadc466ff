// @vitest-environment node
// Remembered decisions across instances: two relays on one real redis-server, a window reading one's
// stream over HTTP and answering through the other. A decision remembered on one instance answers the
// same server's same form for the same person (and chat) on the other, with exactly what the person
// sent, without a card — and nothing else: another schema, message, person or chat is asked again,
// Forget (from the window or the host's API) stops it, and sensitive fields and URL mode never offer it.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { REMEMBERED_CONTENT_LENGTH, REMEMBERED_PER_PERSON } from "../../../src/server/relay/createRememberedDecisions";
import type { ElicitationRecord, ElicitationRelayEvent, ElicitationRelayOptions, ElicitationRelayRequest } from "../../../src/server/types";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type StreamEvent } from "../helpers/relayHarness";
import { startRedis, type RunningRedis } from "../helpers/redisServer";

const schema = {
  type: "object",
  properties: { region: { type: "string", enum: ["eu-west-1", "us-east-1"] }, replicas: { type: "integer", minimum: 1, maximum: 9 }, canary: { type: "boolean" } },
  required: ["region", "replicas"],
};
const form = { message: "Deploy where?", requestedSchema: schema };
const answer = { region: "us-east-1", replicas: 3, canary: true };

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
async function twoInstances(options: Partial<ElicitationRelayOptions> = { remember: { chat: "chatId", server: true } }) {
  const prefix = `remember${prefixes++}`;
  const records: ElicitationRecord[] = [];
  const events: ElicitationRelayEvent[] = [];
  const [a, b] = await Promise.all(
    [0, 1].map(async () => {
      const store = createRedisRelayStore({ url: redis.url, prefix, leaseMs: 600, sweepMs: 200 });
      const relay = createElicitationRelay({
        identify: identifyByHeader,
        store,
        rateLimit: false,
        onRecord: (record) => void records.push(record),
        onEvent: (event) => void events.push(event),
        ...options,
      });
      const served = await serve(relay.handle);
      cleanup.push(() => store.close(), () => relay.close(), () => served.close());
      return { relay, url: served.url };
    }),
  );
  return { a: a!, b: b!, records, events };
}

async function window(url: string, person = "ada"): Promise<EventReader> {
  const reader = await openStream(url, person);
  cleanup.push(() => reader.close());
  await reader.next((event) => event.event === "ready", 5_000);
  return reader;
}

type RequestData = { id: string; params: { message: string }; remember?: string[]; remembered?: { key: string; at: number } };
/** The next request event the window reads from `from` on. */
const nextRequest = async (reader: EventReader, from: number): Promise<RequestData> => (await reader.next(isRequest, 5_000, from)).data as RequestData;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks on instance `a`, answers from the window through `b` with `remember`; resolves with what the MCP side got. */
async function answerRemembering(
  relays: Awaited<ReturnType<typeof twoInstances>>,
  reader: EventReader,
  remember: "chat" | "server",
  request: Partial<ElicitationRelayRequest> = {},
) {
  const from = reader.events.length;
  const asked = relays.a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" }, ...request });
  const shown = await nextRequest(reader, from);
  expect(shown.remember).toEqual(["chat", "server"]);
  expect((await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", content: answer }, remember })).status).toBe(200);
  return await asked;
}

/** A request that must be asked (a card): the window gets it without `remembered`; it is declined to end it. */
async function expectAsked(relays: Awaited<ReturnType<typeof twoInstances>>, reader: EventReader, request: ElicitationRelayRequest, answerAs = "ada") {
  const from = reader.events.length;
  let settled = false;
  const asked = relays.b.relay.request(request).finally(() => (settled = true));
  const shown = await nextRequest(reader, from);
  expect(shown.remembered).toBeUndefined();
  await pause(300);
  expect(settled).toBe(false);
  expect((await postAnswer(relays.a.url, answerAs, { id: shown.id, result: { action: "decline" } })).status).toBe(200);
  expect(await asked).toEqual({ action: "decline" });
}

/** A request answered from a decision: the MCP side gets exactly `answer`, the window a line (`remembered`) and its closing, never a card. */
async function expectRemembered(relays: Awaited<ReturnType<typeof twoInstances>>, reader: EventReader, request: ElicitationRelayRequest): Promise<string> {
  const from = reader.events.length;
  expect(await relays.b.relay.request(request)).toEqual({ action: "accept", content: answer });
  const shown = await nextRequest(reader, from);
  expect(shown.remembered).toBeDefined();
  await reader.next((event) => event.event === "closed" && (event.data as { id: string }).id === shown.id, 5_000, from);
  return shown.remembered!.key;
}

describe("remembered decisions, on two instances sharing Redis", () => {
  it("answers the same form on the other instance with exactly what the person sent, without a card, and says so on the stream and in the record", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    const first = await answerRemembering(relays, reader, "server");
    expect(first).toEqual({ action: "accept", content: answer });

    const from = reader.events.length;
    const second = await relays.b.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c2" } });
    expect(second).toEqual(first);
    // What the MCP server receives passes its own SDK's check against the schema it sent.
    expect(new AjvJsonSchemaValidator().getValidator(schema as never)(second.content).valid).toBe(true);
    const shown = await nextRequest(reader, from);
    expect(shown.remembered).toMatchObject({ key: expect.stringMatching(/^server\./) });
    expect(shown.remember).toBeUndefined();
    const closed = await reader.next((event: StreamEvent) => event.event === "closed" && (event.data as { id: string }).id === shown.id, 5_000, from);
    expect(closed.data).toMatchObject({ reason: "answered" });

    await pause(500);
    expect(relays.records.map((record) => record.cause)).toEqual(["person", "remembered"]);
    expect(relays.records[1]).toMatchObject({ id: shown.id, owner: "ada", serverName: "Deploy", action: "accept" });
    expect(relays.events.find((event) => event.type === "answered" && event.id === shown.id)).toMatchObject({ cause: "remembered", action: "accept" });
    expect(relays.events.filter((event) => event.type === "remembered")).toHaveLength(1);
    // Never reported as shown: no card was drawn.
    expect(relays.events.some((event) => event.type === "shown" && event.id === shown.id)).toBe(false);

    // The host's list, from either instance: one decision, its content as sent.
    const listed = await relays.a.relay.remembered("ada");
    expect(listed).toEqual([expect.objectContaining({ key: shown.remembered!.key, scope: "server", serverName: "Deploy", message: "Deploy where?", content: answer })]);
    expect(await relays.b.relay.remembered("bob")).toEqual([]);
  });

  it("a server that asks again the moment it has the answer (before the window's POST is replied to) is answered from the decision", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    const ask = () => relays.a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const both = ask().then(async (first) => [first, await ask()]);
    const shown = await nextRequest(reader, 0);
    expect((await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", content: answer }, remember: "server" })).status).toBe(200);
    expect(await both).toEqual([
      { action: "accept", content: answer },
      { action: "accept", content: answer },
    ]);
  });

  it("asks again when the schema, the message, the server or the person differs", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    await answerRemembering(relays, reader, "server");
    const base = { owner: "ada", serverName: "Deploy", context: { chatId: "c1" } };
    // One more choice in the schema; a bound changed; a property described; the message's wording.
    const widened = { ...schema, properties: { ...schema.properties, region: { type: "string", enum: ["eu-west-1", "us-east-1", "ap-south-1"] } } };
    const bounded = { ...schema, properties: { ...schema.properties, replicas: { type: "integer", minimum: 1, maximum: 3 } } };
    await expectAsked(relays, reader, { ...base, params: { message: "Deploy where?", requestedSchema: widened } });
    await expectAsked(relays, reader, { ...base, params: { message: "Deploy where?", requestedSchema: bounded } });
    await expectAsked(relays, reader, { ...base, params: { message: "Deploy where? (production)", requestedSchema: schema } });
    await expectAsked(relays, reader, { ...base, serverName: "Deploy staging", params: form });
    // The same schema with its keys in another order is the same form.
    const reordered = { required: ["region", "replicas"], properties: schema.properties, type: "object" };
    await expectRemembered(relays, reader, { ...base, params: { requestedSchema: reordered, message: "Deploy where?" } });

    const bobs = await window(relays.b.url, "bob");
    await expectAsked(relays, bobs, { ...base, owner: "bob", params: form }, "bob");
  });

  it("for this chat: answers in that chat only", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    await answerRemembering(relays, reader, "chat");
    await expectRemembered(relays, reader, { owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1", toolCallId: "t9" } });
    await expectAsked(relays, reader, { owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c2" } });
    await expectAsked(relays, reader, { owner: "ada", serverName: "Deploy", params: form });
    expect((await relays.a.relay.remembered("ada")).map(({ scope, chat }) => [scope, chat])).toEqual([["chat", "c1"]]);
  });

  it("Forget from the window (the thread's line) and from the host's API: the next one is asked again", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    await answerRemembering(relays, reader, "server");
    const key = await expectRemembered(relays, reader, { owner: "ada", serverName: "Deploy", params: form });
    // Someone else cannot forget it: the POST is answered alike, the decision stays.
    expect((await postAnswer(relays.a.url, "bob", { forget: key })).status).toBe(200);
    expect(await relays.b.relay.remembered("ada")).toHaveLength(1);
    expect((await postAnswer(relays.a.url, "ada", { forget: key })).status).toBe(200);
    await expectAsked(relays, reader, { owner: "ada", serverName: "Deploy", params: form });
    expect(relays.events.some((event) => event.type === "forgotten")).toBe(true);

    await answerRemembering(relays, reader, "server");
    await expectRemembered(relays, reader, { owner: "ada", serverName: "Deploy", params: form });
    const [decision] = await relays.b.relay.remembered("ada");
    expect(await relays.b.relay.forget("ada", decision!.key)).toBe(true);
    expect(await relays.a.relay.forget("ada", decision!.key)).toBe(false);
    await expectAsked(relays, reader, { owner: "ada", serverName: "Deploy", params: form });
    // A key that is none is a clear 400, not a silent success.
    expect(await postAnswer(relays.a.url, "ada", { forget: "everything" })).toMatchObject({ status: 400, body: { error: "bad-request" } });
  });

  it("never offers it for a sensitive field or URL mode, and refuses an answer asking for it there", async () => {
    const relays = await twoInstances();
    const reader = await window(relays.b.url);
    const secret = { message: "Your API token?", requestedSchema: { type: "object", properties: { apiToken: { type: "string" } } } };
    const link = { mode: "url", message: "Connect your account", url: "https://accounts.example.com/link", elicitationId: "el-1" };
    for (const params of [secret, link]) {
      const from = reader.events.length;
      const asked = relays.a.relay.request({ owner: "ada", serverName: "Deploy", params, context: { chatId: "c1" } });
      const shown = await nextRequest(reader, from);
      expect(shown.remember).toBeUndefined();
      const content = params === secret ? { apiToken: "t0ken" } : undefined;
      for (const remember of ["server", "chat"]) {
        const refused = await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", ...(content ? { content } : {}) }, remember });
        expect(refused).toMatchObject({ status: 400, body: { error: "bad-request", message: `This request offers no remembering "${remember}".` } });
      }
      expect((await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", ...(content ? { content } : {}) } })).status).toBe(200);
      await asked;
    }
    expect(await relays.a.relay.remembered("ada")).toEqual([]);
  });

  it("offers nothing when the host did not turn it on, and only the scopes it turned on", async () => {
    const off = await twoInstances({});
    const reader = await window(off.b.url);
    const asked = off.a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" } });
    const shown = await nextRequest(reader, 0);
    expect(shown.remember).toBeUndefined();
    expect(await postAnswer(off.b.url, "ada", { id: shown.id, result: { action: "accept", content: answer }, remember: "server" })).toMatchObject({ status: 400 });
    expect((await postAnswer(off.b.url, "ada", { id: shown.id, result: { action: "accept", content: answer } })).status).toBe(200);
    await asked;

    const chatOnly = await twoInstances({ remember: { chat: "chatId" } });
    const chatReader = await window(chatOnly.b.url);
    chatOnly.a.relay.request({ owner: "ada", serverName: "Deploy", params: form, context: { chatId: "c1" }, timeoutMs: 2_000 }).catch(() => undefined);
    expect((await nextRequest(chatReader, 0)).remember).toEqual(["chat"]);
    expect(() => createElicitationRelay({ remember: { chat: "" } })).toThrow(/remember\.chat must name the context entry/);
    expect(() => createElicitationRelay({ remember: {} })).toThrow(/remember must offer something/);
  });

  it("bounded: at most REMEMBERED_PER_PERSON decisions per person (the oldest goes), and an answer too long to keep is sent, not remembered", async () => {
    const relays = await twoInstances({ remember: { server: true }, answerRateLimit: false });
    const reader = await window(relays.b.url);
    const formNumber = (n: number) => ({ message: `Deploy where? (${n})`, requestedSchema: schema });
    for (let n = 0; n <= REMEMBERED_PER_PERSON; n++) {
      const from = reader.events.length;
      const asked = relays.a.relay.request({ owner: "ada", serverName: "Deploy", params: formNumber(n) });
      const shown = await nextRequest(reader, from);
      expect((await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", content: answer }, remember: "server" })).status).toBe(200);
      await asked;
    }
    const kept = await relays.a.relay.remembered("ada");
    expect(kept).toHaveLength(REMEMBERED_PER_PERSON);
    expect(kept.map((decision) => decision.message)).not.toContain("Deploy where? (0)");
    await expectAsked(relays, reader, { owner: "ada", serverName: "Deploy", params: formNumber(0) });
    await expectRemembered(relays, reader, { owner: "ada", serverName: "Deploy", params: formNumber(1) });

    // Eight notes at the default's 10,000 characters each: past what a decision holds.
    const notes = Array.from({ length: 8 }, (_, n) => `note${n}`);
    const long = { message: "A long note?", requestedSchema: { type: "object", properties: Object.fromEntries(notes.map((name) => [name, { type: "string" }])) } };
    const from = reader.events.length;
    const asked = relays.a.relay.request({ owner: "ada", serverName: "Deploy", params: long });
    const shown = await nextRequest(reader, from);
    const content = Object.fromEntries(notes.map((name) => [name, "x".repeat(10_000)]));
    expect(JSON.stringify(content).length).toBeGreaterThan(REMEMBERED_CONTENT_LENGTH);
    expect((await postAnswer(relays.b.url, "ada", { id: shown.id, result: { action: "accept", content }, remember: "server" })).status).toBe(200);
    expect(await asked).toEqual({ action: "accept", content });
    expect((await relays.a.relay.remembered("ada")).some((decision) => decision.message === "A long note?")).toBe(false);
  }, 60_000);
});
