// A host's module that uses the package by its name, as it resolves from the built dist/.
// Type-checked under moduleResolution bundler, node16 and nodenext (npm run check:types).
import { createElement } from "react";
import {
  createElicitationAnswerStore,
  createElicitationQueue,
  ElicitationDialog,
  ElicitationDialogBody,
  ElicitationDialogHeader,
  ElicitationDialogParts,
  ElicitationDialogRoot,
  ElicitationOutlet,
  useElicitationAnswer,
  type ElicitParams,
  type ElicitResult,
} from "react-mcp-elicitation";
import { fileInputs, validateElicitationContent } from "react-mcp-elicitation/core";
import {
  connectElicitationRelay,
  createElicitationQueue as createClientQueue,
  ElicitationAnswerRefused,
  type ElicitationQueueEntry,
  type ElicitationRelayConnectionOptions,
} from "react-mcp-elicitation/client";
import { frMessages, resolveLocale, type MessageLocale } from "react-mcp-elicitation/locales";
import "react-mcp-elicitation/styles.css";
import {
  createElicitationRelay,
  RELAY_EVENT,
  type ElicitationRelayEvent,
  type RelayPostReply,
  type RelayRequestEventData,
} from "react-mcp-elicitation/server";
import { createRedisRelayStore } from "react-mcp-elicitation/server/redis";
import { createPostgresRelayStore, type PostgresRelayStore } from "react-mcp-elicitation/server/postgres";
import { Pool } from "pg";
import { toolsWithElicitationRelay } from "react-mcp-elicitation/server/ai-sdk";
import type { MCPClient } from "@ai-sdk/mcp";
import { createElicitationQueue as createQueueForElement, type ElicitationOutletElement } from "react-mcp-elicitation/element";
import { registerRelayStoreConformance, relayStoreConformance, type RelayStoreConformanceCase } from "react-mcp-elicitation/server/testing";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Client as ClientV2 } from "@modelcontextprotocol/client";
import { elicitationsThroughQueue as throughQueueV1 } from "react-mcp-elicitation/client/sdk/v1";
import { elicitationsThroughQueue as throughQueueV2, type ElicitationsThroughQueueOptions } from "react-mcp-elicitation/client/sdk/v2";

const params: ElicitParams = {
  message: "Your GitHub username?",
  requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
};
const answered: ElicitResult[] = [];

export const dialog = createElement(ElicitationDialog, {
  serverName: "GitHub",
  request: params,
  onResponse: (result) => answered.push(result),
});

// The props are typed, not `any`: a wrong one is an error.
// @ts-expect-error serverName is a string
export const wrong = createElement(ElicitationDialog, { serverName: 42, request: params, onResponse: () => {} });

const queue = createElicitationQueue();
export const outlet = createElement(ElicitationOutlet, { queue });
export const inline = createElement(ElicitationOutlet, { queue, presentation: "inline", answers: createElicitationAnswerStore() });

// A host's own card from the parts.
export function HostCard() {
  const answer = ElicitationDialogParts.useAnswer({ serverName: "GitHub", request: params, onResponse: (result) => answered.push(result) });
  return createElement(
    ElicitationDialogParts.Root,
    { answer, presentation: "inline" },
    createElement(ElicitationDialogParts.Header, {}),
    createElement(ElicitationDialogParts.Message),
    createElement(ElicitationDialogParts.Body, {}),
  );
}
// The same parts by name, one question at a time.
export function NamedPartsCard() {
  const answer = useElicitationAnswer({ serverName: "GitHub", request: params, onResponse: (result) => answered.push(result) });
  return createElement(ElicitationDialogRoot, { answer, layout: "steps" }, createElement(ElicitationDialogHeader, {}), createElement(ElicitationDialogBody, {}));
}
export const pending: Promise<ElicitResult> = queue.request({ serverName: "GitHub", params });

const check = validateElicitationContent(params.requestedSchema, { name: "octocat" });
export const content = check.valid ? check.content : undefined;

// Languages: chosen by `locale`, or passed whole from "/locales"; file inputs by opt-in.
const language: MessageLocale = resolveLocale("fr-CA");
export const french = createElement(ElicitationDialog, {
  serverName: "GitHub",
  request: params,
  onResponse: () => {},
  locale: language,
  messages: frMessages,
  fileInputs,
});

