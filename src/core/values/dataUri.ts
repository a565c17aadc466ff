// RFC 2397 data: URIs as file inputs carry them (draft SEP-2356):
// `data:<type>;name=<percent-encoded file name>;base64,<bytes>`. Only the header is parsed with a
// regular expression; the body, millions of characters long, is measured, never matched as a whole.

/** What a data: URI's header says, and where its body starts. */
export interface DataUriInfo {
  /** The media type, lower-cased, without parameters; "text/plain" when the URI names none (RFC 2397). */
  type: string;
  /** The `name=` parameter, percent-decoded. */
  name?: string;
  base64: boolean;
  /** Index of the first character after the comma. */
  bodyStart: number;
}

/**
 * A data: URI this page built from a file (readFileAsDataUri), and what its checks need to know of
 * it. The URI is millions of characters joined from the pieces read, which the engine keeps apart
 * until something reads its content: a slice, a regular expression or a comparison of equal lengths
 * would copy all of it into one block in a single task (60–240 ms for a 10 MB file on a loaded
 * machine). The header is kept apart and the body was checked piece by piece as it was read: base64,
 * so ASCII, URI characters only, no "#" and no "%".
 */
export interface KnownDataUri {
  uri: string;
  /** Everything up to and including the comma (`info.bodyStart` characters). */
  header: string;
  info: DataUriInfo;
  /** Bytes of the file. */
  byteLength: number;
  /** The header is URI syntax by construction (plainDataUriHeader), so `format: "uri"` needs no check of it. */
  plainHeader: boolean;
  /** The body as read, piece by piece (base64): what a sender writes out without reading `uri` whole. */
  pieces: readonly string[];
}

/** The data: URIs a form built from files, by field key (the last one built for each field). */
export type KnownDataUris = ReadonlyMap<string, KnownDataUri>;

/** The data: URI `files` holds for `key` when `value` is that very string (the same string: no character is read). */
export function knownDataUri(files: KnownDataUris | undefined, key: string, value: string): KnownDataUri | undefined {
  const known = files?.get(key);
  return known?.uri === value ? known : undefined;
}

/** Longest header looked at: a type, its parameters and a long percent-encoded file name. */
const MAX_HEADER = 4_096;
const HEADER = /^data:([^,;]*)((?:;[^,;]*)*),/i;

/** The header of a data: URI, or undefined when `value` is not one. */
export function parseDataUri(value: string): DataUriInfo | undefined {
  const match = HEADER.exec(value.slice(0, MAX_HEADER));
  if (match === null) return undefined;
  const params = (match[2] ?? "").split(";").slice(1);
  const base64 = params.length > 0 && params[params.length - 1]!.toLowerCase() === "base64";
  let name: string | undefined;
  for (const param of base64 ? params.slice(0, -1) : params) {
    const at = param.indexOf("=");
    if (at > 0 && param.slice(0, at).toLowerCase() === "name") {
      try {
        name = decodeURIComponent(param.slice(at + 1));
      } catch {
        name = param.slice(at + 1);
      }
    }
  }
  const type = (match[1] ?? "").trim().toLowerCase();
  return { type: type === "" ? "text/plain" : type, name, base64, bodyStart: match[0].length };
}

/** Bytes the body of a data: URI decodes to, counted without decoding. */
export function dataUriByteLength(value: string, info: DataUriInfo): number {
  const length = value.length - info.bodyStart;
  if (!info.base64) {
    // Percent-encoded: each %XX is one byte, every other character one byte (ASCII, as URIs are).
    let escapes = 0;
    for (let at = value.indexOf("%", info.bodyStart); at >= 0; at = value.indexOf("%", at + 1)) escapes++;
    return length - 2 * escapes;
  }
  const padding = value.endsWith("==") ? 2 : value.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

// Characters an absolute URI may hold after its scheme (RFC 3986: unreserved, sub-delims, ":", "@",
// "/", "?", "%" starting an escape, and one "#" before the fragment). Tested one character class at
// a time: a repeated alternation over millions of characters is what overflows a regular
// expression engine's stack.
const NOT_URI_CHARACTER = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%#]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

/**
 * Whether a data: URI's body is made of URI characters, in time linear in its length and without
 * deep recursion, so that `format: "uri"` can be decided for a file of megabytes. Synchronous:
 * about 10 ms a million characters; the forms use `isUriBodyInSteps`.
 */
export function isUriBody(value: string, info: DataUriInfo): boolean {
  return hasOneFragmentAtMost(value) && sliceIsUri(value, info.bodyStart, value.length);
}

/** Characters checked per step: a few milliseconds of work between two turns of the event loop. */
const STEP = 1_000_000;

/** The same verdict as `isUriBody`, a million characters per task, so the main thread stays free. */
export async function isUriBodyInSteps(value: string, info: DataUriInfo): Promise<boolean> {
  if (!hasOneFragmentAtMost(value)) return false;
  for (let from = info.bodyStart; from < value.length; from += STEP) {
    if (from > info.bodyStart) await new Promise((resolve) => setTimeout(resolve, 0));
    if (!sliceIsUri(value, from, Math.min(value.length, from + STEP))) return false;
  }
  return true;
}

// A second "#" anywhere, the header included, is not a URI.
function hasOneFragmentAtMost(value: string): boolean {
  const first = value.indexOf("#");
  return first < 0 || value.indexOf("#", first + 1) < 0;
}

// An escape may straddle the end of a slice: the two characters after it are read as its digits
// ("%" among them counts as no digit, and is judged with the next slice).
function sliceIsUri(value: string, from: number, to: number): boolean {
  const slice = value.slice(from, to);
  return !NOT_URI_CHARACTER.test(slice) && !BAD_ESCAPE.test(slice + value.slice(to, to + 2).replace(/%/g, "g"));
}
