// Reading what the relay answered beyond its status: an error reply's JSON within a bound, the
// `Retry-After` of a 503, the origins a 403 names, a refusal's field errors. Nothing is taken by its
// shape: what does not read as expected reads as nothing.
import type { ElicitationFieldError } from "../queue/ElicitationAnswerRefused";

/** Characters read of a reply's body: only `{ error, errors, reason, origin, expected }` is wanted from it. */
const MAX_REPLY_LENGTH = 65_536;

/** The JSON object of an error reply, read within MAX_REPLY_LENGTH characters; `{}` for anything else. */
export async function readRelayReply(response: Response): Promise<Record<string, unknown>> {
  const body = response.body;
  if (!body) return {};
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > MAX_REPLY_LENGTH) return {};
    }
  } catch {
    return {};
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A reply whose body is not wanted: let go of it. */
export function discardReply(response: Response): void {
  void response.body?.cancel().catch(() => undefined);
}

/** `Retry-After` in ms when it is a number of seconds; undefined otherwise. */
export function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get("retry-after");
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim()) * 1_000;
}

/** What a `forbidden-origin` reply names: the `Origin` the relay saw and the one it expected (origins only, never a secret). */
export function originsOf(body: Record<string, unknown>): string {
  const { origin, expected } = body;
  if (typeof origin !== "string" || typeof expected !== "string") return "";
  const cut = (text: string) => JSON.stringify(text.slice(0, 200));
  return ` (forbidden-origin: it saw Origin ${cut(origin)} and expected ${cut(expected)}; a dev proxy that rewrites Host needs xfwd or changeOrigin: false, see docs/relay.md)`;
}

/** The field errors of an `invalid-content` reply. */
export function readFieldErrors(value: unknown): ElicitationFieldError[] {
  if (!Array.isArray(value)) return [];
  // ElicitationAnswerRefused keeps only `{ field, message }` strings, within its bounds.
  return value.slice(0, 100).filter((entry): entry is ElicitationFieldError => typeof entry === "object" && entry !== null);
}
