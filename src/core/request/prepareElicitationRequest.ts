import type { ElicitationSchemaError } from "./ElicitationSchemaError";
import { parseElicitationRequest } from "./parseElicitationRequest";
import type { ParseElicitationOptions } from "./parseElicitationSchema";
import type { ElicitResult, ParsedElicitationRequest } from "../types";

export interface PrepareElicitationOptions extends ParseElicitationOptions {
  /**
   * A form field that looks like a password, key, token, secret, card number, card code or
   * national ID: "warn" (default) draws a warning under it; "decline" answers `decline` for the person.
   */
  sensitiveFields?: "warn" | "decline";
}

export type PreparedElicitationRequest =
  | {
      ok: true;
      request: ParsedElicitationRequest;
      /** Set when the host's policy answers for the person (a sensitive field under "decline"): nothing is shown. */
      answer?: ElicitResult;
    }
  | { ok: false; error: ElicitationSchemaError };

// One result per params object and options: the queue admits a request with it and the outlet, the
// dialog and the form draw from the same result, so nothing is parsed twice and no policy is
// applied twice. Weakly held: a request's result goes with its params.
const prepared = new WeakMap<object, Map<string, PreparedElicitationRequest>>();

/**
 * The one preparation step for an `elicitation/create` request: checks `params` (structure, size
 * limits, pattern syntax, sensitive fields) and applies the sensitive-field policy. Synchronous,
 * never throws, and needs no engine chunk, so whatever draws the request can draw it at once.
 */
export function prepareElicitationRequest(params: unknown, options: PrepareElicitationOptions = {}): PreparedElicitationRequest {
  const policy = options?.sensitiveFields ?? "warn";
  if (typeof params !== "object" || params === null) return prepare(params, options, policy);
  const key = `${policy}:${options?.fileInputs === true ? "files:" : ""}${JSON.stringify(options?.limits ?? null)}`;
  let byOptions = prepared.get(params);
  if (byOptions === undefined) prepared.set(params, (byOptions = new Map()));
  let result = byOptions.get(key);
  if (result === undefined) byOptions.set(key, (result = prepare(params, options, policy)));
  return result;
}

function prepare(params: unknown, options: ParseElicitationOptions, policy: "warn" | "decline"): PreparedElicitationRequest {
  const parsed = parseElicitationRequest(params, { limits: options?.limits, fileInputs: options?.fileInputs });
  if (!parsed.ok) return parsed;
  const { request } = parsed;
  const declines = policy === "decline" && request.mode === "form" && request.schema.fields.some((field) => field.sensitive !== undefined);
  return declines ? { ok: true, request, answer: { action: "decline" } } : { ok: true, request };
}
