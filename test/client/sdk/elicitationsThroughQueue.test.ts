// @vitest-environment node
// `elicitationsThroughQueue` with the official SDKs' own clients and servers (v1 and v2), linked in memory
// as a page's client and its MCP server are: each elicitation reaches the page's queue under the host's
// name with every key as sent (`pattern`, which the SDKs' schemas drop), the queue's answer is what the
// server gets (through both SDKs' own result checks), a withdrawal empties the queue, the end of a URL
// step reaches its entry, and a client that cannot take elicitations is told what to write. SDK v2 also
// against a 2026-07-28 server over Streamable HTTP on 127.0.0.1 (input_required, fulfilled by the client).
import { randomUUID } from "node:crypto";
import {
  Client as ClientV2,
  InMemoryTransport as InMemoryTransportV2,
  StreamableHTTPClientTransport as TransportV2,
} from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryTransportV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { acceptedContent, createMcpHandler, inputRequired, McpServer as McpServerV2 } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createElicitationQueue, type ElicitationQueue, type ElicitationQueueEntry } from "../../../src/client/index";
import { elicitationsThroughQueue as throughQueueV1 } from "../../../src/client/sdk/v1/index";
import { elicitationsThroughQueue as throughQueueV2 } from "../../../src/client/sdk/v2/index";
import { serve } from "../../server/helpers/relayHarness";

const SERVER_NAME = "Releases";

// `pattern` is valid JSON Schema the SDKs' own types do not model: servers send it all the same.
const tagForm = {
  mode: "form",
  message: "Which release tag?",
  requestedSchema: { type: "object", properties: { tag: { type: "string", title: "Tag", pattern: "^v[0-9]+$" } }, required: ["tag"] },
} as const;

const signIn = {
  mode: "url",
  message: "Sign in to the tracker",
  url: "https://tracker.example.com/login",
  elicitationId: "login-1",
} as const;

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** What the server's `ask` tool reports: the result its SDK handed it, or the error it got. */
type Told = { action: string; content?: unknown } | { error: { code?: number; message: string } };

interface Harness {
  queue: ElicitationQueue;
  /** Calls the server's `ask` tool, which elicits `params` and reports what it got back. */
  ask(params: object): Promise<Told>;
  /** The server gives up on the `ask` in flight (notifications/cancelled). */
  withdraw(): void;
  /** The server says a URL step is done (notifications/elicitation/complete). */
  complete(elicitationId: string): Promise<void>;
}

type Capabilities = { elicitation?: { form?: Record<string, never>; url?: Record<string, never> } };

interface Kit {
  name: string;
  /** A server and a client of this SDK, linked in memory, the client wired before it connects (or after, with `wireAfter`). */
  connect(capabilities: Capabilities, options?: { wireAfter?: boolean }): Promise<Harness>;
  /** The client of this SDK, unconnected. */
  client(capabilities: Capabilities): object;
  throughQueue(client: never, options: never): void;
}

/** The tool's own state: one `ask` at a time, what it asks and how to withdraw it. */
function createAsking() {
  let pending: { params: object; controller: AbortController } | undefined;
  return {
    take: () => pending!,
    start: (params: object) => (pending = { params, controller: new AbortController() }),
    withdraw: () => pending?.controller.abort(new Error("The server no longer needs this")),
    told: (run: () => Promise<unknown>) =>
      run().then(
        (result) => ({ content: [{ type: "text" as const, text: JSON.stringify(result) }] }),
        (error: { code?: number; message: string }) => ({ content: [{ type: "text" as const, text: JSON.stringify({ error: { code: error.code, message: error.message } }) }] }),
      ),
  };
}

const textOf = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Told;

const V1: Kit = {
  name: "SDK v1 (@modelcontextprotocol/sdk)",
  client: (capabilities) => new ClientV1({ name: "page", version: "1.0.0" }, { capabilities }),
  throughQueue: throughQueueV1 as Kit["throughQueue"],
  async connect(capabilities, { wireAfter = false } = {}) {
    const server = new McpServerV1({ name: "releases", version: "1.0.0" });
    const asking = createAsking();
    server.registerTool("ask", { description: "Elicits what it is given" }, () =>
      asking.told(() => server.server.elicitInput(asking.take().params as never, { signal: asking.take().controller.signal })),
    );
    const queue = createElicitationQueue();
    const client = new ClientV1({ name: "page", version: "1.0.0" }, { capabilities });
    const wire = () => throughQueueV1(client, { queue, serverName: SERVER_NAME });
    if (!wireAfter) wire();
    const [serverSide, clientSide] = InMemoryTransportV1.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    if (wireAfter) wire();
    cleanup.push(() => client.close(), () => server.close());
    // SDK v1 ignores notifications/cancelled for request id 0 (a falsy check): spend it on a ping.
    await server.server.ping();
    return {
      queue,
      ask: async (params) => (asking.start(params), textOf(await client.callTool({ name: "ask", arguments: {} }))),
      withdraw: asking.withdraw,
      complete: (elicitationId) => server.server.createElicitationCompletionNotifier(elicitationId)(),
    };
  },
};

