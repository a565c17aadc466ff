/**
 * The body of `request` as text, read until `maxBytes`: undefined when it is longer (reading stops
 * there, so a 20 MB body costs the server at most `maxBytes`).
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  // Malformed UTF-8 becomes U+FFFD, which JSON.parse then reads as text: the schema check judges it.
  return new TextDecoder().decode(bytes);
}
