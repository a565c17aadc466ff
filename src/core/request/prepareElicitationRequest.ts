import type { ElicitationSchemaError } from "./ElicitationSchemaError";
import { parseElicitationRequest } from "./parseElicitationRequest";
import type { ParseElicitationOptions } from "./parseElicitationSchema";
import type { ElicitResult, ParsedElicitationRequest } from "../types";
import type { SensitiveFieldPolicy } from "../types";

export interface PrepareElicitationOptions extends ParseElicitationOptions {
  /**
   * A form field that looks like a password, key, token, secret, card number, card code or
   * national ID: "warn" (default) draws a warning under it; "decline" answers `decline` for the person.
   */
  sensitiveFields?: SensitiveFieldPolicy;
}

export type PreparedElicitationRequest =
  | {
      ok: true;
      request: ParsedElicitationRequest;
      /** Set when the host's policy answers for the person (a sensitive field under "decline"): nothing is shown. */
      answer?: ElicitResult;
    }
  | { ok: false; error: ElicitationSchemaError };

/**
 * The one preparation step for an `elicitation/create` request: checks `params` (structure, size
 * limits, pattern syntax, sensitive fields) and applies the sensitive-field policy. Synchronous,
 * never throws, and needs no engine chunk, so whatever draws the request can draw it at once.
 * The queue prepares each request once and hands the result down; only a dialog given raw params
 * by a host without a queue prepares them itself.
 */
export function prepareElicitationRequest(params: unknown, options: PrepareElicitationOptions = {}): PreparedElicitationRequest {
  const parsed = parseElicitationRequest(params, { limits: options.limits, fileInputs: options.fileInputs });
  if (!parsed.ok) return parsed;
  const { request } = parsed;
  const declines = options.sensitiveFields === "decline" && request.mode === "form" && request.schema.fields.some((field) => field.sensitive !== undefined);
  return declines ? { ok: true, request, answer: { action: "decline" } } : { ok: true, request };
}
