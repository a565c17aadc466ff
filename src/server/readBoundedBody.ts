import { nextTurn } from "../core/shared/nextTurn";

/**
 * The body of `request` as text, read until `maxBytes` and within `deadlineMs`: "too-large" when it
 * is longer (reading stops there, so a 20 MB body costs the server at most `maxBytes`), "timeout"
 * when it has not ended in time (a body that trickles does not hold its slot for ever).
 */
/** Bytes read and decoded between two turns of the event loop. */
const BYTES_PER_TURN = 1024 * 1024;

export async function readBoundedBody(request: Request, maxBytes: number, deadlineMs: number): Promise<string | "too-large" | "timeout"> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return "too-large";
  if (request.body === null) return "";
  const reader = request.body.getReader();
  // Decoded as it arrives, chunk by chunk: a 10 MB file's answer is never copied and decoded whole
  // in one step of the event loop. Malformed UTF-8 becomes U+FFFD, which JSON.parse then reads as
  // text: the schema check judges it. Chunks already buffered come as one chain of promises: after
  // each megabyte the loop gets a turn, so other people's events go out meanwhile.
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  let turnAt = BYTES_PER_TURN;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), deadlineMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "timeout") {
        // Not awaited: a cancel waits for the read under way, which is the one that never ends.
        void reader.cancel().catch(() => undefined);
        return "timeout";
      }
      const { done, value } = next;
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return "too-large";
      }
      text += decoder.decode(value, { stream: true });
      if (size >= turnAt) {
        turnAt = size + BYTES_PER_TURN;
        await nextTurn();
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return text + decoder.decode();
}
