// mcp-use's React hook (useMcp) answering a real MCP SDK server through the queue: its
// onElicitation option receives the request's params and returns what queue.request resolves to.
// Also pins down what this client does to a request before the library sees it.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMcp } from "mcp-use/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";
import { bankTransfer, contactInfo, githubUsername } from "../fixtures/seedRequests";

// mcp-use reports usage to its vendor unless told not to; tests reach no outside host.
vi.hoisted(() => {
  (window as { __MCP_USE_ANONYMIZED_TELEMETRY__?: boolean }).__MCP_USE_ANONYMIZED_TELEMETRY__ = false;
  localStorage.setItem("MCP_USE_ANONYMIZED_TELEMETRY", "false");
});

const SERVER_NAME = "Acme tools";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

/**
 * An SDK v1 server over Streamable HTTP whose "ask" tool elicits the params it is given and
 * reports what it got back. Called in-process through the hook's `fetch` option: no socket.
 */
async function startServer() {
  const server = new McpServer({ name: "acme", version: "1.0.0" });
  let pending: object | undefined;
  server.registerTool("ask", { description: "Elicits the params it was given" }, async () => {
    try {
      // The SDK validates accepted content against requestedSchema here, on the server.
      const result = await server.server.elicitInput(pending as ElicitRequestFormParams);
      return { content: [{ type: "text", text: JSON.stringify(result) }] };
    } catch (error) {
      const { code, message } = error as { code?: number; message: string };
      return { content: [{ type: "text", text: `error ${code}: ${message}` }], isError: true };
    }
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  await server.connect(transport);
  cleanups.push(() => server.close());
  return {
    fetch: ((url: string | URL, init?: RequestInit) => transport.handleRequest(new Request(url, init))) as typeof fetch,
    willAsk: (params: object) => (pending = params),
  };
}

/** A host page: the hook's connection, a button that calls the tool, its result, the outlet. */
function Host({ fetch, queue }: { fetch: typeof globalThis.fetch; queue: ElicitationQueue }) {
  const mcp = useMcp({
    // A loopback address: for any other host, mcp-use looks the server's icon up on its vendor's service.
    url: "http://127.0.0.1/mcp",
    transportType: "http",
    fetch,
    autoReconnect: false,
    logLevel: "error",
    // The recipe: every request (form or URL mode) goes through the queue.
    onElicitation: (params) => queue.request({ serverName: SERVER_NAME, params }),
  });
  const [result, setResult] = useState("");
  const ask = () => mcp.callTool("ask", {}).then((r) => setResult((r.content as { text: string }[])[0]!.text));
  return (
    <>
      <button type="button" disabled={mcp.state !== "ready"} onClick={ask}>
        Ask
      </button>
      <output aria-label="Tool result">{result}</output>
      <ElicitationOutlet queue={queue} />
    </>
  );
}

async function setUp() {
  const user = userEvent.setup();
  const server = await startServer();
  render(<Host fetch={server.fetch} queue={createElicitationQueue()} />);
  const ask = await screen.findByRole("button", { name: "Ask" });
  await vi.waitFor(() => expect(ask).toBeEnabled(), { timeout: 5_000 });
  return {
    user,
    /** Calls the tool with these params elicited, and returns a reader for the tool's result. */
    async ask(params: object) {
      server.willAsk(params);
      await user.click(ask);
      return async () => {
        const output = screen.getByRole("status", { name: "Tool result" });
        await vi.waitFor(() => expect(output.textContent).not.toBe(""));
        return output.textContent!;
      };
    },
  };
}

describe("mcp-use useMcp with onElicitation", () => {
  it("accept: typed content reaches the server and passes its validation", async () => {
    const { user, ask } = await setUp();
    const result = await ask(contactInfo);
    const dialog = await screen.findByRole("dialog", { name: `${SERVER_NAME} is asking for information` });
    expect(dialog).toHaveTextContent("Please provide your contact information");
    await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.type(screen.getByLabelText(/^Age/), "36");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(await result())).toEqual({
      action: "accept",
      content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 },
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("decline reaches the server as decline", async () => {
    const { user, ask } = await setUp();
    const result = await ask(githubUsername);
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(JSON.parse(await result())).toEqual({ action: "decline" });
  });

  it("URL mode reaches the dialog too (the hook declares the url capability); the answer reaches the server", async () => {
    const { user, ask } = await setUp();
    const result = await ask({
      mode: "url",
      message: "Sign in to link your account",
      url: "https://accounts.example.com/link?state=abc123",
      elicitationId: "link-1",
    });
    const dialog = await screen.findByRole("dialog", { name: new RegExp(SERVER_NAME) });
    expect(dialog).toHaveTextContent("Sign in to link your account");
    expect(screen.getByTestId("rme-url-domain")).toHaveTextContent("accounts.example.com");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(JSON.parse(await result())).toEqual({ action: "decline" });
  });

  it("a refused schema reaches the server as -32602 with the offending path", async () => {
    const { ask } = await setUp();
    const result = await ask({
      message: "Your code?",
      requestedSchema: { type: "object", properties: { code: { type: "string", enum: [] } } },
    });
    expect(await result()).toMatch(/^error -32602: .*requestedSchema\.properties\.code/);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("the server's pattern does not reach the dialog (the hook's SDK drops it); the server still refuses", async () => {
    const { user, ask } = await setUp();
    const result = await ask(bankTransfer);
    await screen.findByRole("dialog");
    await user.type(screen.getByLabelText(/^Amount/), "250");
    await user.type(screen.getByLabelText(/^Recipient account/), "12345");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // The dialog could not check a pattern it never received; the server's own check refuses.
    expect(await result()).toMatch(/^error -32602: .*recipient_account/);
  });
});
