// The page's half of Web Push: on a person's gesture (a "Notify me on this device" button), ask the
// browser for a push subscription under the host's VAPID key and hand it to the host's route, which
// keeps it for the signed-in person (`push.handle` on the server). The route also gives the key.
import type { ElicitationPushKeyReply } from "../../core/relay/elicitationPush";
import { routeRefusal } from "./routeRefusal";

export interface SubscribeToElicitationPushOptions {
  /** The host's service worker registration (its worker calls `listenForElicitationPush`). */
  registration: ServiceWorkerRegistration;
  /** The host's VAPID public key (base64url). Default: the one `url` answers a GET with (`push.handle`). */
  vapidPublicKey?: string;
  /** The host's route that keeps the subscription for the signed-in person (same origin, its cookies). */
  url: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

async function fetchKey(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!response.ok) throw await routeRefusal("subscribeToElicitationPush", url, response);
  const { publicKey } = ((await response.json().catch(() => null)) ?? {}) as Partial<ElicitationPushKeyReply>;
  if (typeof publicKey !== "string" || !BASE64URL.test(publicKey)) throw new Error(`subscribeToElicitationPush: ${url} gave no VAPID public key ({ publicKey }, base64url).`);
  return publicKey;
}

/**
 * Subscribes this device; resolves false when the person did not allow notifications. Call it from
 * a click or a key press: browsers ask for the permission only then.
 */
export async function subscribeToElicitationPush({ registration, vapidPublicKey, url }: SubscribeToElicitationPushOptions): Promise<boolean> {
  if (typeof registration?.pushManager?.subscribe !== "function") throw new TypeError("subscribeToElicitationPush: registration must be a ServiceWorkerRegistration (this browser may not support push).");
  if (vapidPublicKey !== undefined && (typeof vapidPublicKey !== "string" || !BASE64URL.test(vapidPublicKey))) throw new TypeError("subscribeToElicitationPush: vapidPublicKey must be the host's VAPID public key (base64url).");
  if (typeof url !== "string" || url === "") throw new TypeError("subscribeToElicitationPush: url must be the host's push route.");
  // Asked first, before anything is awaited: Firefox and Safari show the prompt only while the
  // person's press still counts, which an await on the network may outlast. The key is fetched
  // meanwhile; the subscription needs the permission, not the press.
  const asked = Notification.requestPermission();
  const key = vapidPublicKey === undefined ? fetchKey(url) : Promise.resolve(vapidPublicKey);
  // Refused: the key's fetch is not needed, nor its failure.
  key.catch(() => undefined);
  if ((await asked) !== "granted") return false;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await key });
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(subscription),
  });
  if (!response.ok) throw await routeRefusal("subscribeToElicitationPush", url, response);
  return true;
}