// A host drawing its own cards (no React): the queue, the relay's connection, a refusal for the fields.
const clientQueue = createClientQueue();
const connectionOptions: ElicitationRelayConnectionOptions = { url: "/api/elicitation", queue: clientQueue, filter: (request) => request.context?.chatId === "c1" };
export const connection = connectElicitationRelay(connectionOptions);
export const firstEntry: ElicitationQueueEntry | undefined = clientQueue.getSnapshot().current;
export const deliver = (): Promise<void> => Promise.reject(new ElicitationAnswerRefused([{ field: "name", message: "Taken" }]));
// @ts-expect-error the connection needs a queue
export const queueless = connectElicitationRelay({ url: "/api/elicitation" });

// The relay on a host's server: one route for GET and POST, requests carried per person.
const relay = createElicitationRelay({
  identify: (request: Request) => request.headers.get("x-user"),
  store: createRedisRelayStore({ url: "redis://127.0.0.1:6379" }),
  onEvent: (event: ElicitationRelayEvent) => void event.type,
});
export const GET: (request: Request) => Promise<Response> = relay.handle;
// A Next.js route handler gets a second argument of its own: the relay takes (and ignores) it.
export const POST: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> = relay.handle;
export const relayed: Promise<ElicitResult> = relay.request({ owner: "alice", serverName: "GitHub", params, context: { chatId: "c1" } });
// @ts-expect-error owner is required
export const ownerless = relay.request({ serverName: "GitHub", params });
export const requestEvent: string = RELAY_EVENT.request;
export const shownId = (data: RelayRequestEventData): string => data.id;
export const taken = (reply: RelayPostReply): boolean => "ok" in reply;

// The AI SDK's MCP client asking through the relay: its tools, typed as `client.tools()` types them.
export async function chatTools(client: MCPClient) {
  const tools = await toolsWithElicitationRelay(client, { relay, owner: "alice", serverName: "Deploy", context: { chatId: "c1" } });
  // No `!`: every tool has its execute.
  const execute: (input: unknown) => unknown = tools.deploy.execute;
  return { tools, execute };
}
// The host's own login passes the person; withdraw closes a chat's questions.
export const handled: Promise<Response> = relay.handle(new Request("http://localhost/api"), { owner: "alice" });
export const withdrawn: Promise<number> = relay.withdraw({ owner: "alice", context: { chatId: "c1" } });

// The element, typed by its tag name once the entry is imported.
const outletElement: ElicitationOutletElement | null = document.querySelector("mcp-elicitation-outlet");
if (outletElement) {
  outletElement.queue = createQueueForElement();
  outletElement.addEventListener("mcp-elicitation-error", (event) => console.warn(event.detail.message));
}
// Postgres instead of Redis: from a connection string, or the host's own pool (pg's Pool).
export const postgresStore: PostgresRelayStore = createPostgresRelayStore({ connectionString: "postgres://app@127.0.0.1/app", prefix: "chat_relay" });
export const pooledStore: PostgresRelayStore = createPostgresRelayStore({ pool: new Pool({ max: 5 }) });
// @ts-expect-error a connection string or a pool, not both
createPostgresRelayStore({ connectionString: "postgres://app@127.0.0.1/app", pool: new Pool() });
// A store's author runs the conformance suite with their own runner's `it`, or case by case.
declare const it: (name: string, fn: () => Promise<void>) => void;
registerRelayStoreConformance(it, () => [createRedisRelayStore({ url: "redis://127.0.0.1:6379", prefix: "conformance" })]);
export const caseNames: string[] = relayStoreConformance.map((entry: RelayStoreConformanceCase) => entry.name);
// @ts-expect-error makeStores gives stores, not one store
registerRelayStoreConformance(it, () => createRedisRelayStore({ url: "redis://127.0.0.1:6379" }));

// A page's MCP client on either SDK major: one call each, from that major's entry.
declare const clientV1: ClientV1;
declare const clientV2: ClientV2;
const pageWiring: ElicitationsThroughQueueOptions = { queue: createClientQueue(), serverName: "GitHub" };
throughQueueV1(clientV1, pageWiring);
throughQueueV2(clientV2, pageWiring);
// @ts-expect-error an SDK v2 Client is not the v1 entry's
throughQueueV1(clientV2, pageWiring);
// @ts-expect-error the host names the server
throughQueueV2(clientV2, { queue: pageWiring.queue });
