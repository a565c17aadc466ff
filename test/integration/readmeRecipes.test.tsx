// The docs' client recipes, taken from docs/clients.md as they stand and run: SDK v2's against an SDK v2
// server of each protocol era — a 2025 server (initialize, sessions) and one that speaks only
// 2026-07-28 (server/discover, stateless, refuses initialize) — SDK v1's and @ai-sdk/mcp's against
// the servers they reach. Each snippet connects to its example URL; `fetch` carries that URL to the
// in-process server, the queue is the host's, a person answers in the dialog.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { McpServer as McpServerV1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport as WebStandardStreamableHTTPServerTransportV1 } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { extractSnippets } from "../../scripts/readmeSnippets.mjs";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";

const CLIENTS = readFileSync(join(import.meta.dirname, "../../docs/clients.md"), "utf8");
const EXAMPLE_URL = "https://mcp.example.com/mcp";
const ASK_TITLE = {
  message: "Which repository should the issue go to?",
  requestedSchema: { type: "object", properties: { repo: { type: "string", title: "Repository" } }, required: ["repo"] },
} as const;

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
  vi.unstubAllGlobals();
});

const V1 = "`@modelcontextprotocol/sdk` (v1)";
const V2 = "`@modelcontextprotocol/client` (v2)";
const AI_SDK = "Vercel AI SDK (`@ai-sdk/mcp`)";

function snippetUnder(heading: string) {
  const snippet = extractSnippets(CLIENTS).find((s) => s.heading === heading);
  if (!snippet) throw new Error(`docs/clients.md: no TypeScript snippet under the heading ${heading}`);
  return snippet;
}

const EXPORTS = (JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { exports: Record<string, { types?: string }> }).exports;

/** The package's own imports (`react-mcp-elicitation/client/sdk/v1`) pointed at the source its export's types come from. */
function fromSource(code: string): string {
  return code.replace(/from "react-mcp-elicitation(\/[^"]*)?"/g, (_match, subpath: string | undefined) => {
    const types = EXPORTS[`.${subpath ?? ""}`]?.types;
    if (!types) throw new Error(`docs/clients.md imports react-mcp-elicitation${subpath ?? ""}, which package.json does not export`);
    return `from ${JSON.stringify(join(import.meta.dirname, "../..", types.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, "")))}`;
  });
}

type Recipe = (queue: ElicitationQueue) => Promise<{ client: { close(): Promise<void> }; result: unknown }>;

/**
 * The snippet as a function of the host's queue: its imports stay at the top, its statements run in
 * the function, which hands back what they made. `edit` changes the code first (to show what a line does).
 */
async function loadRecipe(heading: string, edit: (code: string) => string = (code) => code): Promise<Recipe> {
  const { code, line } = snippetUnder(heading);
  const lines = fromSource(edit(code)).split("\n");
  const imports = lines.filter((l) => /^import\s.*\sfrom\s["'][^"']+["'];?\s*$/.test(l));
  const body = lines.filter((l) => !imports.includes(l));
  const dir = join(import.meta.dirname, "../readme/snippets");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `run-README-${line}-${randomUUID()}.ts`);
  writeFileSync(
    file,
    [...imports, "export async function recipe(queue: any) {", ...body, "  return { client, result };", "}", ""].join("\n"),
  );
  cleanups.push(() => rmSync(file, { force: true }));
  return ((await import(/* @vite-ignore */ file)) as { recipe: Recipe }).recipe;
}

/** JSON-RPC methods the client sent, in order, and the HTTP status each got. */
let traffic: string[] = [];

/** `fetch` for the README's example URL goes to the in-process server. */
function serveExampleUrl(handle: (request: Request) => Promise<Response>) {
  traffic = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url !== EXAMPLE_URL) throw new Error(`unexpected fetch of ${url}`);
    const method = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }).method : undefined;
    const response = await handle(new Request(url, init));
    if (method) traffic.push(`${method} ${response.status}`);
    return response;
  });
}

/** The tool of the README's example: asks which repository, answers with what it got. */
function createIssueTool(server: McpServer, era: "2025" | "2026-07-28") {
  server.registerTool("create_issue", { description: "Files an issue after asking where" }, async (ctx) => {
    if (era === "2025") {
      const answer = await ctx.mcpReq.elicitInput(ASK_TITLE as never);
      return { content: [{ type: "text", text: `2025: ${JSON.stringify(answer)}` }] };
    }
    const responses = ctx.mcpReq.inputResponses;
    if (!responses) return inputRequired({ inputRequests: { where: inputRequired.elicit(ASK_TITLE as never) } });
    return { content: [{ type: "text", text: `2026-07-28: ${JSON.stringify(acceptedContent(responses, "where"))}` }] };
  });
}

