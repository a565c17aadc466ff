// A request's `context` (a chat id, a tool call id) travels from the host's server over the relay:
// it is taken only as a small map of strings within the wire's bounds, so nothing in it can be a trap
// for the code that reads it. The server refuses the same context at `relay.request`.
import { RELAY_BOUNDS } from "./relayWire";

/** `bound`: the context is of the right shape but over one of the wire's bounds. */
export type RequestContextReading = { ok: true; context: Readonly<Record<string, string>> | undefined } | { ok: false; problem: string; bound: boolean };

/** `undefined`, or a plain object of strings within the wire's bounds, copied into a frozen object with no prototype. */
export function readRequestContext(value: unknown): RequestContextReading {
  if (value === undefined) return { ok: true, context: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, problem: "context must be an object of strings", bound: false };
  const keys = Object.keys(value);
  const { contextEntries, contextKeyLength, contextValueLength } = RELAY_BOUNDS;
  if (keys.length > contextEntries) return { ok: false, problem: `context has ${keys.length} entries, at most ${contextEntries} are taken`, bound: true };
  const context: Record<string, string> = Object.create(null);
  for (const key of keys) {
    const entry: unknown = (value as Record<string, unknown>)[key];
    if (key.length > contextKeyLength) return { ok: false, problem: `a context key is longer than ${contextKeyLength} characters`, bound: true };
    if (typeof entry !== "string") return { ok: false, problem: `context.${key} is not a string`, bound: false };
    if (entry.length > contextValueLength) return { ok: false, problem: `context.${key} is longer than ${contextValueLength} characters`, bound: true };
    context[key] = entry;
  }
  return { ok: true, context: Object.freeze(context) };
}
