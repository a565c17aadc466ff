// @vitest-environment node
// Subscribing a device from the page, with the browser's parts it uses (the permission prompt, the
// push manager, fetch) recording what they are asked, in order (the example's Chromium test runs it
// against the real server). Without a key given, the key comes from the host's route; the permission
// is asked the moment the call is made, before anything is awaited, so the person's press still counts
// in every browser; a refusal subscribes nothing and posts nothing.
import { afterEach, describe, expect, it, vi } from "vitest";
import { subscribeToElicitationPush } from "../../../src/client/push/subscribeToElicitationPush";

const KEY = "BPublicKey_base64url-0123456789";
const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/d1", keys: { p256dh: "p", auth: "a" } };

afterEach(() => vi.unstubAllGlobals());

/** The browser: the person answers the prompt with `permission`; the route answers GET with `keyReply` and POST with `postStatus`. */
function browser({ permission = "granted", keyReply = new Response(JSON.stringify({ publicKey: KEY })), postReply = new Response(null, { status: 204 }) }: { permission?: NotificationPermission; keyReply?: Response; postReply?: Response } = {}) {
  const done: string[] = [];
  vi.stubGlobal("Notification", {
    requestPermission: async () => {
      done.push("ask");
      return permission;
    },
  });
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    done.push(`${method} ${url}${init?.body ? ` ${String(init.body)}` : ""}`);
    return method === "GET" ? keyReply : postReply;
  });
  const registration = {
    pushManager: {
      subscribe: async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
        done.push(`subscribe under ${String(applicationServerKey)}`);
        return { ...subscription, toJSON: () => subscription };
      },
    },
  } as unknown as ServiceWorkerRegistration;
  return { done, registration };
}

describe("subscribeToElicitationPush", () => {
  it("without a key: asks the person at once, reads the key from the route, subscribes under it, posts the subscription", async () => {
    const { done, registration } = browser();
    const subscribing = subscribeToElicitationPush({ registration, url: "/api/push" });
    // Asked within the press's own turn, before the key's fetch (or anything) is awaited.
    expect(done[0]).toBe("ask");
    expect(await subscribing).toBe(true);
    expect(done).toEqual(["ask", "GET /api/push", `subscribe under ${KEY}`, `POST /api/push ${JSON.stringify(subscription)}`]);
  });

  it("with a key given, asks the route nothing but to keep the subscription", async () => {
    const { done, registration } = browser();
    expect(await subscribeToElicitationPush({ registration, vapidPublicKey: "BGivenKey", url: "/api/push" })).toBe(true);
    expect(done).toEqual(["ask", "subscribe under BGivenKey", `POST /api/push ${JSON.stringify(subscription)}`]);
  });

  it("refused by the person: false, nothing subscribed or posted, a failed key fetch not reported", async () => {
    const { done, registration } = browser({ permission: "denied", keyReply: new Response(null, { status: 500 }) });
    expect(await subscribeToElicitationPush({ registration, url: "/api/push" })).toBe(false);
    expect(done.filter((step) => step.startsWith("subscribe") || step.startsWith("POST"))).toEqual([]);
  });

  it("a route that gives no key, or refuses the subscription, is an error naming the route and what it said", async () => {
    const noKey = browser({ keyReply: new Response(JSON.stringify({ name: "ada" })) });
    await expect(subscribeToElicitationPush({ registration: noKey.registration, url: "/api/me" })).rejects.toThrow("subscribeToElicitationPush: /api/me gave no VAPID public key ({ publicKey }, base64url).");
    const down = browser({ keyReply: new Response(null, { status: 404 }) });
    await expect(subscribeToElicitationPush({ registration: down.registration, url: "/api/push" })).rejects.toThrow("subscribeToElicitationPush: /api/push answered 404.");
    expect(down.done.some((step) => step.startsWith("subscribe"))).toBe(false);
    const refused = browser({ postReply: new Response(JSON.stringify({ error: "bad-request", message: "push.subscribe: fcm.example is not a push service this host sends to." }), { status: 400 }) });
    await expect(subscribeToElicitationPush({ registration: refused.registration, url: "/api/push" })).rejects.toThrow(
      "subscribeToElicitationPush: /api/push answered 400 (push.subscribe: fcm.example is not a push service this host sends to.).",
    );
    const signedOut = browser({ postReply: new Response(JSON.stringify({ error: "unauthenticated" }), { status: 401 }) });
    await expect(subscribeToElicitationPush({ registration: signedOut.registration, url: "/api/push" })).rejects.toThrow("subscribeToElicitationPush: /api/push answered 401 (unauthenticated).");
  });

  it("a key that is not base64url is refused before the person is asked", async () => {
    const { done, registration } = browser();
    await expect(subscribeToElicitationPush({ registration, vapidPublicKey: "not a key", url: "/api/push" })).rejects.toThrow(TypeError);
    expect(done).toEqual([]);
  });
});