const V2: Kit = {
  name: "SDK v2 (@modelcontextprotocol/client)",
  client: (capabilities) => new ClientV2({ name: "page", version: "1.0.0" }, { capabilities }),
  throughQueue: throughQueueV2 as Kit["throughQueue"],
  async connect(capabilities, { wireAfter = false } = {}) {
    const server = new McpServerV2({ name: "releases", version: "2.0.0" });
    const asking = createAsking();
    server.registerTool("ask", { description: "Elicits what it is given" }, (ctx) =>
      asking.told(() => ctx.mcpReq.elicitInput(asking.take().params as never, { signal: asking.take().controller.signal })),
    );
    const queue = createElicitationQueue();
    const client = new ClientV2({ name: "page", version: "1.0.0" }, { capabilities });
    const wire = () => throughQueueV2(client, { queue, serverName: SERVER_NAME });
    if (!wireAfter) wire();
    const [serverSide, clientSide] = InMemoryTransportV2.createLinkedPair();
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    if (wireAfter) wire();
    cleanup.push(() => client.close(), () => server.close());
    return {
      queue,
      ask: async (params) => (asking.start(params), textOf(await client.callTool({ name: "ask", arguments: {} }))),
      withdraw: asking.withdraw,
      complete: (elicitationId) => server.server.createElicitationCompletionNotifier(elicitationId)(),
    };
  },
};

