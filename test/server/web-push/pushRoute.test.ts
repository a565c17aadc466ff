// @vitest-environment node
// The page's push route (`push.handle`) over real HTTP (node:http through the package's adapter, as
// the relay's route): the key for anyone, a device kept and forgotten only for the person the host's
// login names (here the `x-user` header), and each refusal with its status and its word. Whether a
// device is kept is read the way a person notices it: a push reaches it (the real `web-push` package,
// a push service stand-in on loopback that decrypts what it got).
import webPush from "web-push";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMemoryRelayStore } from "../../../src/server/createMemoryRelayStore";
import type { ElicitationRelayStore } from "../../../src/server/ElicitationRelayStore";
import type { ElicitationPushOptions } from "../../../src/server/web-push/createElicitationPush";
import { createLoopbackPush, makeDevice, makeTls, startPushService, type PushServiceStandIn, type Tls } from "../helpers/pushService";
import { serve, type Served } from "../helpers/relayHarness";

const vapid = { subject: "mailto:ops@example.com", ...webPush.generateVAPIDKeys() };
let tls: Tls;
let service: PushServiceStandIn;
beforeAll(async () => {
  tls = makeTls();
  service = await startPushService(tls);
});
afterAll(() => service?.close());
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

let devices = 0;
async function route(options: Partial<ElicitationPushOptions> = {}) {
  const push = createLoopbackPush(createMemoryRelayStore(), tls, { vapid, ...options });
  const served: Served = await serve((request) => push.handle(request, { owner: request.headers.get("x-user") }));
  cleanup.push(() => served.close());
  const call = (method: string, user: string | undefined, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(served.url, {
      method,
      headers: { "content-type": "application/json", origin: served.origin, ...(user === undefined ? {} : { "x-user": user }), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  /** The pushes `owner`'s devices received for one notice. */
  const reached = async (owner: string) => {
    const before = service.received.length;
    await push.send({ id: "q1", owner, serverName: "Deploy server", message: "Ship?", receivedAt: Date.now() });
    return service.received.slice(before).map((received) => received.path);
  };
  const device = () => makeDevice(`${service.base}/push/device-${devices++}`);
  return { call, reached, device, served };
}

describe("push.handle: the page's push route", () => {
  it("GET gives the VAPID public key to anyone, never cached", async () => {
    const { call } = await route();
    const response = await call("GET", undefined);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it("POST keeps the device for the signed-in person (204): a push reaches it, and no one else's", async () => {
    const { call, reached, device } = await route();
    const phone = device();
    const response = await call("POST", "ada", phone.subscription);
    expect(response.status).toBe(204);
    expect(await reached("ada")).toEqual([new URL(phone.subscription.endpoint).pathname]);
    expect(await reached("bob")).toEqual([]);
  });

  it("refuses nobody signed in (401), another origin (403), a body that is not JSON (415), and keeps nothing", async () => {
    const { call, reached, device, served } = await route();
    const phone = device();
    const nobody = await call("POST", undefined, phone.subscription);
    expect(nobody.status).toBe(401);
    expect(await nobody.json()).toEqual({ error: "unauthenticated" });
    const foreign = await call("POST", "ada", phone.subscription, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: "forbidden-origin", origin: "https://evil.example", expected: served.origin });
    const form = await call("POST", "ada", JSON.stringify(phone.subscription), { "content-type": "text/plain" });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ error: "unsupported-media-type" });
    expect(await reached("ada")).toEqual([]);
  });

  it("takes another origin the host lists (allowedOrigins)", async () => {
    const { call, reached, device } = await route({ allowedOrigins: ["https://app.example.com"] });
    const phone = device();
    expect((await call("POST", "ada", phone.subscription, { origin: "https://app.example.com" })).status).toBe(204);
    expect(await reached("ada")).toHaveLength(1);
  });

  it("a bad subscription is refused (400) with what is wrong with it; a body over 4 KiB (413)", async () => {
    const { call, reached, device } = await route();
    const phone = device();
    const badKey = await call("POST", "ada", { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: "short" } });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toEqual({ error: "bad-request", message: "push.subscribe: subscription.keys.p256dh must be a P-256 public key (65 bytes, base64url)." });
    const elsewhere = await call("POST", "ada", { ...phone.subscription, endpoint: "https://10.0.0.5/admin" });
    expect(await elsewhere.json()).toEqual({ error: "bad-request", message: "push.subscribe: 10.0.0.5 is not a push service this host sends to." });
    const notJson = await call("POST", "ada", "{");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "bad-request", message: "push.handle: the body is not JSON." });
    const large = await call("POST", "ada", { ...phone.subscription, padding: "x".repeat(5000) });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ error: "too-large" });
    expect(await reached("ada")).toEqual([]);
  });

  it("the store failing is 503, to be tried again", async () => {
    const store = createMemoryRelayStore();
    const failing: ElicitationRelayStore = { ...store, keep: async () => Promise.reject(new Error("connection lost")), kept: store.kept.bind(store) };
    const { call, device } = await route({ store: failing });
    const response = await call("POST", "ada", device().subscription);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(await response.json()).toEqual({ error: "store-unavailable" });
  });

  it("DELETE forgets the person's own device (204); another person's DELETE of it forgets nothing", async () => {
    const { call, reached, device } = await route();
    const phone = device();
    const laptop = device();
    await call("POST", "ada", phone.subscription);
    await call("POST", "ada", laptop.subscription);
    const { endpoint } = phone.subscription;
    expect((await call("DELETE", "bob", { endpoint })).status).toBe(204);
    expect(await reached("ada")).toHaveLength(2);
    expect((await call("DELETE", undefined, { endpoint })).status).toBe(401);
    expect((await call("DELETE", "ada", { endpoint }, { origin: "https://evil.example" })).status).toBe(403);
    expect(await reached("ada")).toHaveLength(2);
    expect((await call("DELETE", "ada", { endpoint })).status).toBe(204);
    expect(await reached("ada")).toEqual([new URL(laptop.subscription.endpoint).pathname]);
    const bad = await call("DELETE", "ada", { endpoint: 42 });
    expect(await bad.json()).toEqual({ error: "bad-request", message: "push.unsubscribe: endpoint must be the subscription's endpoint (a URL string)." });
  });

  it("another method is 405, naming the ones taken", async () => {
    const { call } = await route();
    const response = await call("PUT", "ada", {});
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, DELETE");
  });
});
