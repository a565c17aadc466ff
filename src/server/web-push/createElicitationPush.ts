// Web Push for `notify`: a notice goes to every device its person subscribed, encrypted for each
// (RFC 8291) and signed with the host's VAPID keys by the `web-push` package. Subscriptions are kept
// per person in the relay's store, so any instance can send; one the push service says is gone
// (404/410) is forgotten. Only a push service's address is taken as an endpoint: the server posts to
// it, and a person must not be able to point it at the host's own network. `handle` is the page's
// route to all of it (createPushRoute).
import webPush from "web-push";
import { createStoreGuard, STORE_TIMEOUT_MS } from "../createStoreGuard";
import { positiveMs } from "../relay/readRelayOptions";
import type { ElicitationRelayStore } from "../ElicitationRelayStore";
import type { ElicitationNotice, ElicitationRelayHandleOptions } from "../types";
import { createPushRoute } from "./createPushRoute";
import { ELICITATION_PUSH_KIND, readElicitationPushChoices, type ElicitationPushPayload } from "../../core/relay/elicitationPush";

/** The push services of Chromium-based browsers, Firefox, Edge and Safari. */
const PUSH_SERVICES = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/, /^web\.push\.apple\.com$/];
const KIND = "push";

export interface ElicitationPushOptions {
  /** The relay's store: every instance sees every person's subscriptions. */
  store: ElicitationRelayStore;
  /** The host's VAPID identity (`npx web-push generate-vapid-keys`; `subject`: a mailto: or https: URL of yours). */
  vapid: { subject: string; publicKey: string; privateKey: string };
  /** Where pressing the notification leads: the host's page of that question (same origin as the worker). */
  url: (notice: ElicitationNotice) => string;
  /** Devices one person may subscribe; the oldest goes beyond it. Default 10. */
  maxDevices?: number;
  /** Which endpoints are taken. Default: the browsers' push services only (https, by host name). */
  isPushService?: (endpoint: URL) => boolean;
  /** Passed to `web-push` for every send (an `agent` with your CA, a `TTL`). */
  sendOptions?: Omit<webPush.RequestOptions, "vapidDetails">;
  /** Origins besides the request's own whose `Origin` header `handle` accepts, as the relay's option. Default none. */
  allowedOrigins?: readonly string[];
  /**
   * The longest a store call may take (ms), as the relay's option: then `handle` answers 503
   * `store-unavailable`, and `subscribe`, `unsubscribe` and `send` reject. Default 5 000.
   */
  storeTimeoutMs?: number;
}

export interface ElicitationPush {
  /** For `createElicitationRelay({ notify: { afterMs, send: push.send } })`: one push per device; rejects when none took it. */
  send(notice: ElicitationNotice): Promise<void>;
  /** Keeps a device of the signed-in person's (the browser's `PushSubscription` as JSON); a TypeError names what is wrong with it. */
  subscribe(owner: string, subscription: unknown): Promise<void>;
  /** Forgets a device (the person turned it off, or signed out on it). */
  unsubscribe(owner: string, endpoint: string): Promise<void>;
  /**
   * The page's route, mounted as the relay's (`app.all("/api/push", …)`), the person from the host's
   * login: GET answers `{ publicKey }` to anyone; POST (a subscription as JSON) keeps it for `owner`,
   * DELETE (`{ endpoint }`) forgets that device of `owner`'s (204). Refused as the relay refuses: 401
   * without `owner`, 403 from another origin, 415 not JSON, 413 over 4 KiB, 408 a body that trickles,
   * 400 with what is wrong with the subscription, 503 when the store fails or does not answer
   * within `storeTimeoutMs`, 405 for another method.
   */
  handle(request: Request, options?: ElicitationRelayHandleOptions): Promise<Response>;
}

