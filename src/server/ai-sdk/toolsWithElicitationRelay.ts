// The AI SDK's MCP client (@ai-sdk/mcp) asking through the relay: its elicitation handler gets the
// request alone, while the tool call's id and abort signal are only in each tool's `execute` options.
// Each `execute` runs inside an AsyncLocalStorage holding them; a question the server asks during that
// call (on the call's own response stream, or as a 2026-07-28 input_required round the client answers
// in process) reaches the handler in that call's async context, so it carries the right tool call.
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

interface ToolCall {
  toolCallId: string | undefined;
  abortSignal: AbortSignal | undefined;
}

/**
 * Sets `client`'s elicitation handler to ask `owner` through `relay`, and returns `client.tools()`
 * with each tool's `execute` carrying its call: every question gets `context.toolCallId` (so the page
 * draws it under that call, parallel calls each their own) and closes when the call is aborted (the
 * chat's stop button). The client's earlier elicitation handler, if any, is replaced.
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
  const calls = new AsyncLocalStorage<ToolCall>();
  client.onElicitationRequest(ElicitationRequestSchema, (request) => {
    const call = calls.getStore();
    const callContext = call?.toolCallId === undefined ? context : { ...context, toolCallId: call.toolCallId };
    return relay.request({
      owner,
      serverName,
      params: request.params,
      ...(call?.abortSignal === undefined ? {} : { signal: call.abortSignal }),
      ...(callContext === undefined ? {} : { context: callContext }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  });
  const tools = await client.tools<S>(options.schemas === undefined ? undefined : { schemas: options.schemas });
  const carried: Record<string, unknown> = {};
  for (const [name, tool] of Object.entries(tools as Record<string, { execute: (input: unknown, options?: { toolCallId?: string; abortSignal?: AbortSignal }) => unknown }>)) {
    const execute = tool.execute.bind(tool);
    carried[name] = {
      ...tool,
      execute: (input: unknown, callOptions?: { toolCallId?: string; abortSignal?: AbortSignal }) =>
        calls.run({ toolCallId: callOptions?.toolCallId, abortSignal: callOptions?.abortSignal }, () => execute(input, callOptions)),
    };
  }
  return carried as ElicitationRelayTools<S>;
}
