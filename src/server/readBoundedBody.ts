/**
 * The body of `request` as text, read until `maxBytes`: undefined when it is longer (reading stops
 * there, so a 20 MB body costs the server at most `maxBytes`).
 */
export async function readBoundedBody(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return undefined;
  if (request.body === null) return "";
  const reader = request.body.getReader();
  // Decoded as it arrives, chunk by chunk: a 10 MB file's answer is never copied and decoded whole
  // in one step of the event loop (that took 400–500 ms on a loaded machine). Malformed UTF-8
  // becomes U+FFFD, which JSON.parse then reads as text: the schema check judges it.
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
