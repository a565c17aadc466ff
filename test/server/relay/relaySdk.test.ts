// @vitest-environment node
// End to end with the real MCP SDK (v1) on the host's side: an MCP server whose tool elicits, served
// over Streamable HTTP; the host's SDK client forwarding elicitation/create to relay.request; a Node
// fetch "browser" reading the relay's stream and posting the answer; the tool returning what was answered.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { createElicitationRelay } from "../../../src/server/createElicitationRelay";
import type { ElicitationRelay } from "../../../src/server/types";
import { startDeployServer } from "../helpers/deployServer";
import { identifyByHeader, isRequest, openStream, postAnswer, requestId, serve, type EventReader } from "../helpers/relayHarness";

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** The host: its SDK client connected to the MCP server, elicitation forwarded to the relay for `owner`. */
async function startHost(mcpUrl: string, owner: string) {
  const relay: ElicitationRelay = createElicitationRelay({ identify: identifyByHeader });
  const client = new Client({ name: "host", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request, extra) =>
    relay.request({ owner, serverName: "Deployer", params: request.params, signal: extra.signal, context: { toolCallId: "call-1" } }),
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const app = await serve(relay.handle);
  cleanup.push(() => app.close(), () => relay.close(), () => client.close());
  return { relay, client, url: app.url };
}

describe("an MCP server's elicitation reaches the person's browser through the relay, and the answer reaches the tool", () => {
  it("returns to the tool exactly what the person answered", async () => {
    const { relay, client, url } = await startHost(await startDeployServer(cleanup), "alice");
    const browser: EventReader = await openStream(url, "alice");
    cleanup.push(() => browser.close());
    const called = relay.call("alice", "Deployer", (options) => client.callTool({ name: "deploy", arguments: {} }, undefined, options));
    const shown = await browser.next(isRequest, 10_000);
    expect(shown.data).toMatchObject({ serverName: "Deployer", params: { message: "Deploy where?" }, context: { toolCallId: "call-1" } });
    // A first answer the schema refuses never reaches the MCP server.
    const refused = await postAnswer(url, "alice", { id: requestId(shown), result: { action: "accept", content: { environment: "moon" } } });
    expect(refused.status).toBe(400);
    const taken = await postAnswer(url, "alice", { id: requestId(shown), result: { action: "accept", content: { environment: "staging", replicas: 2 } } });
    expect(taken.status).toBe(200);
    const result = await called;
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual({ action: "accept", content: { environment: "staging", replicas: 2 } });
  });

  it("closes the card when the MCP server gives up waiting (withdrawn), and a late answer gets 409", async () => {
    const { client, url } = await startHost(await startDeployServer(cleanup, 300), "alice");
    const browser = await openStream(url, "alice");
    cleanup.push(() => browser.close());
    const called = client.callTool({ name: "deploy", arguments: {} });
    const id = requestId(await browser.next(isRequest, 10_000));
    expect((await browser.next((e) => e.event === "closed", 10_000)).data).toEqual({ id, reason: "withdrawn" });
    expect((await postAnswer(url, "alice", { id, result: { action: "decline" } })).body).toEqual({ error: "already-closed", reason: "withdrawn" });
    const result = await called;
    expect(result.isError).toBe(true);
  });
});
