// The page's half of Web Push: on a person's gesture (a "Notify me on this device" button), ask the
// browser for a push subscription under the host's VAPID key and hand it to the host's route, which
// keeps it for the signed-in person (`push.subscribe(owner, body)` on the server).

export interface SubscribeToElicitationPushOptions {
  /** The host's service worker registration (its worker calls `listenForElicitationPush`). */
  registration: ServiceWorkerRegistration;
  /** The host's VAPID public key (base64url), as the server's `vapid.publicKey`. */
  vapidPublicKey: string;
  /** The host's route that keeps the subscription for the signed-in person (same origin, its cookies). */
  url: string;
}

/**
 * Subscribes this device; resolves false when the person did not allow notifications. Call it from
 * a click or a key press: browsers ask for the permission only then.
 */
export async function subscribeToElicitationPush({ registration, vapidPublicKey, url }: SubscribeToElicitationPushOptions): Promise<boolean> {
  if (typeof registration?.pushManager?.subscribe !== "function") throw new TypeError("subscribeToElicitationPush: registration must be a ServiceWorkerRegistration (this browser may not support push).");
  if (typeof vapidPublicKey !== "string" || !/^[A-Za-z0-9_-]+$/.test(vapidPublicKey)) throw new TypeError("subscribeToElicitationPush: vapidPublicKey must be the host's VAPID public key (base64url).");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return false;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidPublicKey });
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(subscription),
  });
  if (!response.ok) throw new Error(`subscribeToElicitationPush: ${url} answered ${response.status}.`);
  return true;
}
