// @vitest-environment node
// Both sides of the relay, real: an MCP server (SDK v1) whose tool elicits; the host's SDK client on
// its server forwarding elicitation/create to `createElicitationRelay`, served over real HTTP; and in
// "the browser", `connectElicitationRelay` feeding the host's queue, each window its own queue and
// connection, answers going back through the queue's `deliver`. The card itself is drawn in the
// component and Chromium tests; here the queue is the person.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import type { ElicitationRequestClosed } from "../../src/client/queue/ElicitationRequestClosed";
import { connectElicitationRelay } from "../../src/client/relay/connectElicitationRelay";
import type { ElicitationQueue } from "../../src/client/types";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { serveMcp, startDeployServer } from "../server/helpers/deployServer";
import { identifyByHeader, serve } from "../server/helpers/relayHarness";

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 10 });
const entries = (queue: ElicitationQueue) => queue.getSnapshot().entries;

/** The host's server: one MCP client for `owner`, its elicitations carried by the relay at `url`. */
async function startHost(owner: string, elicitTimeoutMs?: number) {
  const completions = { count: 0 };
  const mcpUrl = await startDeployServer(cleanup, elicitTimeoutMs, completions);
  const relay = createElicitationRelay({ identify: identifyByHeader });
  const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
    relay.request({ owner, serverName: "Deployer", params: request.params, signal: extra.signal, context: { chatId: "chat-1" } }),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const app = await serve(relay.handle);
  cleanup.push(() => app.close(), () => relay.close(), () => client.close());
  const deploy = () => relay.call(owner, "Deployer", (options) => client.callTool({ name: "deploy", arguments: {} }, undefined, options));
  return { url: app.url, deploy, completions };
}

/** One browser window of `user`: its own queue, fed by its own connection to the relay. */
function openWindow(url: string, user: string) {
  const queue = createElicitationQueue();
  const posts: number[] = [];
  const fetchAsUser: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("x-user", user); // the relay's identify reads it (a session cookie in a real host)
    const response = await fetch(input, { ...init, headers });
    if (init?.method === "POST") posts.push(response.status);
    return response;
  };
  const connection = connectElicitationRelay({ url, queue, fetch: fetchAsUser, limits: { reconnectFirstMs: 50, reconnectMaxMs: 200 } });
  cleanup.push(() => connection.close());
  return { queue, connection, posts };
}

const toolAnswer = (result: unknown) => JSON.parse(((result as { content: { text: string }[] }).content)[0]!.text);

