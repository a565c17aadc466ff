// The route a page subscribes its device through (`push.handle`): the VAPID public key for anyone
// (it is in every subscription anyway, and signs nothing), a device kept or forgotten only for the
// person the host's login names. It speaks as the relay's route does: the same origin check, the same
// JSON-only rule against cross-site forms, a bounded body, the same words and statuses.
import { RELAY_STATUS } from "../../core/relay/relayWire";
import type { ElicitationPushKeyReply } from "../../core/relay/elicitationPush";
import { checkOrigin } from "../checkOrigin";
import { readBoundedBody } from "../readBoundedBody";
import { relayReply, storeUnavailableReply } from "../relay/relayReply";
import type { ElicitationRelayHandleOptions } from "../types";

/** Bytes of a subscription's JSON taken, at most: a browser's is well under 1 KiB (an endpoint, two keys). */
const MAX_BODY_BYTES = 4096;
/** A body that has not arrived in this time is refused (408). */
const BODY_TIMEOUT_MS = 10_000;
const METHODS = "GET, POST, DELETE";

/** Every refusal of the route: the word its JSON body says, and its status. */
const REFUSAL = Object.freeze({
  "bad-request": RELAY_STATUS.badRequest,
  unauthenticated: RELAY_STATUS.unauthenticated,
  "forbidden-origin": RELAY_STATUS.forbidden,
  "body-timeout": RELAY_STATUS.bodyTimeout,
  "too-large": RELAY_STATUS.tooLarge,
  "unsupported-media-type": RELAY_STATUS.unsupportedMediaType,
} as const);

const refuse = (error: keyof typeof REFUSAL, more: Record<string, string> = {}) => relayReply(REFUSAL[error], { error, ...more });

export interface PushRouteParts {
  publicKey: string;
  allowedOrigins: ReadonlySet<string>;
  /** Reads a subscription (throws a TypeError naming what is wrong), then returns the step that keeps it for a person. */
  read(subscription: unknown): (owner: string) => Promise<void>;
  /** Reads `{ endpoint }` (throws a TypeError naming what is wrong), then returns the step that forgets it of a person's. */
  readForget(body: unknown): (owner: string) => Promise<void>;
}

/** Bad input is the caller's (400, with the library's words); anything the store throws is the store's (503). */
async function take(text: string, owner: string, read: (body: unknown) => (owner: string) => Promise<void>): Promise<Response> {
  let step: (owner: string) => Promise<void>;
  try {
    step = read(JSON.parse(text));
  } catch (error) {
    return refuse("bad-request", { message: error instanceof TypeError ? error.message : "push.handle: the body is not JSON." });
  }
  try {
    await step(owner);
  } catch {
    return storeUnavailableReply();
  }
  return new Response(null, { status: 204 });
}

export function createPushRoute(parts: PushRouteParts): (request: Request, options?: ElicitationRelayHandleOptions) => Promise<Response> {
  const keyReply: ElicitationPushKeyReply = { publicKey: parts.publicKey };
  return async function handle(request, options) {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "POST" && method !== "DELETE") return new Response(null, { status: RELAY_STATUS.methodNotAllowed, headers: { allow: METHODS } });
    const origin = checkOrigin(request, parts.allowedOrigins);
    if (!origin.ok) return refuse("forbidden-origin", { origin: origin.origin, expected: origin.expected });
    // The key is public: a page may read it before anyone signs in.
    if (method === "GET") return relayReply(RELAY_STATUS.ok, keyReply);
    // A cross-site form (urlencoded, multipart) or a text/plain fetch cannot send application/json without a preflight.
    if ((request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() !== "application/json") return refuse("unsupported-media-type");
    const owner = options?.owner;
    if (typeof owner !== "string" || owner === "") return refuse("unauthenticated");
    const text = await readBoundedBody(request, MAX_BODY_BYTES, BODY_TIMEOUT_MS);
    if (text === "too-large") return refuse("too-large");
    if (text === "timeout") return refuse("body-timeout");
    return take(text, owner, method === "POST" ? parts.read : parts.readForget);
  };
}
