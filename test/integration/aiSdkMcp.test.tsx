// The Vercel AI SDK's MCP client (@ai-sdk/mcp) answering a real MCP SDK server through the queue:
// its onElicitationRequest handler hands the params to queue.request and returns the answer.
// Also pins down what this client cannot do, so the README's advice stays true.
import { createMCPClient, ElicitationRequestSchema, type MCPClient, type MCPTransport } from "@ai-sdk/mcp";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { createMcpHandler, inputRequired, McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueueOptions } from "../../src/index";
import { contactInfo, githubUsername } from "../fixtures/seedRequests";
import { answerContactInfo } from "./answerContactInfo";

const SERVER_NAME = "Acme tools";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

/** The recipe from the README: one handler, every request through the queue. */
function answerThroughQueue(client: MCPClient, queueOptions: ElicitationQueueOptions = {}) {
  const queue = createElicitationQueue(queueOptions);
  client.onElicitationRequest(ElicitationRequestSchema, (request) =>
    // No AbortSignal reaches this handler; timeoutMs bounds how long the dialog may stay.
    queue.request({ serverName: SERVER_NAME, params: request.params, timeoutMs: queueOptions.timeoutMs }),
  );
  render(<ElicitationOutlet queue={queue} />);
  return queue;
}

/** An SDK v1 server (request style) whose "ask" tool elicits the params it is given. */
async function connectRequestStyle(queueOptions?: ElicitationQueueOptions, elicitation: Record<string, unknown> = {}) {
  const server = new McpServer({ name: "acme", version: "1.0.0" });
  let pending: { params: object; controller: AbortController } | undefined;
  server.registerTool("ask", { description: "Elicits the params it was given" }, async () => {
    const { params, controller } = pending!;
    try {
      // The SDK validates accepted content against requestedSchema here, on the server.
      const result = await server.server.elicitInput(params as ElicitRequestFormParams, { signal: controller.signal });
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    } catch (error) {
      const { code, message } = error as { code?: number; message: string };
      return { content: [{ type: "text", text: `error ${code}: ${message}` }], isError: true };
    }
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  // The SDK's in-memory transport has the shape @ai-sdk/mcp accepts as a custom transport.
  const client = await createMCPClient({ transport: clientSide as MCPTransport, capabilities: { elicitation } });
  cleanups.push(() => client.close(), () => server.close());
  answerThroughQueue(client, queueOptions);
  return {
    async ask(params: object) {
      pending = { params, controller: new AbortController() };
      const result = await client.callTool({ name: "ask", arguments: {} });
      return (result.content as { text: string }[])[0]!.text;
    },
    withdraw: () => pending?.controller.abort(new Error("The server no longer needs this")),
  };
}

describe("@ai-sdk/mcp client, request style (2025-06-18 / 2025-11-25 server)", () => {
  it("accept: typed content reaches the server and passes its validation", async () => {
    const user = userEvent.setup();
    const { ask } = await connectRequestStyle();
    const answer = ask(contactInfo);
    const expected = await answerContactInfo(user, SERVER_NAME);
    expect(JSON.parse(await answer)).toEqual(expected);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("decline and cancel reach the server as such", async () => {
    const user = userEvent.setup();
    const { ask } = await connectRequestStyle();
    const declined = ask(githubUsername);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(JSON.parse(await declined)).toEqual({ action: "decline" });
    const cancelled = ask(githubUsername);
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(JSON.parse(await cancelled)).toEqual({ action: "cancel" });
  });

  it("a refused schema reaches the server as -32603: the client flattens the queue's -32602", async () => {
    const { ask } = await connectRequestStyle();
    const text = await ask({
      message: "Your code?",
      requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "([a-z" } } },
    });
    // The message survives (it names the path); the code and data.path do not.
    expect(text).toMatch(/^error -32603: .*requestedSchema\.properties\.code\.pattern/);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a request the server withdraws stays on screen until timeoutMs cancels it", async () => {
    // Long enough that a loaded machine withdraws before it ends; short enough to watch it end.
    const { ask, withdraw } = await connectRequestStyle({ timeoutMs: 1_500 });
    const answer = ask(githubUsername);
    await screen.findByRole("dialog");
    act(() => withdraw());
    expect(await answer).toMatch(/^error .*The server no longer needs this/);
    // notifications/cancelled is not delivered to the handler: the dialog is still there…
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    // …until the queue's own timeout answers cancel and closes it.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 5_000 });
  });
});

describe("@ai-sdk/mcp client, URL mode in request style", () => {
  it("is refused by the client with -32602 before the handler runs, even with the url capability declared", async () => {
    const { ask } = await connectRequestStyle({}, { form: {}, url: {} });
    const text = await ask({
      mode: "url",
      message: "Sign in to link your account",
      url: "https://accounts.example.com/link?state=abc123",
      elicitationId: "link-1",
    });
    // Its request schema demands requestedSchema, which URL mode does not have.
    expect(text).toMatch(/^error -32602: .*Invalid elicitation request.*requestedSchema/s);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("@ai-sdk/mcp client, input_required style (2026-07-28 server)", () => {
  /** A 2026-07-28 server over Streamable HTTP, called in-process through the client's fetch. */
  async function connectInputRequired(inputRequest: ReturnType<typeof inputRequired.elicit>, elicitation: Record<string, unknown> = {}) {
    const received: unknown[] = [];
    const handler = createMcpHandler(() => {
      const server = new McpServerV2({ name: "acme", version: "2.0.0" });
      server.registerTool("ask", { description: "Asks once, then reports the answer" }, async (ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        if (!responses) return inputRequired({ inputRequests: { answer: inputRequest } });
        received.push(responses);
        return { content: [{ type: "text", text: JSON.stringify(responses) }] };
      });
      return server;
    });
    const client = await createMCPClient({
      transport: { type: "http", url: "http://acme.test/mcp", fetch: (url, init) => handler.fetch(new Request(url, init)) },
      capabilities: { elicitation },
    });
    cleanups.push(() => client.close());
    answerThroughQueue(client);
    return { client, received };
  }

  it("a form request is answered through the same handler and the call completes", async () => {
    const user = userEvent.setup();
    const { client, received } = await connectInputRequired(inputRequired.elicit(githubUsername as never));
    const result = client.callTool({ name: "ask", arguments: {} });
    await user.type(await screen.findByLabelText(/^Name/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    const { content } = await result;
    expect(JSON.parse((content as { text: string }[])[0]!.text)).toEqual({ answer: { action: "accept", content: { name: "octocat" } } });
    expect(received).toHaveLength(1);
  });

  it("a URL-mode request is refused by the client before any dialog, even with the url capability declared", async () => {
    const { client, received } = await connectInputRequired(
      inputRequired.elicitUrl({ message: "Sign in to continue", url: "https://auth.example.com/authorize" }),
      { form: {}, url: {} },
    );
    await expect(client.callTool({ name: "ask", arguments: {} })).rejects.toThrow(/Only form elicitation is supported/);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(received).toEqual([]);
  });
});
