// The chat's tool call: an MCP client (SDK v1) for this person and chat, whose every elicitation/create
// goes through the relay to the person's browser; the call's time stops while they are being asked.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { elicitationsThroughRelay } from "react-mcp-elicitation/server/sdk";
import { startDeployServer } from "./deployServer";
import { relay } from "./elicitation";

const serverName = "Deploy server";

// The MCP server: DEPLOY_MCP_URL, else one started in this process on first use.
let deployServer: ReturnType<typeof startDeployServer> | undefined;
const deployUrl = async () => process.env.DEPLOY_MCP_URL ?? (await (deployServer ??= startDeployServer())).url;
// The calls under way: at shutdown the relay has answered their questions `cancel`, and the deploy
// server stops once it has returned those answers' results.
const calls = new Set<Promise<unknown>>();
process.on("sveltekit:shutdown", () => void Promise.allSettled(calls).then(() => deployServer?.then((server) => server.close())));

/** Calls the deploy tool for `service` as `owner`, in chat `chatId`; resolves with the tool's text. */
export async function deploy(service: string, { owner, chatId }: { owner: string; chatId: string }): Promise<string> {
  // A client per call: it asks for this one person and chat only.
  const client = new Client({ name: "sveltekit-element-example", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  await elicitationsThroughRelay(client, { relay, owner, serverName, context: { chatId } });
  await client.connect(new StreamableHTTPClientTransport(new URL(await deployUrl())));
  const call = relay.call(owner, serverName, (options) => client.callTool({ name: "deploy", arguments: { service } }, undefined, options));
  calls.add(call);
  try {
    const [first] = (await call).content as { type: string; text?: string }[];
    return first?.text ?? "The deploy tool answered nothing.";
  } finally {
    calls.delete(call);
    await client.close();
  }
}
