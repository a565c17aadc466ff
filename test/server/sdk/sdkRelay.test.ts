// @vitest-environment node
// `elicitationsThroughRelay` with the official SDKs' own clients over real HTTP: SDK v1 against a v1
// server, SDK v2 against a 2025 server (sessions) and a 2026-07-28 one (input_required, fulfilled
// by the client in process). Each question reaches the person's stream with every key as sent
// (`pattern`, which the SDKs' own schemas drop), the answer reaches the tool, and one client is never
// wired for two people.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHandler, inputRequired, McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import { elicitationsThroughRelay } from "../../../src/server/sdk/elicitationsThroughRelay";
import { serveMcp } from "../helpers/deployServer";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve } from "../helpers/relayHarness";

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

// `pattern` is valid JSON Schema the SDK's own types do not model: sent all the same, as servers do.
const tagForm = {
  mode: "form",
  message: "Which release tag?",
  requestedSchema: { type: "object", properties: { tag: { type: "string", title: "Tag", pattern: "^v[0-9]+$" } }, required: ["tag"] },
} as ElicitRequestFormParams;

async function startRelay() {
  const relay = createElicitationRelay({ identify: identifyByHeader });
  const served = await serve(relay.handle);
  const browser = await openStream(served.url, "ada");
  cleanup.push(() => served.close(), () => relay.close(), () => browser.close());
  return { relay, browser, url: served.url };
}

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

