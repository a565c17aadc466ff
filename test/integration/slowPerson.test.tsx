// A person who takes 90 s over a dialog, with the real MCP clients (SDK v1 and v2) and their own
// request timers. Vitest's fake clock drives every timer (the SDK's 60 s default, the queue's, the
// dialog's): 90 s pass in an instant, in order, as they would on a wall clock.
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { acceptedContent, createMcpHandler, inputRequired, McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";
import { githubUsername } from "../fixtures/seedRequests";

const SERVER_NAME = "Acme tools";
const paramsAsSent = z.record(z.string(), z.unknown());
/** What the server allows a person for one request: SDK servers time their own requests too (60 s by default). */
const PERSON_TIME = { timeout: 15 * 60_000 };
const cleanups: (() => Promise<unknown>)[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
  vi.useRealTimers();
});

/** Lets `ms` of fake time pass, running every timer and the promises they settle, in order. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function showQueue(): ElicitationQueue {
  const queue = createElicitationQueue();
  render(<ElicitationOutlet queue={queue} />);
  return queue;
}

/** The person: reads the dialog for `ms`, types a username and presses Submit. */
async function answerAfter(ms: number, name: string) {
  await wait(50);
  expect(screen.getByRole("dialog", { name: new RegExp(SERVER_NAME) })).toBeInTheDocument();
  await wait(ms - 50);
  fireEvent.change(screen.getByRole("textbox"), { target: { value: name } });
  fireEvent.click(screen.getByRole("button", { name: "Submit" }));
  await wait(10);
}

/** Settles a promise without an unhandled rejection while time is advanced by hand. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

/** SDK v1 server with `ask` (elicits a username, then answers) and `slow` (takes 120 s, asks nothing). */
async function connectV1(queue: ElicitationQueue) {
  const server = new McpServer({ name: "acme", version: "1.0.0" });
  server.registerTool("ask", { description: "Asks for a username" }, async () => {
    const result = await server.server.elicitInput(githubUsername as ElicitRequestFormParams, PERSON_TIME);
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  });
  server.registerTool("slow", { description: "Takes two minutes" }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 120_000));
    return { content: [{ type: "text", text: "done" }] };
  });
  const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  const ElicitRequestAsSent = z.object({ method: z.literal("elicitation/create"), params: paramsAsSent });
  client.setRequestHandler(ElicitRequestAsSent, (request, extra) =>
    queue.request({ serverName: SERVER_NAME, params: request.params, signal: extra.signal }),
  );
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  cleanups.push(() => client.close(), () => server.close());
  return client;
}

/** SDK v2, 2025 era (the server sends elicitation/create during the call), same two tools. */
async function connectV2(queue: ElicitationQueue) {
  const server = new McpServerV2({ name: "acme", version: "2.0.0" });
  server.registerTool("ask", { description: "Asks for a username" }, async (ctx) => {
    const result = await ctx.mcpReq.elicitInput(githubUsername as never, PERSON_TIME);
    return { content: [{ type: "text", text: JSON.stringify(result) }] };
  });
  server.registerTool("slow", { description: "Takes two minutes" }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 120_000));
    return { content: [{ type: "text", text: "done" }] };
  });
  const client = new ClientV2({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler("elicitation/create", { params: paramsAsSent }, (params, ctx) =>
    queue.request({ serverName: SERVER_NAME, params, signal: ctx.mcpReq.signal }),
  );
  const [serverSide, clientSide] = InMemoryTransportV2.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  cleanups.push(() => client.close(), () => server.close());
  return client;
}

describe("SDK v1: the tool call outlives the person", () => {
  it("a person who answers after 90 s gets their answer to the server, and the call returns it", async () => {
    const queue = showQueue();
    const client = await connectV1(queue);
    const call = track(queue.call(SERVER_NAME, (options) => client.callTool({ name: "ask", arguments: {} }, undefined, options)));
    await answerAfter(90_000, "octocat");
    expect(call.error).toBeUndefined();
    expect(call.settled).toBe(true);
    expect(JSON.parse(textOf(call.value))).toEqual({ action: "accept", content: { name: "octocat" } });
  });

  it("without queue.call, the SDK's own 60 s timeout fails the call while the dialog is open", async () => {
    const queue = showQueue();
    const client = await connectV1(queue);
    const call = track(client.callTool({ name: "ask", arguments: {} }));
    await wait(60_050);
    expect(call.error).toMatchObject({ code: -32001, message: expect.stringMatching(/Request timed out/) });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("a call with no dialog still times out after 60 s, as an SDK timeout (-32001)", async () => {
    const queue = showQueue();
    const client = await connectV1(queue);
    const call = track(queue.call(SERVER_NAME, (options) => client.callTool({ name: "slow", arguments: {} }, undefined, options)));
    await wait(59_900);
    expect(call.settled).toBe(false);
    await wait(200);
    expect(call.error).toMatchObject({ code: -32001, message: expect.stringMatching(/Acme tools did not finish within 60 s/) });
  });
});

describe("SDK v2: the tool call outlives the person", () => {
  it("2025 era: a person who answers after 90 s gets their answer to the server, and the call returns it", async () => {
    const queue = showQueue();
    const client = await connectV2(queue);
    const call = track(queue.call(SERVER_NAME, (options) => client.callTool({ name: "ask", arguments: {} }, options)));
    await answerAfter(90_000, "octocat");
    expect(call.error).toBeUndefined();
    expect(JSON.parse(textOf(call.value))).toEqual({ action: "accept", content: { name: "octocat" } });
  });

  it("2025 era: without queue.call, the SDK's own 60 s timeout fails the call while the dialog is open", async () => {
    const queue = showQueue();
    const client = await connectV2(queue);
    const call = track(client.callTool({ name: "ask", arguments: {} }));
    await wait(60_050);
    expect(call.error).toMatchObject({ message: expect.stringMatching(/Request timed out/) });
  });

  it("2025 era: a call with no dialog still times out after 60 s", async () => {
    const queue = showQueue();
    const client = await connectV2(queue);
    const call = track(queue.call(SERVER_NAME, (options) => client.callTool({ name: "slow", arguments: {} }, options)));
    await wait(59_900);
    expect(call.settled).toBe(false);
    await wait(200);
    expect(call.error).toMatchObject({ message: expect.stringMatching(/Acme tools did not finish within 60 s/) });
  });

  it("2026-07-28 (input_required): a person who answers after 90 s, and the retried call returns it", async () => {
    const queue = showQueue();
    const handler = createMcpHandler(() => {
      const server = new McpServerV2({ name: "acme", version: "2.0.0" });
      server.registerTool("ask", { description: "Asks for a username" }, async (ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) return inputRequired({ inputRequests: { user: inputRequired.elicit(githubUsername as never) } });
        return { content: [{ type: "text", text: JSON.stringify(acceptedContent(responses, "user")) }] };
      });
      return server;
    });
    const client = new ClientV2(
      { name: "host", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } },
    );
    client.setRequestHandler("elicitation/create", { params: paramsAsSent }, (params, ctx) =>
      queue.request({ serverName: SERVER_NAME, params, signal: ctx.mcpReq.signal }),
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://acme.test/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }),
    );
    cleanups.push(() => client.close());
    const call = track(queue.call(SERVER_NAME, (options) => client.callTool({ name: "ask", arguments: {} }, options)));
    await answerAfter(90_000, "octocat");
    await wait(100);
    expect(call.error).toBeUndefined();
    expect(JSON.parse(textOf(call.value))).toEqual({ name: "octocat" });
  });
});