/** The queue's snapshot once `ready` holds for it. */
function whenQueue<T>(queue: ElicitationQueue, ready: (entries: readonly ElicitationQueueEntry[]) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the queue never got there: ${JSON.stringify(queue.getSnapshot().entries.map((e) => e.params))}`)), 5_000);
    const check = () => {
      const found = ready(queue.getSnapshot().entries);
      if (found === undefined) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(found);
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

const firstEntry = (queue: ElicitationQueue) => whenQueue(queue, (entries) => entries[0]);
const BOTH_MODES = { elicitation: { form: {}, url: {} } };

describe.each([V1, V2])("elicitationsThroughQueue, $name", (kit) => {
  it("a request reaches the queue under the host's name with every key as sent, and the server gets the queue's answer", async () => {
    const { queue, ask } = await kit.connect(BOTH_MODES);
    const told = ask(tagForm);
    const entry = await firstEntry(queue);
    expect(entry.serverName).toBe(SERVER_NAME);
    expect(entry.params).toEqual(tagForm);
    // The pattern is on the form: the queue refuses an answer that breaks it, before anything is sent.
    expect(entry.request).toMatchObject({ mode: "form" });
    expect(queue.respond(entry.id, { action: "accept", content: { tag: "v7" } })).toBe(true);
    // The server's SDK checked it against its result schema and the requested schema.
    expect(await told).toEqual({ action: "accept", content: { tag: "v7" } });
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("wired after connect, it answers the same", async () => {
    const { queue, ask } = await kit.connect(BOTH_MODES, { wireAfter: true });
    const told = ask(tagForm);
    queue.respond((await firstEntry(queue)).id, { action: "accept", content: { tag: "v2" } });
    expect(await told).toEqual({ action: "accept", content: { tag: "v2" } });
  });

  it("decline and cancel reach the server as such", async () => {
    const { queue, ask } = await kit.connect(BOTH_MODES);
    for (const action of ["decline", "cancel"] as const) {
      const told = ask(tagForm);
      const entry = await firstEntry(queue);
      queue.respond(entry.id, { action });
      expect(await told, action).toEqual({ action });
    }
  });

  it("a request the server withdraws leaves the queue unanswered", async () => {
    const { queue, ask, withdraw } = await kit.connect(BOTH_MODES);
    const told = ask(tagForm);
    const entry = await firstEntry(queue);
    withdraw();
    await whenQueue(queue, (entries) => (entries.length === 0 ? true : undefined));
    expect(entry.signal.aborted).toBe(true);
    expect(await told).toMatchObject({ error: { message: expect.stringMatching(/no longer needs this/) } });
  });

  it("URL mode: the server's word that the step is done reaches the entry, then the answer reaches the server", async () => {
    const { queue, ask, complete } = await kit.connect(BOTH_MODES);
    const told = ask(signIn);
    const entry = await firstEntry(queue);
    expect(entry.request).toMatchObject({ mode: "url", url: signIn.url });
    await complete(signIn.elicitationId);
    await whenQueue(queue, (entries) => (entries[0]?.completed ? true : undefined));
    queue.respond(entry.id, { action: "accept" });
    expect(await told).toEqual({ action: "accept" });
  });

  it("the modes are the client's as declared: a server is not let to send URL mode to a client that declared only forms", async () => {
    const { queue, ask } = await kit.connect({ elicitation: { form: {} } });
    let seen = 0;
    queue.subscribe(() => (seen += queue.getSnapshot().entries.length));
    expect(await ask(signIn)).toMatchObject({ error: { message: "Client does not support url elicitation." } });
    expect(seen).toBe(0);
    // Forms still come through.
    const told = ask(tagForm);
    queue.respond((await firstEntry(queue)).id, { action: "decline" });
    expect(await told).toEqual({ action: "decline" });
  });

  it("an invalid form is refused with -32602 naming the path, and never queued", async () => {
    const { queue, ask } = await kit.connect(BOTH_MODES);
    const told = await ask({ message: "Code?", requestedSchema: { type: "object", properties: { code: { type: "string", pattern: "([a-z" } } } });
    expect(told).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/requestedSchema\.properties\.code\.pattern/) } });
    expect(queue.getSnapshot().entries).toEqual([]);
  });

  it("a client that declared no elicitation capability is told what to write, and gets no handler", async () => {
    const client = kit.client({});
    const queue = createElicitationQueue();
    expect(() => kit.throughQueue(client as never, { queue, serverName: SERVER_NAME } as never)).toThrow(
      /elicitationsThroughQueue: the client refused the elicitation handler \(.*elicitation capability.*\)\. Declare it where the Client is created: new Client\(info, \{ capabilities: \{ elicitation: \{ form: \{\}, url: \{\} \} \} \}\)/,
    );
  });

  it("names what is wrong with its arguments", () => {
    const queue = createElicitationQueue();
    const client = kit.client(BOTH_MODES);
    const wire = (c: unknown, options: unknown) => () => kit.throughQueue(c as never, options as never);
    expect(wire({}, { queue, serverName: SERVER_NAME })).toThrow(/elicitationsThroughQueue: client must be a Client of @modelcontextprotocol/);
    expect(wire(client, { serverName: SERVER_NAME })).toThrow(/queue must be a queue from createElicitationQueue/);
    expect(wire(client, { queue, serverName: " " })).toThrow(/serverName must be the host's name for the MCP server/);
    expect(wire(client, undefined)).toThrow(/queue must be a queue/);
  });
});

describe("each entry takes its own SDK's client and names the other entry for the other's", () => {
  it("a v2 Client handed to the v1 entry, and a v1 Client to the v2 entry", () => {
    const queue = createElicitationQueue();
    expect(() => throughQueueV1(V2.client(BOTH_MODES) as never, { queue, serverName: SERVER_NAME })).toThrow(
      'this client is a Client of @modelcontextprotocol/client (v2); import elicitationsThroughQueue from "react-mcp-elicitation/client/sdk/v2" for it.',
    );
    expect(() => throughQueueV2(V1.client(BOTH_MODES) as never, { queue, serverName: SERVER_NAME })).toThrow(
      'this client is a Client of @modelcontextprotocol/sdk (v1); import elicitationsThroughQueue from "react-mcp-elicitation/client/sdk/v1" for it.',
    );
  });
});

describe("SDK v2 against a server of 2026-07-28 only, over Streamable HTTP", () => {
  it("the same one call answers input_required: the SDK fulfils the round through the queue and retries the call", async () => {
    const handler = createMcpHandler(
      () => {
        const server = new McpServerV2({ name: "releases", version: "2.0.0" });
        server.registerTool("release", { description: "Releases after asking for a tag", inputSchema: z.object({}) }, async (_args, ctx) => {
          const responses = ctx.mcpReq.inputResponses;
          if (!responses) return inputRequired({ inputRequests: { tag: inputRequired.elicit(tagForm as never) } });
          return { content: [{ type: "text", text: JSON.stringify(acceptedContent(responses, "tag")) }] };
        });
        return server;
      },
      { legacy: "reject" },
    );
    const served = await serve((request) => handler.fetch(request));
    cleanup.push(() => served.close(), () => handler.close());
    const queue = createElicitationQueue();
    const client = new ClientV2({ name: "page", version: "1.0.0" }, { capabilities: BOTH_MODES, versionNegotiation: { mode: "auto" } });
    throughQueueV2(client, { queue, serverName: SERVER_NAME });
    await client.connect(new TransportV2(new URL(`${served.origin}/mcp?${randomUUID()}`)));
    cleanup.push(() => client.close());
    expect(client.getProtocolEra()).toBe("modern");

    const called = client.callTool({ name: "release", arguments: {} });
    const entry = await firstEntry(queue);
    expect(entry).toMatchObject({ serverName: SERVER_NAME, params: { requestedSchema: { properties: { tag: { pattern: "^v[0-9]+$" } } } } });
    queue.respond(entry.id, { action: "accept", content: { tag: "v8" } });
    expect(textOf(await called)).toEqual({ tag: "v8" });
  });
});
