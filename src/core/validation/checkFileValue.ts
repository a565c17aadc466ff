import { acceptsFile } from "../request/fileAccept";
import { codePointLength } from "../request/limits";
import { dataUriByteLength, isUriBody, parseDataUri } from "../values/dataUri";
import type { FileFieldDescriptor } from "../types";
import { checkStringFormat } from "./checkStringFormat";

/**
 * The first rule a file field's value breaks, as an engine-shaped failure, or undefined. A file's
 * data: URI is megabytes long: its length and URI syntax are decided here in linear time without
 * deep recursion (the engines' `format: "uri"` regular expression overflows the stack past about
 * 8.4 million characters and takes 10 ms a million), so the engine never sees those rules for
 * a file. The verdicts are the engines': a URI header they accept, a body of URI characters, and
 * lengths in code points.
 */
export function checkFileValue(field: FileFieldDescriptor, value: string, body = true): { keyword: string; params: Record<string, unknown> } | undefined {
  const info = parseDataUri(value);
  if (info === undefined) return { keyword: "format", params: { format: "data-uri" } };
  // With `body` false the caller checks the body's characters itself, in steps (createValuesCheck.ts).
  if (field.format === "uri" && !(checkStringFormat("uri", `${value.slice(0, info.bodyStart)}x`) && (!body || isUriBody(value, info)))) {
    return { keyword: "format", params: { format: "uri" } };
  }
  if (!acceptsFile(field.accept, info)) return { keyword: "fileType", params: { accept: (field.accept ?? []).join(", ") } };
  const limit = field.sizeLimit;
  if (dataUriByteLength(value, info) > limit) return { keyword: "fileSize", params: { limit } };
  if (field.minLength !== undefined && (value.length < field.minLength || codePointLength(value, field.minLength) < field.minLength)) {
    return { keyword: "minLength", params: { limit: field.minLength } };
  }
  if (field.maxLength !== undefined && value.length > field.maxLength && codePointLength(value, field.maxLength) > field.maxLength) {
    return { keyword: "maxLength", params: { limit: field.maxLength } };
  }
  return undefined;
}
