// The person and chat a host names to relay.withdraw, relay.stop and relay.stopSignal: read and
// checked once, with the one rule of what it covers (a context holding every entry given).
import { readRequestContext } from "../../core/relay/readRequestContext";

export interface ChatScope {
  owner: string;
  /** The entries a context must hold, at least one. */
  context: Readonly<Record<string, string>>;
}

/** `{ owner, context }` as given to `name`, or a TypeError naming what is wrong. */
export function readChatScope(name: string, value: unknown): ChatScope {
  const { owner, context } = (value ?? {}) as { owner?: unknown; context?: unknown };
  if (typeof owner !== "string" || owner === "") throw new TypeError(`${name}: owner must be the person's id (a non-empty string).`);
  const reading = readRequestContext(context);
  if (!reading.ok || reading.context === undefined || Object.keys(reading.context).length === 0) {
    throw new TypeError(`${name}: ${reading.ok ? "context must name at least one entry (a chatId, a toolCallId)" : reading.problem}.`);
  }
  return { owner, context: reading.context };
}

/** Whether `context` (a request's, a run's) holds every entry of `scope`'s. */
export function coversContext(scope: Readonly<Record<string, string>>, context: Readonly<Record<string, string>> | undefined): boolean {
  for (const key of Object.keys(scope)) if (context?.[key] !== scope[key]) return false;
  return true;
}
