// The chat's tools: those of the deploy MCP server, through @ai-sdk/mcp. When the server asks the person
// something (elicitation/create), the question goes through the relay to their browser, labelled with
// the chat and the tool call that caused it, so the page draws it right under that call.
import { AsyncLocalStorage } from "node:async_hooks";
import { createMCPClient, ElicitationRequestSchema } from "@ai-sdk/mcp";
import { relay } from "./relay";

/**
 * The tool call being executed. @ai-sdk/mcp calls the elicitation handler with the request alone; the
 * tool call id is only in the tool's `execute` options. Running each `execute` inside this store lets
 * the handler read it: the server sends its question on the tool call's own response stream, so the
 * handler runs in that call's async context (parallel calls each in their own).
 */
const currentToolCall = new AsyncLocalStorage<{ toolCallId?: string; abortSignal?: AbortSignal }>();

export async function connectDeployTools({ owner, chatId }: { owner: string; chatId: string }) {
  const client = await createMCPClient({
    transport: { type: "http", url: process.env.DEPLOY_MCP_URL ?? "" },
    capabilities: { elicitation: {} },
  });
  client.onElicitationRequest(ElicitationRequestSchema, (request) => {
    const call = currentToolCall.getStore();
    return relay.request({
      owner,
      serverName: "Deploy server",
      params: request.params,
      // The tool call's abort, if any, withdraws the question. (@ai-sdk/mcp gives the handler no signal
      // of its own: an MCP server that gives up is not heard here; the relay's timeout ends the card.)
      signal: call?.abortSignal,
      context: call?.toolCallId ? { chatId, toolCallId: call.toolCallId } : { chatId },
    });
  });
  const tools = await client.tools();
  for (const tool of Object.values(tools)) {
    const execute = tool.execute;
    tool.execute = (input, options) =>
      currentToolCall.run({ toolCallId: options?.toolCallId, abortSignal: options?.abortSignal }, () => execute(input, options));
  }
  return { tools, close: () => client.close() };
}
