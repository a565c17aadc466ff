// mcp-use's React hook (useMcp) answering a real MCP SDK server through the queue: its
// onElicitation option receives the request's params and returns what queue.request resolves to.
// Also pins down what this client does to a request before the library sees it, and what its hook
// does in a development build (StrictMode), with the remedy the README gives.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { ElicitRequestFormParams } from "@modelcontextprotocol/sdk/types.js";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useMcp } from "mcp-use/react";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";
import { bankTransfer, contactInfo, githubUsername } from "../fixtures/seedRequests";
import { answerContactInfo } from "./answerContactInfo";

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
 * reports what it got back. Like a deployed server, it opens a session (a transport and an
 * McpServer) per client that initializes, and routes later requests by their Mcp-Session-Id.
 * Called in-process through the hook's `fetch` option: no socket.
 */
async function startServer({ oneSession = false } = {}) {
  let pending: object | undefined;
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const opened: string[] = [];
  const closed: string[] = [];

  async function openSession() {
    const server = new McpServer({ name: "acme", version: "1.0.0" });
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
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        opened.push(id);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
        closed.push(id);
      },
    });
    await server.connect(transport);
    cleanups.push(() => server.close());
    return transport;
  }

  const only = oneSession ? openSession() : undefined;

  async function handle(request: Request): Promise<Response> {
    const id = request.headers.get("mcp-session-id");
    // A hand-rolled server with one transport for everyone: a second initialize is refused.
    if (only) return (await only).handleRequest(request);
    const transport = id ? sessions.get(id) : request.method === "POST" ? await openSession() : undefined;
    if (!transport) {
      return Response.json({ jsonrpc: "2.0", error: { code: -32001, message: "Unknown or missing session" }, id: null }, { status: 404 });
    }
    return transport.handleRequest(request);
  }

  return {
    fetch: ((url: string | URL, init?: RequestInit) => handle(new Request(url, init))) as typeof fetch,
    willAsk: (params: object) => (pending = params),
    /** Ids of the sessions clients opened, and of those they ended (DELETE), in order. */
    opened,
    closed,
  };
}

/**
 * A host page: the hook's connection, a button that calls the tool, its result (or why the call
 * failed), the outlet. With `connectAfterMount` the hook is enabled only once the page has mounted.
 */
function Host({ fetch, queue, connectAfterMount = false }: { fetch: typeof globalThis.fetch; queue: ElicitationQueue; connectAfterMount?: boolean }) {
  const [mounted, setMounted] = useState(!connectAfterMount);
  useEffect(() => setMounted(true), []);
  const mcp = useMcp({
    enabled: mounted,
    // A loopback address: for any other host, mcp-use looks the server's icon up on its vendor's service.
    url: "http://127.0.0.1/mcp",
    transportType: "http",
    fetch,
    autoReconnect: false,
    logLevel: "silent",
    // The recipe: every request (form or URL mode) goes through the queue.
    onElicitation: (params) => queue.request({ serverName: SERVER_NAME, params }),
  });
  const [result, setResult] = useState("");
  const ask = () =>
    mcp.callTool("ask", {}).then(
      (r) => setResult((r.content as { text: string }[])[0]!.text),
      (error: Error) => setResult(`call failed: ${error.message}`),
    );
  return (
    <>
      <p>{`Connection: ${mcp.state}${mcp.error ? `, ${mcp.error}` : ""}`}</p>
      <button type="button" disabled={mcp.state !== "ready"} onClick={ask}>
        Ask
      </button>
      <output aria-label="Tool result">{result}</output>
      <ElicitationOutlet queue={queue} />
    </>
  );
}

async function setUp({ oneSession = false, connectAfterMount = false } = {}) {
  const user = userEvent.setup();
  const server = await startServer({ oneSession });
  const { unmount } = render(<Host fetch={server.fetch} queue={createElicitationQueue()} connectAfterMount={connectAfterMount} />);
  const ask = await screen.findByRole("button", { name: "Ask" });
  await vi.waitFor(() => expect(ask).toBeEnabled(), { timeout: 5_000 });
  return {
    user,
    server,
    unmount,
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
    const expected = await answerContactInfo(user, SERVER_NAME);
    expect(JSON.parse(await result())).toEqual(expected);
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
    // URL mode's body arrives in a chunk of its own, a moment after the header and the message.
    expect(await screen.findByTestId("rme-url-domain")).toHaveTextContent("accounts.example.com");
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

// React's development build mounts, unmounts and mounts again; useMcp's effect connects on each
// mount, and its cleanup cannot end a connection whose session is still being created.
describe("mcp-use useMcp in a development build (StrictMode)", () => {
  const stillOpen = (server: { opened: string[]; closed: string[] }) => server.opened.filter((id) => !server.closed.includes(id));

  it("opens two sessions, and unmounting the page ends only one of them", async () => {
    const { server, unmount } = await setUp();
    await vi.waitFor(() => expect(server.opened).toHaveLength(2));
    unmount();
    await vi.waitFor(() => expect(server.closed).toHaveLength(1));
    // The session of the first mount is left open, its client unreachable from the page.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stillOpen(server)).toHaveLength(1);
  });

  it("against a server that keeps one session, the hook says ready but every call fails", async () => {
    const { ask } = await setUp({ oneSession: true });
    // The first mount's client took the only session; the hook's own client was refused.
    expect(await screen.findByText(/^Connection: ready, .*Server already initialized/)).toBeInTheDocument();
    const result = await ask(githubUsername);
    expect(await result()).toBe("call failed: MCP client is not connected");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("enabled only after mount, it opens one session, answers through the dialog and ends the session on unmount", async () => {
    const { user, server, unmount, ask } = await setUp({ connectAfterMount: true });
    const result = await ask(githubUsername);
    await user.type(await screen.findByLabelText(/^Name/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(JSON.parse(await result())).toEqual({ action: "accept", content: { name: "octocat" } });
    expect(server.opened).toHaveLength(1);
    unmount();
    await vi.waitFor(() => expect(server.closed).toEqual(server.opened));
  });
});
