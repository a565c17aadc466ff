import type { KnownDataUri } from "./dataUri";

// The files a form read, filed under the content object its check built and Submit sent: whoever
// carries that very content on (the relay's POST) can write each data: URI out piece by piece
// instead of reading millions of characters in one go. Held weakly: gone with the content.
const read = new WeakMap<object, ReadonlyMap<string, KnownDataUri>>();

/** Files `content` holds (by key) that a form read, as the check that built it found them. */
export function recordReadFiles(content: object, files: ReadonlyMap<string, KnownDataUri>): void {
  if (files.size > 0) read.set(content, files);
}

/** The files a form read that `content` still holds, by key: each one's `uri` is the value there. */
export function readFilesOf(content: unknown): Array<[key: string, file: KnownDataUri]> {
  const files = typeof content === "object" && content !== null ? read.get(content) : undefined;
  if (files === undefined) return [];
  return [...files].filter(([key, file]) => Object.prototype.hasOwnProperty.call(content, key) && (content as Record<string, unknown>)[key] === file.uri);
}