describe("the relay, both sides real", () => {
  it("a tool's question reaches the person's queue with its context; the answer reaches the tool, once", async () => {
    const host = await startHost("alice");
    const window = openWindow(host.url, "alice");
    const called = host.deploy();
    await until(() => expect(entries(window.queue)).toHaveLength(1));
    const entry = entries(window.queue)[0]!;
    expect(entry.serverName).toBe("Deployer");
    expect(entry.context).toEqual({ chatId: "chat-1" });
    await expect(window.queue.submit(entry.id, { action: "accept", content: { environment: "staging", replicas: 2 } })).resolves.toBe(true);
    expect(toolAnswer(await called)).toEqual({ action: "accept", content: { environment: "staging", replicas: 2 } });
    expect(window.posts).toEqual([200]);
    expect(host.completions.count).toBe(1);
  });

  it("two windows answer at the same moment: one answer reaches the tool, the other window's request closes as answered there", async () => {
    const host = await startHost("alice");
    const [first, second] = [openWindow(host.url, "alice"), openWindow(host.url, "alice")];
    const called = host.deploy();
    await until(() => expect(entries(first.queue)).toHaveLength(1));
    await until(() => expect(entries(second.queue)).toHaveLength(1));
    const [a, b] = [entries(first.queue)[0]!, entries(second.queue)[0]!];
    const outcomes = await Promise.all([
      first.queue.submit(a.id, { action: "accept", content: { environment: "staging" } }),
      second.queue.submit(b.id, { action: "accept", content: { environment: "production" } }),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = outcomes[0] ? ["staging", b] : ["production", a];
    expect((loser.signal.reason as ElicitationRequestClosed).reason).toBe("answered");
    expect(toolAnswer(await called)).toEqual({ action: "accept", content: { environment: winner } });
    expect(host.completions.count).toBe(1);
  });

  it("a reload loses nothing: a new connection shows the request still open, and its answer is taken", async () => {
    const host = await startHost("alice");
    const before = openWindow(host.url, "alice");
    const called = host.deploy();
    await until(() => expect(entries(before.queue)).toHaveLength(1));
    before.connection.close(); // the page goes away without answering
    expect(entries(before.queue)).toHaveLength(0);
    const after = openWindow(host.url, "alice");
    await until(() => expect(entries(after.queue)).toHaveLength(1));
    await after.queue.submit(entries(after.queue)[0]!.id, { action: "decline" });
    expect(toolAnswer(await called)).toEqual({ action: "decline" });
  });

  it("another person never sees the request; its owner does", async () => {
    const host = await startHost("alice");
    const mallory = openWindow(host.url, "mallory");
    const alice = openWindow(host.url, "alice");
    const called = host.deploy();
    await until(() => expect(entries(alice.queue)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(entries(mallory.queue)).toHaveLength(0);
    await alice.queue.submit(entries(alice.queue)[0]!.id, { action: "cancel" });
    expect(toolAnswer(await called)).toEqual({ action: "cancel" });
  });

  it("the MCP server gives up waiting: the request leaves the person's queue as withdrawn", async () => {
    const host = await startHost("alice", 400);
    const window = openWindow(host.url, "alice");
    const called = host.deploy();
    await until(() => expect(entries(window.queue)).toHaveLength(1));
    const entry = entries(window.queue)[0]!;
    await until(() => expect(entry.signal.aborted).toBe(true));
    expect((entry.signal.reason as ElicitationRequestClosed).reason).toBe("withdrawn");
    expect((await called).isError).toBe(true);
  });

  it("URL mode: the server's notifications/elicitation/complete reaches the person's queue, for the open card and for the step opened", async () => {
    // The tool asks twice: the first completes while the card is still up, the second after the person opened it.
    let completeFirst!: () => void;
    const firstCompletes = new Promise<void>((resolve) => (completeFirst = resolve));
    const mcpUrl = await startLinkServer(async (mcp) => {
      const first = mcp.server.elicitInput({ mode: "url", message: "Link GitHub", url: "https://github.example/link/1", elicitationId: "link-1" });
      await firstCompletes;
      await mcp.server.createElicitationCompletionNotifier("link-1")();
      const second = await mcp.server.elicitInput({ mode: "url", message: "Link again", url: "https://github.example/link/2", elicitationId: "link-2" });
      await mcp.server.createElicitationCompletionNotifier("link-2")();
      return JSON.stringify([await first, second]);
    });
    const relay = createElicitationRelay({ identify: identifyByHeader });
    const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => relay.request({ owner: "alice", serverName: "GitHub", params: request.params, signal: extra.signal }));
    const matched: boolean[] = [];
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, async (notification) => {
      matched.push(await relay.completeElicitation("alice", "GitHub", notification.params.elicitationId));
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
    const app = await serve(relay.handle);
    cleanup.push(() => app.close(), () => relay.close(), () => client.close());
    const alice = openWindow(app.url, "alice");
    const bob = openWindow(app.url, "bob");
    const called = client.callTool({ name: "link", arguments: {} });

    await until(() => expect(entries(alice.queue)).toHaveLength(1));
    expect(entries(alice.queue)[0]!.completed).toBe(false);
    completeFirst();
    await until(() => expect(entries(alice.queue)[0]!.completed).toBe(true));
    await expect(alice.queue.submit(entries(alice.queue)[0]!.id, { action: "accept" })).resolves.toBe(true);
    const steps = () => alice.queue.getSnapshot().urlSteps.map(({ elicitationId, status }) => ({ elicitationId, status }));
    expect(steps()).toEqual([{ elicitationId: "link-1", status: "done" }]);

    await until(() => expect(entries(alice.queue)).toHaveLength(1));
    await expect(alice.queue.submit(entries(alice.queue)[0]!.id, { action: "accept" })).resolves.toBe(true);
    await until(() => expect(steps()).toEqual([{ elicitationId: "link-1", status: "done" }, { elicitationId: "link-2", status: "done" }]));
    expect(JSON.parse((((await called) as { content: { text: string }[] }).content)[0]!.text)).toEqual([{ action: "accept" }, { action: "accept" }]);
    expect(matched).toEqual([true, true]);
    expect(bob.queue.getSnapshot().urlSteps).toEqual([]);
    expect(entries(bob.queue)).toEqual([]);
  });
});

/** An MCP server (SDK v1) whose "link" tool runs `tool`, over Streamable HTTP on 127.0.0.1. */
function startLinkServer(tool: (mcp: McpServer) => Promise<string>): Promise<string> {
  return serveMcp(cleanup, "github", (mcp) =>
    mcp.registerTool("link", { description: "Links an account in the browser" }, async () => ({ content: [{ type: "text", text: await tool(mcp) }] })),
  );
}
