// A request's `context` (a chat id, a tool call id) travels from the host's server over the relay:
// it is taken only as a small map of strings, so nothing in it can be a trap for the code that reads it.

/** Bounds of one request's context: keys, characters of a key, characters of a value. */
export const REQUEST_CONTEXT_LIMITS = Object.freeze({ maxKeys: 16, maxKeyLength: 64, maxValueLength: 512 });

export type RequestContextReading = { ok: true; context: Readonly<Record<string, string>> | undefined } | { ok: false; problem: string };

/** `undefined`, or a plain object of strings within REQUEST_CONTEXT_LIMITS, copied into a frozen object with no prototype. */
export function readRequestContext(value: unknown): RequestContextReading {
  if (value === undefined) return { ok: true, context: undefined };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, problem: "context must be an object of strings" };
  const keys = Object.keys(value);
  const { maxKeys, maxKeyLength, maxValueLength } = REQUEST_CONTEXT_LIMITS;
  if (keys.length > maxKeys) return { ok: false, problem: `context has ${keys.length} keys, at most ${maxKeys} are taken` };
  const context: Record<string, string> = Object.create(null);
  for (const key of keys) {
    const entry: unknown = (value as Record<string, unknown>)[key];
    if (key.length > maxKeyLength) return { ok: false, problem: `a context key is longer than ${maxKeyLength} characters` };
    if (typeof entry !== "string") return { ok: false, problem: `context.${key} is not a string` };
    if (entry.length > maxValueLength) return { ok: false, problem: `context.${key} is longer than ${maxValueLength} characters` };
    context[key] = entry;
  }
  return { ok: true, context: Object.freeze(context) };
}
