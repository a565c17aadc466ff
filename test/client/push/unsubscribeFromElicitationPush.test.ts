// @vitest-environment node
// Turning Web Push off on this device at sign-out, with the browser's parts it uses (the push manager, the
// subscription, fetch) recording what they are asked, in order (e2e/push/pushSignOut.test.ts runs it in
// Chromium against the real route and a push service stand-in). The route forgets the device while the
// person is still signed in; the browser's subscription ends whatever the route said.
import { afterEach, describe, expect, it, vi } from "vitest";
import { unsubscribeFromElicitationPush } from "../../../src/client/push/unsubscribeFromElicitationPush";

const endpoint = "https://fcm.googleapis.com/fcm/send/d1";

afterEach(() => vi.unstubAllGlobals());

/** The browser: subscribed unless `subscribed` is false; the route answers DELETE with `reply` (or cannot be reached). */
function browser({ subscribed = true, reply = () => new Response(null, { status: 204 }) }: { subscribed?: boolean; reply?: () => Response } = {}) {
  const done: string[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    done.push(`${init?.method ?? "GET"} ${url} ${String(init?.body)} ${init?.credentials} ${new Headers(init?.headers).get("content-type")}`);
    return reply();
  });
  const registration = {
    pushManager: {
      getSubscription: async () =>
        subscribed
          ? {
              endpoint,
              unsubscribe: async () => {
                done.push("unsubscribe");
                return true;
              },
            }
          : null,
    },
  } as unknown as ServiceWorkerRegistration;
  return { done, registration };
}

describe("unsubscribeFromElicitationPush", () => {
  it("asks the route to forget this device, with the person's cookies, then ends the browser's subscription", async () => {
    const { done, registration } = browser();
    expect(await unsubscribeFromElicitationPush({ registration, url: "/api/push" })).toBe(true);
    expect(done).toEqual([`DELETE /api/push ${JSON.stringify({ endpoint })} same-origin application/json`, "unsubscribe"]);
  });

  it("a device with no subscription: false, nothing asked", async () => {
    const { done, registration } = browser({ subscribed: false });
    expect(await unsubscribeFromElicitationPush({ registration, url: "/api/push" })).toBe(false);
    expect(done).toEqual([]);
  });

  it("a route that refuses (signed out already) or cannot be reached: the subscription is ended all the same, then an error names the route and what it said", async () => {
    const signedOut = browser({ reply: () => new Response(JSON.stringify({ error: "unauthenticated" }), { status: 401 }) });
    await expect(unsubscribeFromElicitationPush({ registration: signedOut.registration, url: "/api/push" })).rejects.toThrow("unsubscribeFromElicitationPush: /api/push answered 401 (unauthenticated).");
    expect(signedOut.done.at(-1)).toBe("unsubscribe");
    const offline = browser({
      reply: () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const error = await unsubscribeFromElicitationPush({ registration: offline.registration, url: "/api/push" }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ message: "unsubscribeFromElicitationPush: /api/push could not be reached.", cause: new TypeError("Failed to fetch") });
    expect(offline.done.at(-1)).toBe("unsubscribe");
  });

  it("something that is not a registration, or no route, is refused before anything is asked", async () => {
    const { done, registration } = browser();
    await expect(unsubscribeFromElicitationPush({ registration: {} as ServiceWorkerRegistration, url: "/api/push" })).rejects.toThrow(
      "unsubscribeFromElicitationPush: registration must be a ServiceWorkerRegistration (this browser may not support push).",
    );
    await expect(unsubscribeFromElicitationPush({ registration, url: "" })).rejects.toThrow("unsubscribeFromElicitationPush: url must be the host's push route.");
    expect(done).toEqual([]);
  });
});
