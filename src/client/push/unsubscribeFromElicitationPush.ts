// The page's half of turning Web Push off on this device, for a sign-out: the host's route forgets the device for
// the signed-in person, and the browser ends its subscription, so the next person signed in on this device never
// gets a notice of the last one's questions (a new subscription is a new address).
import { routeRefusal } from "./routeRefusal";

export interface UnsubscribeFromElicitationPushOptions {
  /** The host's service worker registration, the one `subscribeToElicitationPush` was given. */
  registration: ServiceWorkerRegistration;
  /** The host's push route (`push.handle` on the server): same origin, the signed-in person's cookies. */
  url: string;
}

/**
 * Forgets this device for the signed-in person and ends its push subscription; resolves false when it had
 * none. Call it before the session ends (the route needs the person). The subscription is ended whatever the
 * route answered (its push service then refuses the address, and the server forgets it at its next push);
 * a refusal or an unreachable route is then thrown, naming it.
 */
export async function unsubscribeFromElicitationPush({ registration, url }: UnsubscribeFromElicitationPushOptions): Promise<boolean> {
  if (typeof registration?.pushManager?.getSubscription !== "function") throw new TypeError("unsubscribeFromElicitationPush: registration must be a ServiceWorkerRegistration (this browser may not support push).");
  if (typeof url !== "string" || url === "") throw new TypeError("unsubscribeFromElicitationPush: url must be the host's push route.");
  const subscription = await registration.pushManager.getSubscription();
  if (subscription === null) return false;
  let refused: Error | undefined;
  try {
    const response = await fetch(url, {
      method: "DELETE",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    });
    if (!response.ok) refused = await routeRefusal("unsubscribeFromElicitationPush", url, response);
  } catch (error) {
    refused = new Error(`unsubscribeFromElicitationPush: ${url} could not be reached.`, { cause: error });
  }
  await subscription.unsubscribe();
  if (refused !== undefined) throw refused;
  return true;
}
