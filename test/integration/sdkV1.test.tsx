// A real MCP server and client from @modelcontextprotocol/sdk (v1), linked in memory, with the
// client wired to the queue by elicitationsThroughQueue and the user's answers given through the dialog.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { elicitationsThroughQueue } from "../../src/client/sdk/v1/index";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueueOptions } from "../../src/index";
import { bankTransfer, contactInfo, developmentConfiguration, githubUsername } from "../fixtures/seedRequests";
import { answerContactInfo } from "./answerContactInfo";

const SERVER_NAME = "Acme tools";

interface Harness {
  client: Client;
  /** Calls the "ask" tool, which elicits `params` and reports back what the server received. */
  ask(params: object): Promise<string>;
  /** Aborts the server-side request of the current "ask" call (the server gives up). */
  withdraw(): void;
  close(): Promise<void>;
}

const open: Harness[] = [];

async function connect(queueOptions: ElicitationQueueOptions = {}): Promise<Harness> {
  const server = new McpServer({ name: "acme", version: "1.0.0" });
  let pending: { params: object; controller: AbortController } | undefined;
  server.registerTool("ask", { description: "Elicits the params it was given" }, async () => {
    const { params, controller } = pending!;
    try {
      // The SDK validates accepted content against requestedSchema on this side.
      const result = await server.server.elicitInput(params as ElicitRequestFormParams, { signal: controller.signal });
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    } catch (error) {
      const { code, message } = error as { code?: number; message: string };
      return { content: [{ type: "text", text: `error ${code}: ${message}` }], isError: true };
    }
  });

  const queue = createElicitationQueue(queueOptions);
  const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
  elicitationsThroughQueue(client, { queue, serverName: SERVER_NAME });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  // SDK v1 ignores notifications/cancelled for request id 0 (a falsy check), so the server's
  // first request must not be the elicitation this file cancels: spend id 0 on a ping.
  await server.server.ping();
  render(<ElicitationOutlet queue={queue} />);

  const harness: Harness = {
    client,
    async ask(params) {
      pending = { params, controller: new AbortController() };
      const result = await client.callTool({ name: "ask", arguments: {} });
      return (result.content as { text: string }[])[0]!.text;
    },
    withdraw: () => pending?.controller.abort(new Error("The server no longer needs this")),
    close: () => Promise.all([client.close(), server.close()]).then(() => undefined),
  };
  open.push(harness);
  return harness;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

describe("SDK v1 client and server, request style (2025-06-18 / 2025-11-25)", () => {
  it("accept: the server receives typed content that passes its own schema validation", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const answer = ask(contactInfo);

    const expected = await answerContactInfo(user, SERVER_NAME);
    expect(JSON.parse(await answer)).toEqual(expected);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("accept with defaults: integer, boolean and enum arrive as the schema's types", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const answer = ask(developmentConfiguration);
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("radio", { name: "Vim" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(await answer)).toEqual({
      action: "accept",
      content: { editor: "vim", port: 3000, enableHotReload: true },
    });
  });

  it("the server's pattern is enforced in the dialog before anything is sent", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const answer = ask(bankTransfer);
    await screen.findByRole("dialog");
    await user.type(screen.getByLabelText(/^Amount/), "250.75");
    const account = screen.getByLabelText(/^Recipient account/);
    await user.type(account, "123456789");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(account).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    await user.type(account, "0");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(await answer)).toEqual({ action: "accept", content: { amount: 250.75, recipient_account: "1234567890" } });
  });

  it("decline and cancel reach the server as such", async () => {
    const user = userEvent.setup();
    const { ask } = await connect();
    const declined = ask(githubUsername);
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(JSON.parse(await declined)).toEqual({ action: "decline" });

    const cancelled = ask(githubUsername);
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(JSON.parse(await cancelled)).toEqual({ action: "cancel" });
  });

  it("server-side cancel: notifications/cancelled closes the dialog and nothing is sent back", async () => {
    const { ask, withdraw } = await connect();
    const answer = ask(githubUsername);
    await screen.findByRole("dialog");
    act(() => withdraw());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await answer).toMatch(/^error .*The server no longer needs this/);
  });

  it("a schema the dialog cannot honour is refused with JSON-RPC -32602 and no dialog", async () => {
    const { ask } = await connect();
    // The SDK's own checks let this through (a pattern is "a string"); the library refuses it.
    const text = await ask({
      message: "Your code?",
      requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "([a-z" } } },
    });
    expect(text).toMatch(/^error -32602: .*requestedSchema\.properties\.code\.pattern/);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a request over the rate limit is refused with JSON-RPC -32000 while the first stays on screen", async () => {
    const user = userEvent.setup();
    const { ask } = await connect({ rateLimit: { max: 1, windowMs: 60_000 } });
    const first = ask(githubUsername);
    await screen.findByRole("dialog");
    expect(await ask(githubUsername)).toMatch(/^error -32000: .*Too many elicitation requests from "Acme tools"/);
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(JSON.parse(await first)).toEqual({ action: "decline" });
  });
});
