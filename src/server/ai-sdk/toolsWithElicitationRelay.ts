// The AI SDK's MCP client (@ai-sdk/mcp) asking through the relay: its elicitation handler gets the
// request alone, while the tool call's id and abort signal are only in each tool's `execute` options.
// Each `execute` runs inside an AsyncLocalStorage holding everything that says whose question it is
// (owner, server name, context, tool call, signal, timeout); a question the server asks during that
// call (on the call's own response stream, or as a 2026-07-28 input_required round the client answers
// in process) reaches the handler in that call's async context, so it goes to that call's person.
// One handler per client reads it: wrapping one client for many people and chats never mixes them.
import { AsyncLocalStorage } from "node:async_hooks";
import { ElicitationRequestSchema, type MCPClient } from "@ai-sdk/mcp";
import type { ElicitationRelay } from "../types";

/** The schemas `client.tools({ schemas })` takes: "automatic" (the default) or typed ones. */
export type ElicitationRelayToolSchemas = NonNullable<Parameters<MCPClient["tools"]>[0]>["schemas"];

// Only its type is read: the tool set `client.tools<S>()` resolves with, for the schemas given.
declare const someClient: MCPClient;
/** The client's tools, as `client.tools({ schemas })` gives them. */
export type ElicitationRelayTools<S extends ElicitationRelayToolSchemas = "automatic"> = Awaited<ReturnType<typeof someClient.tools<S>>>;

export interface ToolsWithElicitationRelayOptions<S extends ElicitationRelayToolSchemas = "automatic"> {
  relay: ElicitationRelay;
  /** The person the chat belongs to: their browser gets the questions. */
  owner: string;
  /** Who is asking, as the host knows the MCP server (shown on every card). */
  serverName: string;
  /** Sent with every question, e.g. `{ chatId }`; the tool call's `toolCallId` is added to it. */
  context?: Record<string, string>;
  /** Overrides the relay's `timeoutMs` for these questions. */
  timeoutMs?: number;
  /** As `client.tools({ schemas })`. */
  schemas?: S;
}

/** Whose a question is: one wrap's person and chat, and (inside `execute`) its tool call. */
interface CallScope {
  relay: ElicitationRelay;
  owner: string;
  serverName: string;
  context: Record<string, string> | undefined;
  timeoutMs: number | undefined;
  toolCallId?: string;
  abortSignal?: AbortSignal;
}

/** What one client's single handler reads: the call in progress, or the only scope it was ever wrapped for. */
interface ClientScopes {
  calls: AsyncLocalStorage<CallScope>;
  /** The person and chat of its first wrap, and its key; `undefined` once it was wrapped for a second (nothing more is kept). */
  only: { key: string; scope: CallScope } | undefined;
  shared: boolean;
}

// Keyed by the client object, so it ends with the client; each client gets its handler once.
const scopesByClient = new WeakMap<MCPClient, ClientScopes>();

const scopeKey = (scope: CallScope) => JSON.stringify([scope.owner, scope.serverName, scope.context ?? null, scope.timeoutMs ?? null]);

function scopesOf(client: MCPClient): ClientScopes {
  const known = scopesByClient.get(client);
  if (known !== undefined) return known;
  const scopes: ClientScopes = { calls: new AsyncLocalStorage(), only: undefined, shared: false };
  scopesByClient.set(client, scopes);
  client.onElicitationRequest(ElicitationRequestSchema, (request) => {
    const scope = scopes.calls.getStore() ?? scopes.only?.scope;
    if (scope === undefined) {
      // Outside any wrapped tool call, on a client wrapped for several people or chats: nobody can say whose it is.
      throw new Error(
        "toolsWithElicitationRelay: a question arrived outside any tool call, on an MCP client wrapped for more than one person or chat; it was refused rather than shown to someone who may not be its owner.",
      );
    }
    const context = scope.toolCallId === undefined ? scope.context : { ...scope.context, toolCallId: scope.toolCallId };
    return scope.relay.request({
      owner: scope.owner,
      serverName: scope.serverName,
      params: request.params,
      ...(scope.abortSignal === undefined ? {} : { signal: scope.abortSignal }),
      ...(context === undefined ? {} : { context }),
      ...(scope.timeoutMs === undefined ? {} : { timeoutMs: scope.timeoutMs }),
    });
  });
  return scopes;
}

/**
 * Returns `client.tools()` with each tool's `execute` asking `owner` through `relay`: every question
 * of a call goes to that call's person, carries `context.toolCallId` (so the page draws it under that
 * call, parallel calls each their own) and closes when the call is aborted (the chat's Stop). One
 * client may be wrapped for any number of people and chats; each wrap's tools ask for their own.
 * The client's earlier elicitation handler, if any, is replaced (once, at the first wrap).
 */
export async function toolsWithElicitationRelay<S extends ElicitationRelayToolSchemas = "automatic">(
  client: MCPClient,
  options: ToolsWithElicitationRelayOptions<S>,
): Promise<ElicitationRelayTools<S>> {
  const { relay, owner, serverName, context, timeoutMs } = options ?? ({} as ToolsWithElicitationRelayOptions<S>);
  if (typeof client?.onElicitationRequest !== "function" || typeof client.tools !== "function") {
    throw new TypeError("toolsWithElicitationRelay: client must be an MCP client from @ai-sdk/mcp's createMCPClient.");
  }
  if (typeof relay?.request !== "function") throw new TypeError("toolsWithElicitationRelay: relay must be a relay from createElicitationRelay.");
  if (typeof owner !== "string" || owner === "") throw new TypeError("toolsWithElicitationRelay: owner must be the person's id (a non-empty string).");
  if (typeof serverName !== "string") throw new TypeError("toolsWithElicitationRelay: serverName must be a string.");
  const wrap: CallScope = { relay, owner, serverName, context: context === undefined ? undefined : { ...context }, timeoutMs };
  const scopes = scopesOf(client);
  // A client wrapped for one person and chat may answer for them outside a call; once shared, never (and it keeps nothing per chat).
  const key = scopeKey(wrap);
  if (!scopes.shared && scopes.only === undefined) scopes.only = { key, scope: wrap };
  else if (!scopes.shared && scopes.only?.key !== key) {
    scopes.shared = true;
    scopes.only = undefined;
  }
  const tools = await client.tools<S>(options.schemas === undefined ? undefined : { schemas: options.schemas });
  const carried: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools as Record<string, { execute: (input: unknown, options?: { toolCallId?: string; abortSignal?: AbortSignal }) => unknown }>)) {
    const execute = tool.execute.bind(tool);
    carried[name] = {
      ...tool,
      execute: (input: unknown, callOptions?: { toolCallId?: string; abortSignal?: AbortSignal }) =>
        scopes.calls.run({ ...wrap, toolCallId: callOptions?.toolCallId, abortSignal: callOptions?.abortSignal }, () => execute(input, callOptions)),
    };
  }
  return carried as ElicitationRelayTools<S>;
}
