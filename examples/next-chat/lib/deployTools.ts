// The chat's tools: those of the deploy MCP server, through @ai-sdk/mcp. When the server asks the person
// something (elicitation/create), the question goes through the relay to their browser, labelled with
// the chat and the tool call that caused it (`toolCallId`, added by toolsWithElicitationRelay), so the
// page draws it right under that call.
import { createMCPClient } from "@ai-sdk/mcp";
import { toolsWithElicitationRelay } from "react-mcp-elicitation/server/ai-sdk";
import { relay } from "./relay";

export async function connectDeployTools({ owner, chatId }: { owner: string; chatId: string }) {
  const client = await createMCPClient({
    transport: { type: "http", url: process.env.DEPLOY_MCP_URL ?? "" },
    capabilities: { elicitation: {} },
  });
  const tools = await toolsWithElicitationRelay(client, { relay, owner, serverName: "Deploy server", context: { chatId } });
  return { tools, close: () => client.close() };
}
