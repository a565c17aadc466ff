import { installPatternEngine } from "./patternEngine";
import { compileSafePattern } from "./safePattern";
import { parseSchema, type ParseElicitationOptions } from "./schemaParser";
import type { ParseElicitationSchemaResult } from "./types";

export type { ParseElicitationOptions };

/**
 * Checks a server's `requestedSchema` and turns it into typed field descriptors plus a clean JSON
 * Schema for validation. Never throws: any input (null, arrays, proxies, throwing getters) yields
 * either `{ ok: true, schema }` or `{ ok: false, error }` naming the offending path. Schemas over
 * the size limits are refused the same way, before any costly work.
 *
 * Synchronous, with every check: it brings the pattern engine with it (a static import). The
 * dialog and forms use the same parser but load that engine only for schemas with a `pattern`.
 */
export function parseElicitationSchema(schema: unknown, options: ParseElicitationOptions = {}): ParseElicitationSchemaResult {
  return parseSchema(schema, options ?? {}, installPatternEngine(compileSafePattern));
}
