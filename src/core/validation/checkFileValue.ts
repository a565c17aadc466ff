import { acceptsFile } from "../request/fileAccept";
import { codePointLength } from "../request/limits";
import { dataUriByteLength, isUriBody, parseDataUri, type KnownDataUri } from "../values/dataUri";
import type { FileFieldDescriptor } from "../types";
import { checkStringFormat } from "./checkStringFormat";

/**
 * The first rule a file field's value breaks, as an engine-shaped failure, or undefined. A file's
 * data: URI is megabytes long: its length and URI syntax are decided here in linear time without
 * deep recursion (the engines' `format: "uri"` regular expression overflows the stack past about
 * 8.4 million characters and takes 10 ms a million), so the engine never sees those rules for
 * a file. The verdicts are the engines': a URI header they accept, a body of URI characters, and
 * lengths in code points. A `known` data: URI (one the form built from a file) is judged by what
 * was learnt as it was read, without reading its characters again: the same verdicts, in no time.
 * `body`: true, the body's URI syntax is checked here; false, the caller checks it itself; or its
 * verdict, `isUriBody`'s, found already by the caller in steps (the relay, createRelayContentCheck.ts).
 */
export function checkFileValue(
  field: FileFieldDescriptor,
  value: string,
  body: boolean | { isUri: boolean } = true,
  known?: KnownDataUri,
): { keyword: string; params: Record<string, unknown> } | undefined {
  const info = known?.info ?? parseDataUri(value);
  if (info === undefined) return { keyword: "format", params: { format: "data-uri" } };
  // With `body` false the caller checks the body's characters itself, in steps (createValuesCheck.ts).
  const header = known?.header ?? value.slice(0, info.bodyStart);
  const headerIsUri = () => known?.plainHeader === true || checkStringFormat("uri", `${header}x`);
  const bodyIsUri = () => (typeof body === "object" ? body.isUri : !body || isUriBody(value, info));
  if (field.format === "uri" && !(headerIsUri() && (known !== undefined || bodyIsUri()))) {
    return { keyword: "format", params: { format: "uri" } };
  }
  if (!acceptsFile(field.accept, info)) return { keyword: "fileType", params: { accept: (field.accept ?? []).join(", ") } };
  const limit = field.sizeLimit;
  if ((known?.byteLength ?? dataUriByteLength(value, info)) > limit) return { keyword: "fileSize", params: { limit } };
  // A known URI is ASCII: its code points are its length.
  const codePoints = (atLeast: number) => (known ? value.length : codePointLength(value, atLeast));
  if (field.minLength !== undefined && (value.length < field.minLength || codePoints(field.minLength) < field.minLength)) {
    return { keyword: "minLength", params: { limit: field.minLength } };
  }
  if (field.maxLength !== undefined && value.length > field.maxLength && codePoints(field.maxLength) > field.maxLength) {
    return { keyword: "maxLength", params: { limit: field.maxLength } };
  }
  return undefined;
}
