import type { ParsedElicitationSchema } from "../types";

// Parsed schemas are recognised by membership, never by shape: a server can send any shape as its
// `requestedSchema` (`fields`, `jsonSchema`, `cacheKey`, no `type`), but only parseElicitationSchema
// adds to this map. Each entry also holds the schema's cache key as the parser minted it, so a
// `cacheKey` written into the object later (by anyone) never picks a compiled validator. Weakly
// held: an entry goes with its schema.
const minted = new WeakMap<object, string>();

/** Marks `schema` as the parser's own result, with the cache key the parser computed for it. */
export function registerParsedSchema(schema: ParsedElicitationSchema, key: string): ParsedElicitationSchema {
  minted.set(schema, key);
  return schema;
}

/** Whether `schema` came out of parseElicitationSchema (whatever else has the same shape). */
export function isParsedSchema(schema: unknown): schema is ParsedElicitationSchema {
  return typeof schema === "object" && schema !== null && minted.has(schema);
}

/** The key the parser minted for `schema`: what the validator cache files its validators under. */
export function parsedSchemaKey(schema: ParsedElicitationSchema): string {
  const key = minted.get(schema);
  if (key === undefined) throw new TypeError("Not a schema returned by parseElicitationSchema");
  return key;
}
