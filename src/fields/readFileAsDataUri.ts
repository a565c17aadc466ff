/**
 * Reads a file as the data: URI a file input sends (draft SEP-2356):
 * `data:<type>;name=<percent-encoded name>;base64,<bytes>`. The browser encodes off the main thread
 * (FileReader is asynchronous); adding the name joins strings without copying the bytes.
 * Rejects when the browser cannot read the file or `signal` aborts.
 */
export function readFileAsDataUri(file: File, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    const abort = () => reader.abort();
    signal?.addEventListener("abort", abort, { once: true });
    reader.onload = () => {
      signal?.removeEventListener("abort", abort);
      resolve(withName(String(reader.result), file));
    };
    reader.onerror = reader.onabort = () => {
      signal?.removeEventListener("abort", abort);
      reject(reader.error ?? new DOMException("The file was not read", "AbortError"));
    };
    reader.readAsDataURL(file);
  });
}

function withName(result: string, file: File): string {
  const name = `;name=${encodeURIComponent(file.name)}`;
  const comma = result.indexOf(",");
  // An empty file comes back as "data:" alone.
  if (comma < 0) return `data:${file.type || "application/octet-stream"}${name};base64,`;
  const header = result.slice(0, comma);
  return header.endsWith(";base64")
    ? `${header.slice(0, -";base64".length)}${name};base64${result.slice(comma)}`
    : `${header}${name}${result.slice(comma)}`;
}
