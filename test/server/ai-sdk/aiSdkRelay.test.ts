// @vitest-environment node
// `toolsWithElicitationRelay` with the real AI SDK: `streamText` (ai@7) with a scripted mock model,
// the MCP tools from `@ai-sdk/mcp`, the relay over real HTTP and a "browser" reading its event stream
// and posting answers. Each question carries its tool call (parallel calls each their own), the answer
// reaches the server, and stopping the chat (the call's abort) closes the question's card; a run on
// `relay.stopSignal` outlives the page going away and ends by a Stop through another instance. Against an
// SDK v1 server over Streamable HTTP, and a 2026-07-28 server whose input_required rounds the client
// answers in process (two questions in one round, one of them declined).
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHandler, inputRequired, McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { simulateReadableStream, stepCountIs, streamText } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import { createRedisRelayStore } from "../../../src/server/redis/createRedisRelayStore";
import { toolsWithElicitationRelay } from "../../../src/server/ai-sdk/toolsWithElicitationRelay";
import type { ElicitationRelay, ElicitationRelayEvent } from "../../../src/server/types";
import { serveMcp } from "../helpers/deployServer";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader, type StreamEvent } from "../helpers/relayHarness";
import { startRedis } from "../helpers/redisServer";

type StreamPart = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer Part> ? Part : never;
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

/** A model that calls "deploy" once per service named (all in one step), then says it is done. */
function scriptedModel(services: string[]) {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const chunks: StreamPart[] =
        prompt.at(-1)?.role === "tool"
          ? [
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "Done." },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
            ]
          : [
              ...services.map((service): StreamPart => ({ type: "tool-call", toolCallId: `call-${service}`, toolName: "deploy", input: JSON.stringify({ service }) })),
              { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
            ];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
}

const regionForm = (service: string): ElicitRequestFormParams => ({
  mode: "form",
  message: `Deploy ${service} where?`,
  requestedSchema: { type: "object", properties: { region: { type: "string", title: "Region", enum: ["eu", "us"] } }, required: ["region"] },
});
const noteForm: ElicitRequestFormParams = {
  mode: "form",
  message: "A note for the team?",
  requestedSchema: { type: "object", properties: { note: { type: "string", title: "Note" } } },
};

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The relay on real HTTP, and Ada's browser reading her stream. */
async function startRelay() {
  const events: ElicitationRelayEvent[] = [];
  const relay = createElicitationRelay({ identify: identifyByHeader, onEvent: (event) => events.push(event) });
  const served = await serve(relay.handle);
  const browser = await openStream(served.url, "ada");
  cleanup.push(() => served.close(), () => relay.close(), () => browser.close());
  const answer = (event: StreamEvent, result: unknown) => postAnswer(served.url, "ada", { id: requestId(event), result });
  return { relay, browser, answer, events };
}

/** An SDK v1 server whose "deploy" tool asks on the tool call's own stream (`relatedRequestId`). */
function startV1Server() {
  return serveMcp(cleanup, "deployer", (mcp) =>
    mcp.registerTool("deploy", { description: "Deploys a service after asking where", inputSchema: { service: z.string() } }, async ({ service }, extra) => {
      try {
        const result = await mcp.server.elicitInput(regionForm(service), { relatedRequestId: extra.requestId });
        return { content: [{ type: "text", text: JSON.stringify({ service, ...result }) }] };
      } catch (error) {
        return { content: [{ type: "text", text: `error: ${(error as Error).message}` }], isError: true };
      }
    }),
  );
}

async function connect(transport: Parameters<typeof createMCPClient>[0]["transport"]): Promise<MCPClient> {
  const client = await createMCPClient({ transport, capabilities: { elicitation: {} } });
  cleanup.push(() => client.close());
  return client;
}

const requestOf = (event: StreamEvent) => event.data as { serverName: string; params: { message: string }; context?: Record<string, string> };
/** The text each tool call of the first step returned, by tool call id. */
const toolOutputs = async (steps: PromiseLike<readonly { toolResults: readonly { toolCallId: string; output: unknown }[] }[]>) =>
  Object.fromEntries((await steps)[0]!.toolResults.map((part) => [part.toolCallId, (part.output as { content: { text: string }[] }).content[0]!.text]));

