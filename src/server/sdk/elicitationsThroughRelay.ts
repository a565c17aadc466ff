// The official MCP SDKs' clients (`@modelcontextprotocol/sdk` v1, `@modelcontextprotocol/client` v2)
// asking through the relay, in one call. Their own elicitation schemas drop keys they do not model
// (`pattern`), so the handler is registered with a schema that takes the params as sent: v2 takes any
// Standard Schema, v1 a zod object, made from the SDK's own schemas (loaded only for a v1 client).
import { paramsAsSent } from "../../core/request/paramsAsSent";
import type { ElicitResult } from "../../core/types";
import type { ElicitationRelay } from "../types";

export interface ElicitationsThroughRelayOptions {
  relay: ElicitationRelay;
  /** The person this client serves: their browser gets its questions. */
  owner: string;
  /** Who is asking, as the host knows the MCP server (shown on every card). */
  serverName: string;
  /** Sent with every question, e.g. `{ chatId }`. */
  context?: Record<string, string>;
  /** Overrides the relay's `timeoutMs` for these questions. */
  timeoutMs?: number;
}

/** What both SDKs' clients have in common here: one request handler per method. */
export interface SdkClientLike {
  setRequestHandler(...args: never[]): unknown;
}

type Ask = (params: unknown, signal: AbortSignal | undefined) => Promise<ElicitResult>;

// Keyed by the client: the one person and chat each client asks for.
const scopeOfClient = new WeakMap<object, string>();

async function register(client: SdkClientLike, ask: Ask): Promise<void> {
  const loose = client as unknown as { setRequestHandler: (...args: unknown[]) => void; getProtocolEra?: unknown };
  if (typeof loose.getProtocolEra === "function") {
    // SDK v2: the method by name, the params as sent, the request's signal in `ctx.mcpReq`.
    loose.setRequestHandler("elicitation/create", { params: paramsAsSent }, (params: unknown, ctx: { mcpReq?: { signal?: AbortSignal } }) =>
      ask(params, ctx?.mcpReq?.signal),
    );
    return;
  }
  // SDK v1: its own request schema with loose params (every key kept as sent).
  const { ElicitRequestSchema, RequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
  const asSent = ElicitRequestSchema.extend({ params: RequestSchema.shape.params.unwrap() });
  loose.setRequestHandler(asSent, (request: { params: unknown }, extra: { signal?: AbortSignal }) => ask(request.params, extra?.signal));
}

/**
 * Hands every `elicitation/create` of `client` (SDK v1 `Client` or v2 `Client`) to `relay` for `owner`,
 * with the request's signal (a withdrawal closes the card) and no schema in the host's code. A client
 * serves one person and chat: wiring it again for another is refused (a TypeError), never mixed.
 */
export async function elicitationsThroughRelay(client: SdkClientLike, options: ElicitationsThroughRelayOptions): Promise<void> {
  const { relay, owner, serverName, context, timeoutMs } = options ?? ({} as ElicitationsThroughRelayOptions);
  if (typeof (client as { setRequestHandler?: unknown } | undefined)?.setRequestHandler !== "function") {
    throw new TypeError("elicitationsThroughRelay: client must be a Client of @modelcontextprotocol/sdk (v1) or @modelcontextprotocol/client (v2).");
  }
  if (typeof relay?.request !== "function") throw new TypeError("elicitationsThroughRelay: relay must be a relay from createElicitationRelay.");
  if (typeof owner !== "string" || owner === "") throw new TypeError("elicitationsThroughRelay: owner must be the person's id (a non-empty string).");
  if (typeof serverName !== "string") throw new TypeError("elicitationsThroughRelay: serverName must be a string.");
  const scope = JSON.stringify([owner, context ?? null]);
  const earlier = scopeOfClient.get(client);
  if (earlier !== undefined && earlier !== scope) {
    throw new TypeError(
      "elicitationsThroughRelay: this client already asks for another person or chat; its questions cannot tell whose they are. Give each person (and chat) a client of their own, or use toolsWithElicitationRelay with @ai-sdk/mcp.",
    );
  }
  const kept = context === undefined ? undefined : { ...context };
  await register(client, (params, signal) =>
    relay.request({
      owner,
      serverName,
      params,
      ...(signal === undefined ? {} : { signal }),
      ...(kept === undefined ? {} : { context: kept }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    }),
  );
  scopeOfClient.set(client, scope);
}