/** An SDK v1 server (2025 revisions): initialize, a session id, elicitation/create during the call. */
async function serveV1() {
  const server = new McpServerV1({ name: "issues", version: "1.0.0" });
  server.registerTool("create_issue", { description: "Files an issue after asking where" }, async () => {
    const answer = await server.server.elicitInput(ASK_TITLE as never);
    return { content: [{ type: "text", text: `2025: ${JSON.stringify(answer)}` }] };
  });
  const transport = new WebStandardStreamableHTTPServerTransportV1({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  serveExampleUrl((request) => transport.handleRequest(request));
  cleanups.push(() => server.close());
}

/** A 2025 server: initialize, a session id, elicitation/create sent during the call. */
async function serve2025() {
  const server = new McpServer({ name: "issues", version: "1.0.0" });
  createIssueTool(server, "2025");
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  serveExampleUrl((request) => transport.handleRequest(request));
  cleanups.push(() => server.close());
}

/** A server of 2026-07-28 only: the 2025 handshake is refused. */
function serve2026() {
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: "issues", version: "2.0.0" });
      createIssueTool(server, "2026-07-28");
      return server;
    },
    { legacy: "reject" },
  );
  serveExampleUrl((request) => handler.fetch(request));
  cleanups.push(() => handler.close());
}

async function runWithPerson(recipe: Recipe) {
  const user = userEvent.setup();
  const queue = createElicitationQueue();
  render(<ElicitationOutlet queue={queue} />);
  const run = recipe(queue);
  const dialog = await screen.findByRole("dialog", { name: /GitHub|Example/ }, { timeout: 5_000 });
  expect(dialog).toHaveTextContent(ASK_TITLE.message);
  await user.type(screen.getByLabelText(/^Repository/), "acme/app");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  const { client, result } = await run;
  cleanups.push(() => client.close());
  return (result as { content: { text: string }[] }).content[0]!.text;
}

describe("the README's SDK v2 recipe, as written", () => {
  it("reaches a 2025 server: the probe is not understood, the client falls back to initialize", async () => {
    await serve2025();
    expect(await runWithPerson(await loadRecipe(V2))).toBe('2025: {"action":"accept","content":{"repo":"acme/app"}}');
    // The 2025 server refuses the probe (HTTP 400: no session); the client then starts a session.
    expect(traffic.slice(0, 2)).toEqual(["server/discover 400", "initialize 200"]);
  });

  it("reaches a server of 2026-07-28 only: input_required answered through the same handler", async () => {
    serve2026();
    expect(await runWithPerson(await loadRecipe(V2))).toBe('2026-07-28: {"repo":"acme/app"}');
    expect(traffic[0]).toBe("server/discover 200");
    expect(traffic).not.toContainEqual(expect.stringMatching(/^initialize/));
  });

  it("without its versionNegotiation line, the same recipe cannot connect to the 2026-07-28 server", async () => {
    serve2026();
    const withoutNegotiation = await loadRecipe(V2, (code) => {
      const edited = code.replace(/^\s*versionNegotiation:.*\n/m, "");
      expect(edited).not.toBe(code);
      return edited;
    });
    const queue = createElicitationQueue();
    const failure = await withoutNegotiation(queue).catch((error: Error) => error);
    expect(String(failure)).toMatch(/-32022.*Unsupported protocol version: 2025-11-25/);
    expect(traffic).toEqual(["initialize 400"]);
  });
});

describe("the README's other client recipes, as written", () => {
  it("SDK v1 reaches a 2025 server, and the tool call returns the person's answer", async () => {
    await serveV1();
    expect(await runWithPerson(await loadRecipe(V1))).toBe('2025: {"action":"accept","content":{"repo":"acme/app"}}');
  });

  it("@ai-sdk/mcp reaches a 2025 server", async () => {
    await serve2025();
    expect(await runWithPerson(await loadRecipe(AI_SDK))).toBe('2025: {"action":"accept","content":{"repo":"acme/app"}}');
  });

  it("@ai-sdk/mcp reaches a server of 2026-07-28 only", async () => {
    serve2026();
    expect(await runWithPerson(await loadRecipe(AI_SDK))).toBe('2026-07-28: {"repo":"acme/app"}');
  });
});
