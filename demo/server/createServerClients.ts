// Server-client mode: the demo's Node side holds one SDK v1 MCP client per person, as a web chat
// host holds them on its server. Each client's elicitation requests go to that person's browser
// through the library's relay; tool calls run under relay.call, whose clock stops while the person
// answers. A person's calls are kept, so a reloaded page shows them (and their results) again.
import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ElicitationCompleteNotificationSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ElicitationRelay } from "../../src/server/index";
import { elicitationsThroughRelay } from "../../src/server/sdk/index";
import type { DemoToolCall } from "../shared/DemoToolCall";

/** Calls kept per person: enough for a demo thread, bounded for a demo left running. */
const KEPT_CALLS = 100;

interface Person {
  client: Client;
  tools: Tool[];
  calls: DemoToolCall[];
  settled: Map<string, Promise<void>>;
}

export interface ServerClientsOptions {
  relay: ElicitationRelay;
  /** The host's name for the server (never the server's own claim). */
  serverName: string;
  /** A new transport to the server, one per person. */
  connect: () => Transport;
  log: (line: string) => void;
}

export function createServerClients({ relay, serverName, connect, log }: ServerClientsOptions) {
  const people = new Map<string, Promise<Person>>();

  async function open(owner: string): Promise<Person> {
    const client = new Client({ name: "react-mcp-elicitation-demo-host", version: "1.0.0" }, { capabilities: { elicitation: { form: {}, url: {} } } });
    // Each elicitation/create goes to this person's browser (the relay's "requested" event logs it).
    await elicitationsThroughRelay(client, { relay, owner, serverName });
    // The end of a URL step is the server's word to this client: the relay passes it to this
    // person's windows, whose card or status line then says the step is done.
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, async (notification) => {
      const { elicitationId } = notification.params;
      const matched = await relay.completeElicitation(owner, serverName, elicitationId).catch(() => false);
      log(`${serverName} → notifications/elicitation/complete: ${elicitationId} — ${matched ? "relayed to the person's browser" : "matched nothing"}`);
    });
    // A client whose connection ended (a stdio command that exited) is opened again on next use.
    client.onclose = () => people.delete(owner);
    await client.connect(connect());
    const { tools } = await client.listTools();
    return { client, tools, calls: [], settled: new Map() };
  }

  function person(owner: string): Promise<Person> {
    let found = people.get(owner);
    if (!found) {
      found = open(owner);
      people.set(owner, found);
      found.catch(() => people.delete(owner));
    }
    return found;
  }

  function textOf(result: object): string {
    return (("content" in result ? result.content : []) as { type: string; text?: string }[]).map((part) => part.text ?? "").join("\n");
  }

  return {
    /** The server's tools and this person's calls so far (connecting their client on first use). */
    async tools(owner: string): Promise<{ tools: Tool[]; calls: DemoToolCall[] }> {
      const { tools, calls } = await person(owner);
      return { tools, calls: calls.map((call) => ({ ...call })) };
    },

    /** Calls a tool for this person; resolves with the finished call. */
    async call(owner: string, name: string, args: Record<string, unknown>): Promise<DemoToolCall> {
      const them = await person(owner);
      const call: DemoToolCall = { id: randomUUID(), tool: name, args, state: "running" };
      them.calls.push(call);
      if (them.calls.length > KEPT_CALLS) for (const old of them.calls.splice(0, them.calls.length - KEPT_CALLS)) them.settled.delete(old.id);
      // The page that asked may be reloaded meanwhile: the call goes on, and the new page waits for it.
      const settled = relay
        .call(owner, serverName, (options) => them.client.callTool({ name, arguments: args }, undefined, options))
        .then(textOf)
        .then(
          (text) => Object.assign(call, { state: "done", text }),
          (error: unknown) => Object.assign(call, { state: "error", text: error instanceof Error ? error.message : String(error) }),
        )
        .then(() => undefined);
      them.settled.set(call.id, settled);
      await settled;
      return { ...call };
    },

    /** This person's call with this id once it has finished; undefined when they have none such. */
    async finished(owner: string, id: string): Promise<DemoToolCall | undefined> {
      const them = await people.get(owner)?.catch(() => undefined);
      const call = them?.calls.find((each) => each.id === id);
      if (!call) return undefined;
      await them!.settled.get(id);
      return { ...call };
    },

    async close(): Promise<void> {
      const all = [...people.values()];
      people.clear();
      await Promise.all(all.map((opening) => opening.then((them) => them.client.close()).catch(() => undefined)));
    },
  };
}

export type ServerClients = ReturnType<typeof createServerClients>;
