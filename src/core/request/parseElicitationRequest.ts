import { ElicitationSchemaError } from "./ElicitationSchemaError";
import { codePointLength, resolveElicitationLimits } from "./limits";
import { quoteExcerpt } from "../shared/excerpt";
import { isRecord, ownProperty } from "../shared/ownProperty";
import { checkFileInputs } from "./fileInputsOptIn";
import { parseElicitationSchema, type ParseElicitationOptions } from "./parseElicitationSchema";
import type { ParsedElicitationRequest } from "../types";

export type ParseElicitationRequestResult =
  | { ok: true; request: ParsedElicitationRequest }
  | { ok: false; error: ElicitationSchemaError };

/**
 * Checks the whole `params` of `elicitation/create`, form or URL mode, as received. Never throws;
 * the error names the offending path ("message", "mode", "url", "requestedSchema.properties.x", …).
 * Synchronous and engine-free, like parseElicitationSchema.
 */
export function parseElicitationRequest(params: unknown, options: ParseElicitationOptions = {}): ParseElicitationRequestResult {
  // A wrong `fileInputs` is a mistake in the host's code, not in the request: it throws, not refuses.
  checkFileInputs(options?.fileInputs);
  try {
    return parse(params, options ?? {});
  } catch {
    // Only hostile objects (throwing getters, revoked proxies) get here.
    return { ok: false, error: new ElicitationSchemaError("params", "could not be read") };
  }
}

const MAX_URL_LENGTH = 8_192;

function failure(path: string, reason: string): ParseElicitationRequestResult {
  return { ok: false, error: new ElicitationSchemaError(path, reason) };
}

function parse(params: unknown, options: ParseElicitationOptions): ParseElicitationRequestResult {
  if (!isRecord(params)) return failure("params", "must be an object");
  const message = ownProperty(params, "message");
  if (typeof message !== "string") return failure("message", message === undefined ? "is required" : "must be a string");
  const { maxMessageLength } = resolveElicitationLimits(options.limits);
  if (message.length > maxMessageLength && codePointLength(message, maxMessageLength) > maxMessageLength) {
    return failure("message", `is longer than ${maxMessageLength} characters`);
  }
  const mode = ownProperty(params, "mode");

  if (mode === undefined || mode === "form") {
    const result = parseElicitationSchema(ownProperty(params, "requestedSchema"), options);
    if (!result.ok) return result;
    return { ok: true, request: { mode: "form", message, schema: result.schema } };
  }

  if (mode === "url") {
    const url = ownProperty(params, "url");
    if (typeof url !== "string") return failure("url", url === undefined ? "is required" : "must be a string");
    // A URL longer than browsers handle well could only hide its real destination.
    if (url.length > MAX_URL_LENGTH) return failure("url", `is longer than ${MAX_URL_LENGTH} characters`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return failure("url", "must be an absolute URL");
    }
    // Only web pages: javascript:, data:, file: and custom schemes could run code or leave the browser.
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
      return failure("url", `must use https: or http:, not ${parsed.protocol}`);
    }
    // "user@host" URLs are valid; the dialog warns about them (see urlInspection), so they pass here.
    const elicitationId = ownProperty(params, "elicitationId");
    if (elicitationId !== undefined && typeof elicitationId !== "string") {
      return failure("elicitationId", "must be a string");
    }
    return {
      ok: true,
      request: elicitationId === undefined ? { mode: "url", message, url } : { mode: "url", message, url, elicitationId },
    };
  }

  return failure("mode", `must be "form" or "url", not ${typeof mode === "string" ? quoteExcerpt(mode) : typeof mode}`);
}
