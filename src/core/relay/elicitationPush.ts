// What a push carries from the server to the person's service worker: one home for both sides.

/** Marks a push as a question's notice, so a host's worker can tell it from its own pushes. */
export const ELICITATION_PUSH_KIND = "mcp-elicitation";

/** A notice as pushed: who asks and what, and where pressing it leads. Never a field or an answer. */
export interface ElicitationPushPayload {
  kind: typeof ELICITATION_PUSH_KIND;
  id: string;
  serverName: string;
  message: string;
  /** The host's page of that question. */
  url: string;
}

/** The payload of a push if it is a question's notice, else undefined. */
export function readElicitationPush(value: unknown): ElicitationPushPayload | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, id, serverName, message, url } = value as Record<string, unknown>;
  if (kind !== ELICITATION_PUSH_KIND) return undefined;
  if (typeof id !== "string" || typeof serverName !== "string" || typeof message !== "string" || typeof url !== "string") return undefined;
  return { kind, id, serverName: serverName.slice(0, 200), message: message.slice(0, 280), url };
}