interface KeptSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  at: number;
}

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Characters of an endpoint taken (the push services' are a few hundred). */
const MAX_ENDPOINT_LENGTH = 2048;
const bytesOf = (text: string) => Buffer.from(text, "base64url").length;

type Subscription = Omit<KeptSubscription, "at">;

function readOwner(owner: unknown, method: string): string {
  if (typeof owner !== "string" || owner === "") throw new TypeError(`push.${method}: owner must be the person's id (a non-empty string).`);
  return owner;
}

/** The endpoint to forget, as `subscribe` kept it (a URL's own spelling). */
function readEndpoint(endpoint: unknown): string {
  if (typeof endpoint !== "string" || endpoint === "" || endpoint.length > MAX_ENDPOINT_LENGTH) throw new TypeError("push.unsubscribe: endpoint must be the subscription's endpoint (a URL string).");
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
}

function readSubscription(value: unknown, isPushService: (endpoint: URL) => boolean): Subscription {
  const { endpoint, keys } = (typeof value === "object" && value !== null ? value : {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== "string" || endpoint.length > MAX_ENDPOINT_LENGTH) throw new TypeError("push.subscribe: subscription.endpoint must be a URL string.");
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new TypeError("push.subscribe: subscription.endpoint is not a URL.");
  }
  if (url.protocol !== "https:" || !isPushService(url)) throw new TypeError(`push.subscribe: ${url.host} is not a push service this host sends to.`);
  const { p256dh, auth } = keys ?? {};
  if (typeof p256dh !== "string" || !base64url.test(p256dh) || bytesOf(p256dh) !== 65) throw new TypeError("push.subscribe: subscription.keys.p256dh must be a P-256 public key (65 bytes, base64url).");
  if (typeof auth !== "string" || !base64url.test(auth) || bytesOf(auth) !== 16) throw new TypeError("push.subscribe: subscription.keys.auth must be 16 bytes, base64url.");
  return { endpoint: url.href, keys: { p256dh, auth } };
}

export function createElicitationPush(options: ElicitationPushOptions): ElicitationPush {
  const { store, vapid, url } = options ?? ({} as ElicitationPushOptions);
  if (typeof store?.keep !== "function") throw new TypeError("createElicitationPush: store must be the relay's store.");
  if (typeof url !== "function") throw new TypeError("createElicitationPush: url must be a function (notice) => the page of that question.");
  // Checks the keys and subject once, here (web-push throws naming what is wrong).
  webPush.getVapidHeaders("https://fcm.googleapis.com", vapid?.subject, vapid?.publicKey, vapid?.privateKey, "aes128gcm");
  const maxDevices = options.maxDevices ?? 10;
  const storeTimeoutMs = options.storeTimeoutMs ?? STORE_TIMEOUT_MS;
  if (!positiveMs(storeTimeoutMs)) throw new RangeError("createElicitationPush: storeTimeoutMs must be a positive number of milliseconds.");
  // Every store call bounded, as the relay's are: a store that hangs (a Redis client retrying through an
  // outage) is a 503 on the route in bounded time, never a page left waiting.
  const guard = createStoreGuard(storeTimeoutMs, () => undefined);
  const isPushService = options.isPushService ?? ((endpoint: URL) => PUSH_SERVICES.some((host) => host.test(endpoint.hostname)));

  const route = createPushRoute({
    publicKey: vapid.publicKey,
    allowedOrigins: new Set(options.allowedOrigins ?? []),
    // The person is the route's to name (its `owner`): each step acts on that person's devices only.
    read: (subscription) => {
      const read = readSubscription(subscription, isPushService);
      return (owner) => keep(owner, read);
    },
    readForget: (body) => {
      const endpoint = readEndpoint(((typeof body === "object" && body !== null ? body : {}) as { endpoint?: unknown }).endpoint);
      return (owner) => forget(owner, endpoint);
    },
  });

  async function devices(owner: string): Promise<KeptSubscription[]> {
    const kept = await guard("kept", () => store.kept(owner, KIND));
    return Object.values(kept)
      .map((text) => JSON.parse(text) as KeptSubscription)
      .sort((a, b) => a.at - b.at);
  }

  async function keep(owner: string, read: Subscription): Promise<void> {
    const known = await devices(owner);
    for (const old of known.filter((device) => device.endpoint !== read.endpoint).slice(0, Math.max(0, known.length + 1 - maxDevices))) {
      await guard("keep", () => store.keep(owner, KIND, old.endpoint, undefined));
    }
    await guard("keep", () => store.keep(owner, KIND, read.endpoint, JSON.stringify({ ...read, at: Date.now() } satisfies KeptSubscription)));
  }

  const forget = (owner: string, endpoint: string) => guard("keep", () => store.keep(owner, KIND, endpoint, undefined));

  return {
    async subscribe(owner, subscription) {
      await keep(readOwner(owner, "subscribe"), readSubscription(subscription, isPushService));
    },
    async unsubscribe(owner, endpoint) {
      await forget(readOwner(owner, "unsubscribe"), readEndpoint(endpoint));
    },
    handle: route,
    async send(notice) {
      const payload: ElicitationPushPayload = {
        kind: ELICITATION_PUSH_KIND,
        id: notice.id,
        serverName: notice.serverName,
        message: notice.message,
        url: url(notice),
      };
      // Only answers the schema offered (true, false, an enum's value): what the worker may send from an action.
      const choices = readElicitationPushChoices(notice.choices);
      if (choices !== undefined) payload.choices = choices;
      const body = JSON.stringify(payload);
      const targets = await devices(notice.owner);
      if (targets.length === 0) return;
      const outcomes = await Promise.allSettled(
        targets.map(async (device) => {
          try {
            await webPush.sendNotification(device, body, { TTL: 3600, urgency: "high", ...options.sendOptions, vapidDetails: vapid });
          } catch (error) {
            // The push service says this device is gone: forgotten.
            const status = (error as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) await guard("keep", () => store.keep(notice.owner, KIND, device.endpoint, undefined));
            throw error;
          }
        }),
      );
      if (outcomes.every((outcome) => outcome.status === "rejected")) throw (outcomes[0] as PromiseRejectedResult).reason;
    },
  };
}
