import type { KnownDataUri, parseDataUri } from "../core/values/dataUri";
import { isBase64, plainDataUriHeader } from "../core/values/fileDataUri";

/** Bytes read per step: a multiple of 3, so each step's base64 joins the next without padding. */
const STEP = 3 * 64 * 1024;

/**
 * Reads a file as the data: URI a file input sends (draft SEP-2356):
 * `data:<type>;name=<percent-encoded name>;base64,<bytes>`. FileReader reads asynchronously, but
 * the browser turns what it read into text on the main thread when the read ends (about 200 ms for
 * 10 MB in Chromium), so the file is read in slices of 192 KB, each encoded and checked (base64) in
 * its own task. The pieces are joined by reference, never copied into one block: copying 14 million
 * characters took 60–310 ms in one task. What the checks need of the URI comes with it
 * (KnownDataUri), so that none of them reads it again. Rejects when the browser cannot read the
 * file, gives anything but base64, or `signal` aborts. `parse`: parseDataUri, as the form's checking
 * code has it (loadFormChecks.ts).
 */
export async function readFileAsDataUri(file: File, parse: typeof parseDataUri, signal?: AbortSignal): Promise<KnownDataUri> {
  const { header, plain } = plainDataUriHeader(file.type, file.name);
  const info = parse(header);
  if (info === undefined) throw new TypeError("The file's type cannot head a data: URI");
  let uri = header;
  const pieces: string[] = [];
  for (let from = 0; from < file.size; from += STEP) {
    const piece = await readSlice(file.slice(from, from + STEP), signal);
    const body = piece.slice(piece.indexOf(",") + 1);
    if (!isBase64(body)) throw new TypeError("The browser did not read the file as base64");
    pieces.push(body);
    uri += body;
  }
  return { uri, header, info, byteLength: file.size, plainHeader: plain, pieces };
}

function readSlice(blob: Blob, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The file was not read", "AbortError"));
    const reader = new FileReader();
    const abort = () => reader.abort();
    signal?.addEventListener("abort", abort, { once: true });
    reader.onload = () => {
      signal?.removeEventListener("abort", abort);
      resolve(String(reader.result));
    };
    reader.onerror = reader.onabort = () => {
      signal?.removeEventListener("abort", abort);
      reject(reader.error ?? new DOMException("The file was not read", "AbortError"));
    };
    reader.readAsDataURL(blob);
  });
}
