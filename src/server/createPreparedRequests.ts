import { prepareElicitationRequest, type PrepareElicitationOptions, type PreparedElicitationRequest } from "../core/request/prepareElicitationRequest";

/** Distinct params kept prepared; a tool asks the same form again and again. */
const KEPT = 64;
/** Params whose text is longer are prepared each time, not kept. */
const LONGEST_KEPT = 256 * 1024;

/**
 * `prepareElicitationRequest` with the last distinct params kept prepared, keyed by their JSON
 * text: equal text prepares to an equal result. The same parsed schema then finds its compiled
 * validator in the cache when an answer is checked, and an open request need not hold its own.
 */
/** The relay's preparation of a request's params: made once per distinct params text, kept a while. */
export interface PreparedRequests {
  (params: unknown): PreparedElicitationRequest;
  /** The JSON text of `params` when they are the very object prepared last (the request's event reuses it), else undefined. */
  textOf(params: unknown): string | undefined;
}

export function createPreparedRequests(options: PrepareElicitationOptions): PreparedRequests {
  const kept = new Map<string, PreparedElicitationRequest>();
  let last: { params: unknown; text: string | undefined } = { params: undefined, text: undefined };
  const prepare = (params: unknown): PreparedElicitationRequest => {
    let key: string | undefined;
    try {
      key = JSON.stringify(params);
    } catch {
      key = undefined; // Not JSON (a cycle, a BigInt): prepared, and refused, without being kept.
    }
    last = { params, text: key };
    if (key === undefined || key.length > LONGEST_KEPT) return prepareElicitationRequest(params, options);
    const found = kept.get(key);
    if (found !== undefined) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const prepared = prepareElicitationRequest(params, options);
    kept.set(key, prepared);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return prepared;
  };
  return Object.assign(prepare, { textOf: (params: unknown) => (params === last.params ? last.text : undefined) });
}