describe("toolsWithElicitationRelay with ai@7 and @ai-sdk/mcp@2", () => {
  it("SDK v1 server, two calls at once: each question carries its own tool call; answered out of order, each reaches its call", async () => {
    const { relay, browser, answer } = await startRelay();
    const client = await connect({ type: "http", url: await startV1Server() });
    const tools = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy server", context: { chatId: "chat-1" } });
    const result = streamText({ model: scriptedModel(["web", "api"]), prompt: "deploy web and api", tools, stopWhen: stepCountIs(3) });

    const web = await browser.next((event) => isRequest(event) && requestOf(event).context?.toolCallId === "call-web", 10_000);
    const api = await browser.next((event) => isRequest(event) && requestOf(event).context?.toolCallId === "call-api", 10_000);
    expect(requestOf(web)).toMatchObject({ serverName: "Deploy server", params: { message: "Deploy web where?" }, context: { chatId: "chat-1", toolCallId: "call-web" } });
    expect(requestOf(api)).toMatchObject({ params: { message: "Deploy api where?" }, context: { chatId: "chat-1", toolCallId: "call-api" } });

    expect((await answer(api, { action: "accept", content: { region: "us" } })).status).toBe(200);
    expect((await answer(web, { action: "decline" })).status).toBe(200);
    expect(await result.text).toBe("Done.");
    expect(await toolOutputs(result.steps)).toEqual({
      "call-web": JSON.stringify({ service: "web", action: "decline" }),
      "call-api": JSON.stringify({ service: "api", action: "accept", content: { region: "us" } }),
    });
  });

  it("stopping the chat (the tool call's abort) closes the question's card", async () => {
    const { relay, browser, events } = await startRelay();
    const client = await connect({ type: "http", url: await startV1Server() });
    const tools = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy server" });
    const stop = new AbortController();
    const result = streamText({ model: scriptedModel(["web"]), prompt: "deploy web", tools, stopWhen: stepCountIs(3), abortSignal: stop.signal });
    const text = result.text.then(
      () => "finished",
      () => "stopped",
    );
    const asked = await browser.next(isRequest, 10_000);
    expect(requestOf(asked).context).toEqual({ toolCallId: "call-web" });
    stop.abort();
    const closed = await browser.next((event) => event.event === "closed", 5_000);
    expect(closed.data).toEqual({ id: requestId(asked), reason: "withdrawn" });
    expect(events.filter((event) => event.type === "withdrawn").map((event) => event.id)).toEqual([requestId(asked)]);
    expect(await text).toBe("stopped");
  });

  it("a run on relay.stopSignal: the person's page going away keeps the tool call and its question; Stop through another instance on the same Redis ends both", { timeout: 30_000 }, async () => {
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    const instance = async () => {
      const store = createRedisRelayStore({ url: redis.url, prefix: "ai-stop" });
      const relay = createElicitationRelay({ identify: identifyByHeader, store });
      const served = await serve(relay.handle);
      cleanup.push(() => store.close(), () => relay.close(), () => served.close());
      return { relay, url: served.url };
    };
    const a = await instance();
    const b = await instance();
    const client = await connect({ type: "http", url: await startV1Server() });
    const tools = await toolsWithElicitationRelay(client, { relay: a.relay, owner: "ada", serverName: "Deploy", context: { chatId: "c1" } });
    const result = streamText({ model: scriptedModel(["web"]), prompt: "deploy web", tools, stopWhen: stepCountIs(3), abortSignal: a.relay.stopSignal({ owner: "ada", context: { chatId: "c1" } }) });
    void result.consumeStream();
    const text = result.text.then(
      () => "finished",
      () => "stopped",
    );

    // Her page reads through instance B, goes away (a reload, a closed tab) and comes back.
    const first = await openStream(b.url, "ada");
    const asked = await first.next(isRequest, 10_000);
    expect(requestOf(asked).context).toEqual({ chatId: "c1", toolCallId: "call-web" });
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await openStream(b.url, "ada");
    cleanup.push(() => again.close());
    expect(requestId(await again.next(isRequest, 10_000))).toBe(requestId(asked));

    // Her Stop lands on B; the run is on A.
    await b.relay.stop({ owner: "ada", context: { chatId: "c1" } });
    const closed = await again.next((event) => event.event === "closed", 5_000);
    expect((closed.data as { id: string }).id).toBe(requestId(asked));
    expect(await text).toBe("stopped");
  });

  it("2026-07-28 server, one round of two questions answered in process: the person answers one and declines the other", async () => {
    const { relay, browser, answer } = await startRelay();
    const rounds: unknown[] = [];
    const handler = createMcpHandler(() => {
      const server = new McpServerV2({ name: "deployer", version: "2.0.0" });
      server.registerTool("deploy", { description: "Deploys after asking", inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) {
          return inputRequired({ inputRequests: { region: inputRequired.elicit(regionForm(service) as never), note: inputRequired.elicit(noteForm as never) } });
        }
        rounds.push(responses);
        return { content: [{ type: "text", text: JSON.stringify(responses) }] };
      });
      return server;
    });
    const client = await connect({ type: "http", url: "http://deployer.test/mcp", fetch: (url, init) => handler.fetch(new Request(url, init)) });
    const tools = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy server", context: { chatId: "chat-2" } });
    const result = streamText({ model: scriptedModel(["web"]), prompt: "deploy web", tools, stopWhen: stepCountIs(3) });

    // The client asks the round's questions one after the other, each under the same tool call.
    const region = await browser.next((event) => isRequest(event) && requestOf(event).params.message === "Deploy web where?", 10_000);
    expect(requestOf(region).context).toEqual({ chatId: "chat-2", toolCallId: "call-web" });
    expect((await answer(region, { action: "accept", content: { region: "eu" } })).status).toBe(200);
    const note = await browser.next((event) => isRequest(event) && requestOf(event).params.message === "A note for the team?", 10_000);
    expect(requestOf(note).context).toEqual({ chatId: "chat-2", toolCallId: "call-web" });
    expect((await answer(note, { action: "decline" })).status).toBe(200);

    expect(await result.text).toBe("Done.");
    const expected = { region: { action: "accept", content: { region: "eu" } }, note: { action: "decline" } };
    expect(rounds).toEqual([expected]);
    expect(JSON.parse((await toolOutputs(result.steps))["call-web"]!)).toEqual(expected);
  });

  it("one MCP client wrapped for two people: alice's tool call asks alice only, and bob's answer cannot become her result", async () => {
    const relay = createElicitationRelay({ identify: identifyByHeader });
    const served = await serve(relay.handle);
    const alice = await openStream(served.url, "alice");
    const bob = await openStream(served.url, "bob");
    cleanup.push(() => served.close(), () => relay.close(), () => alice.close(), () => bob.close());
    const client = await connect({ type: "http", url: await startV1Server() });
    const aliceTools = await toolsWithElicitationRelay(client, { relay, owner: "alice", serverName: "Deploy", context: { chatId: "a" } });
    await toolsWithElicitationRelay(client, { relay, owner: "bob", serverName: "Deploy", context: { chatId: "b" } });

    const output = aliceTools.deploy!.execute!({ service: "payroll" }, { toolCallId: "ca-1", abortSignal: new AbortController().signal, messages: [], context: {} });
    // Whichever stream the question reaches first, it must be alice's, with her chat and her tool call.
    const first = await Promise.any([
      alice.next(isRequest, 4_000).then((event) => ({ to: "alice", event })),
      bob.next(isRequest, 4_000).then((event) => ({ to: "bob", event })),
    ]);
    const asked = first.event;
    expect({ to: first.to, ...requestOf(asked) }).toMatchObject({ to: "alice", params: { message: "Deploy payroll where?" }, context: { chatId: "a", toolCallId: "ca-1" } });
    // Bob neither sees it nor can answer it.
    expect(bob.events.filter(isRequest)).toEqual([]);
    expect((await postAnswer(served.url, "bob", { id: requestId(asked), result: { action: "accept", content: { region: "us" } } })).status).toBe(404);
    expect((await postAnswer(served.url, "alice", { id: requestId(asked), result: { action: "accept", content: { region: "eu" } } })).status).toBe(200);
    expect(JSON.stringify(await output)).toContain(JSON.stringify({ service: "payroll", action: "accept", content: { region: "eu" } }).replaceAll('"', '\\"'));
    expect(bob.events.filter(isRequest)).toEqual([]);
  });

  it("one person, two chats on one client, calls in parallel: each question carries its own chat and call, and one chat's Stop closes only its own", async () => {
    const { relay, browser, answer } = await startRelay();
    const client = await connect({ type: "http", url: await startV1Server() });
    const chat1 = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy", context: { chatId: "chat-1" } });
    const chat2 = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy", context: { chatId: "chat-2" } });
    const stop1 = new AbortController();
    const first = Promise.resolve(chat1.deploy!.execute!({ service: "web" }, { toolCallId: "c1", abortSignal: stop1.signal, messages: [], context: {} })).catch(() => "stopped");
    const second = chat2.deploy!.execute!({ service: "api" }, { toolCallId: "c2", abortSignal: new AbortController().signal, messages: [], context: {} });
    const web = await browser.next((event) => isRequest(event) && requestOf(event).params.message === "Deploy web where?", 10_000);
    const api = await browser.next((event) => isRequest(event) && requestOf(event).params.message === "Deploy api where?", 10_000);
    expect(requestOf(web).context).toEqual({ chatId: "chat-1", toolCallId: "c1" });
    expect(requestOf(api).context).toEqual({ chatId: "chat-2", toolCallId: "c2" });

    stop1.abort();
    const closed = await browser.next((event) => event.event === "closed", 5_000);
    expect(closed.data).toEqual({ id: requestId(web), reason: "withdrawn" });
    await first;
    // Chat 2's question is still open and answerable.
    expect((await answer(api, { action: "accept", content: { region: "us" } })).status).toBe(200);
    expect(JSON.stringify(await second)).toContain("us");
    const closings = browser.events.filter((event) => event.event === "closed").map((event) => event.data);
    expect(closings).toEqual([{ id: requestId(web), reason: "withdrawn" }, { id: requestId(api), reason: "answered" }]);
  });

  it("a question outside any tool call goes to the client's one person, and is refused on a client wrapped for two", async () => {
    const { relay, browser } = await startRelay();
    // The server asks on its own (no related tool call), as a server does from a notification handler.
    let ask: (() => Promise<unknown>) | undefined;
    const url = await serveMcp(cleanup, "asker", (mcp) => {
      ask = () => mcp.server.elicitInput(noteForm).then((result) => result, (error: Error) => `refused: ${error.message}`);
      mcp.registerTool("noop", { description: "Does nothing", inputSchema: {} }, async () => ({ content: [{ type: "text", text: "ok" }] }));
    });
    const client = await connect({ type: "http", url });
    const tools = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Asker", context: { chatId: "c" } });
    await tools.noop!.execute!({}, { toolCallId: "n1", abortSignal: new AbortController().signal, messages: [], context: {} });
    const one = ask!();
    const asked = await browser.next(isRequest, 10_000);
    expect(requestOf(asked)).toMatchObject({ serverName: "Asker", context: { chatId: "c" } });
    await relay.withdraw({ owner: "ada", context: { chatId: "c" } });
    await one;

    await toolsWithElicitationRelay(client, { relay, owner: "bob", serverName: "Asker", context: { chatId: "d" } });
    expect(String(await ask!())).toMatch(/refused: .*outside any tool call/);
    expect(browser.events.filter(isRequest)).toHaveLength(1);
  });

  it("a store that fails at open: the server's elicitInput gets the JSON-RPC error -32603 with the relay's words, and the tool call ends with it", async () => {
    const memory = createMemoryRelayStore();
    // The store's client gives up on its connection, as a Redis client does when Redis is gone.
    const relay = createElicitationRelay({ identify: identifyByHeader, store: { ...memory, open: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")) } });
    const served = await serve(relay.handle);
    const browser = await openStream(served.url, "ada");
    cleanup.push(() => served.close(), () => relay.close(), () => browser.close());
    const url = await serveMcp(cleanup, "deployer", (mcp) =>
      mcp.registerTool("deploy", { description: "Deploys a service after asking where", inputSchema: { service: z.string() } }, async ({ service }, extra) => {
        try {
          return { content: [{ type: "text", text: JSON.stringify(await mcp.server.elicitInput(regionForm(service), { relatedRequestId: extra.requestId })) }] };
        } catch (error) {
          const { code, message } = error as { code: number; message: string };
          return { content: [{ type: "text", text: JSON.stringify({ code, message }) }], isError: true };
        }
      }),
    );
    const client = await connect({ type: "http", url });
    const tools = await toolsWithElicitationRelay(client, { relay, owner: "ada", serverName: "Deploy server" });
    const result = streamText({ model: scriptedModel(["web"]), prompt: "deploy web", tools, stopWhen: stepCountIs(3) });
    expect(await result.text).toBe("Done.");
    expect(JSON.parse((await toolOutputs(result.steps))["call-web"]!)).toEqual({
      code: -32603,
      message: expect.stringContaining("The host could not open this request: its store failed or did not answer in time."),
    });
    expect(browser.events.filter(isRequest)).toEqual([]);
  });

  it("names what is wrong with its arguments", async () => {
    const relay: ElicitationRelay = createElicitationRelay({});
    cleanup.push(() => relay.close());
    await expect(toolsWithElicitationRelay({} as MCPClient, { relay, owner: "ada", serverName: "x" })).rejects.toThrow(/client must be an MCP client from @ai-sdk\/mcp/);
    const client = { onElicitationRequest: () => undefined, tools: async () => ({}) } as unknown as MCPClient;
    await expect(toolsWithElicitationRelay(client, { relay: {} as ElicitationRelay, owner: "ada", serverName: "x" })).rejects.toThrow(/relay must be a relay/);
    await expect(toolsWithElicitationRelay(client, { relay, owner: "", serverName: "x" })).rejects.toThrow(/owner must be the person's id/);
  });
});