describe("elicitationsThroughRelay", () => {
  it("SDK v1: the question keeps its pattern, the server's check runs on the answer, the answer reaches the tool", async () => {
    const { relay, browser, url } = await startRelay();
    const mcpUrl = await serveMcp(cleanup, "releases", (mcp) =>
      mcp.registerTool("release", { description: "Releases after asking for a tag", inputSchema: {} }, async (_args, extra) => {
        const result = await mcp.server.elicitInput(tagForm, { relatedRequestId: extra.requestId });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      }),
    );
    const client = new ClientV1({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "Releases", context: { chatId: "c1" } });
    await client.connect(new TransportV1(new URL(mcpUrl)));
    cleanup.push(() => client.close());

    const called = client.callTool({ name: "release", arguments: {} });
    const asked = await browser.next(isRequest, 10_000);
    expect(asked.data).toMatchObject({ serverName: "Releases", context: { chatId: "c1" }, params: { requestedSchema: { properties: { tag: { pattern: "^v[0-9]+$" } } } } });
    // The pattern is checked on the server: the relay had it.
    expect((await postAnswer(url, "ada", { id: requestId(asked), result: { action: "accept", content: { tag: "seven" } } })).status).toBe(400);
    expect((await postAnswer(url, "ada", { id: requestId(asked), result: { action: "accept", content: { tag: "v7" } } })).status).toBe(200);
    expect(JSON.parse(textOf(await called))).toEqual({ action: "accept", content: { tag: "v7" } });
  });

  it("SDK v2 on a 2025 server and on a 2026-07-28 server: the same one call serves both eras", async () => {
    const { relay, browser, url } = await startRelay();
    // 2025: a v1 server with sessions (what a 2025 server looks like on the wire).
    const legacyUrl = await serveMcp(cleanup, "releases", (mcp) =>
      mcp.registerTool("release", { description: "Releases after asking", inputSchema: {} }, async (_args, extra) => {
        const result = await mcp.server.elicitInput(tagForm, { relatedRequestId: extra.requestId });
        return { content: [{ type: "text", text: JSON.stringify(result) }] };
      }),
    );
    // 2026-07-28: the round is returned as input_required and fulfilled by the client through the same handler.
    const modern = createMcpHandler(() => {
      const server = new McpServerV2({ name: "releases", version: "2.0.0" });
      server.registerTool("release", { description: "Releases after asking", inputSchema: z.object({}) }, async (_args, ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) return inputRequired({ inputRequests: { tag: inputRequired.elicit(tagForm as never) } });
        return { content: [{ type: "text", text: JSON.stringify(responses) }] };
      });
      return server;
    });

    for (const [era, transport] of [
      ["2025", new TransportV2(new URL(legacyUrl))],
      ["2026-07-28", new TransportV2(new URL("http://releases.test/mcp"), { fetch: (input, init) => modern.fetch(new Request(input, init)) })],
    ] as const) {
      const client = new ClientV2({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } });
      await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: `Releases ${era}` });
      await client.connect(transport);
      cleanup.push(() => client.close());
      const from = browser.events.length;
      const called = client.callTool({ name: "release", arguments: {} });
      const asked = await browser.next(isRequest, 10_000, from);
      expect(asked.data, era).toMatchObject({ serverName: `Releases ${era}`, params: { requestedSchema: { properties: { tag: { pattern: "^v[0-9]+$" } } } } });
      expect((await postAnswer(url, "ada", { id: requestId(asked), result: { action: "accept", content: { tag: "v8" } } })).status, era).toBe(200);
      const text = JSON.parse(textOf(await called));
      expect(era === "2025" ? text : text.tag, era).toEqual({ action: "accept", content: { tag: "v8" } });
    }
  });

  it("a store that fails at open: the server's elicitInput gets the JSON-RPC error -32603 with the relay's words and reason, from SDK v1 and v2 clients alike (a 2026-07-28 round: the host's callTool rejects with it)", async () => {
    const memory = createMemoryRelayStore();
    // The store's client gives up on its connection, as a Redis client does when Redis is gone.
    const relay = createElicitationRelay({ identify: identifyByHeader, store: { ...memory, open: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:6379")) } });
    const served = await serve(relay.handle);
    const browser = await openStream(served.url, "ada");
    cleanup.push(() => served.close(), () => relay.close(), () => browser.close());
    const mcpUrl = await serveMcp(cleanup, "releases", (mcp) =>
      mcp.registerTool("release", { description: "Releases after asking for a tag", inputSchema: {} }, async (_args, extra) => {
        try {
          return { content: [{ type: "text", text: JSON.stringify(await mcp.server.elicitInput(tagForm, { relatedRequestId: extra.requestId })) }] };
        } catch (error) {
          const { code, message, data } = error as { code: number; message: string; data: unknown };
          return { content: [{ type: "text", text: JSON.stringify({ code, message, data }) }] };
        }
      }),
    );
    for (const [sdk, client, transport] of [
      ["v1", new ClientV1({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } }), new TransportV1(new URL(mcpUrl))],
      ["v2", new ClientV2({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } }), new TransportV2(new URL(mcpUrl))],
    ] as const) {
      await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "Releases" });
      await client.connect(transport as never);
      cleanup.push(() => client.close());
      const told = JSON.parse(textOf(await client.callTool({ name: "release", arguments: {} })));
      expect(told, sdk).toEqual({
        code: -32603,
        message: expect.stringContaining("The host could not open this request: its store failed or did not answer in time."),
        data: { reason: "store-unavailable" },
      });
    }
    // 2026-07-28: the client fulfils the round in process, so the host's own callTool rejects with the relay's error.
    const modern = createMcpHandler(() => {
      const server = new McpServerV2({ name: "releases", version: "2.0.0" });
      server.registerTool("release", { description: "Releases after asking", inputSchema: z.object({}) }, async (_args, ctx) =>
        ctx.mcpReq.inputResponses ? { content: [{ type: "text", text: "released" }] } : inputRequired({ inputRequests: { tag: inputRequired.elicit(tagForm as never) } }),
      );
      return server;
    });
    const client = new ClientV2({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } });
    await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "Releases" });
    await client.connect(new TransportV2(new URL("http://releases.test/mcp"), { fetch: (input, init) => modern.fetch(new Request(input, init)) }));
    cleanup.push(() => client.close());
    await expect(client.callTool({ name: "release", arguments: {} })).rejects.toMatchObject({ name: "ElicitationRelayRequestError", code: -32603, reason: "store-unavailable" });
    expect(browser.events.filter(isRequest)).toEqual([]);
  });

  it("refuses to wire one client for a second person or chat, and names what is wrong with its arguments", async () => {
    const { relay } = await startRelay();
    const client = new ClientV1({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "S", context: { chatId: "a" } });
    // The same person and chat again is fine (a reconnect wires it again).
    await elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "S", context: { chatId: "a" } });
    await expect(elicitationsThroughRelay(client, { relay, owner: "bob", serverName: "S", context: { chatId: "a" } })).rejects.toThrow(/already asks for another person or chat/);
    await expect(elicitationsThroughRelay(client, { relay, owner: "ada", serverName: "S", context: { chatId: "b" } })).rejects.toThrow(/already asks for another person or chat/);
    await expect(elicitationsThroughRelay({} as never, { relay, owner: "ada", serverName: "S" })).rejects.toThrow(/client must be a Client/);
    await expect(elicitationsThroughRelay(client, { relay, owner: "", serverName: "S" })).rejects.toThrow(/owner must be the person's id/);
  });
});
