import { installPatternEngine } from "./patternEngine";
import { parseRequest } from "./requestParser";
import { compileSafePattern } from "./safePattern";
import type { ParseElicitationOptions } from "./schemaParser";
import type { ParseElicitationRequestResult } from "./types";

/**
 * Checks the whole `params` of `elicitation/create`, form or URL mode, as received. Never throws;
 * the error names the offending path ("message", "mode", "url", "requestedSchema.properties.x", …).
 * Synchronous, with every check (it brings the pattern engine with it, like parseElicitationSchema).
 */
export function parseElicitationRequest(params: unknown, options: ParseElicitationOptions = {}): ParseElicitationRequestResult {
  return parseRequest(params, options ?? {}, installPatternEngine(compileSafePattern));
}
