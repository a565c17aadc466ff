// One device, one person at a time: a person who signs out takes their push notices with them. In Chromium, a
// page of the host's subscribes with subscribeToElicitationPush and, at sign-out, unsubscribes with
// unsubscribeFromElicitationPush, both bundled from the source, against the real route (`push.handle`) over HTTP
// and the relay's `notify` sending with web-push to a push service stand-in on loopback. Headless Chromium
// registers with no push service, so its PushManager hands out the stand-in's addresses (and the device's keys,
// made as a browser makes them) instead: a new address per subscription, and an ended one is refused by the
// stand-in (410) from then on, as a push service does.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import { createLoopbackPush, makeDevice, makeTls, startPushService, type PushServiceStandIn } from "../../test/server/helpers/pushService";
import { identifyByCookie } from "../relayPage/relayPage";
import { servePushHost } from "./servePushHost";

const tls = makeTls();
const device = makeDevice("https://127.0.0.1/unused");
/** Addresses the browser ended (the push service refuses them). */
const ended = new Set<string>();
let service: PushServiceStandIn;
let host: { origin: string; close: () => Promise<void> };
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const store = createMemoryRelayStore();
const push = createLoopbackPush(store, tls);
const relay = createElicitationRelay({ store, identify: identifyByCookie, notify: { afterMs: 100, send: push.send } });

beforeAll(async () => {
  service = await startPushService(tls, (path) => (ended.has(path) ? 410 : 201));
  host = await servePushHost(
    {
      // The host's page: its buttons call the library's two functions (here through window.rmePush).
      "/": ["text/html", `<!doctype html><title>Host</title><h1>Host</h1><script type="module">import * as push from "/rme-push.js"; window.rmePush = push;</script>`],
      "/sw.js": ["text/javascript", `import { listenForElicitationPush } from "/rme-push.js";\nlistenForElicitationPush(self);`],
    },
    (request) => push.handle(request, { owner: identifyByCookie(request) }),
  );
  origin = host.origin;
  browser = await launchChromium();
  context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin });
  // The device's push manager: one subscription at a time, a new address for each, ended on the push service when unsubscribed.
  await context.exposeBinding("endSubscription", (_source, path: string) => void ended.add(path));
  await context.addInitScript(
    ({ base, keys }) => {
      let current: PushSubscription | null = null;
      let made = 0;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async function () {
        if (current !== null) return current;
        const json = { endpoint: `${base}/push/${++made}`, expirationTime: null, keys };
        const subscription = {
          ...json,
          toJSON: () => json,
          unsubscribe: async () => {
            current = null;
            await (window as unknown as { endSubscription(path: string): Promise<void> }).endSubscription(new URL(json.endpoint).pathname);
            return true;
          },
        } as unknown as PushSubscription;
        return (current = subscription);
      };
    },
    { base: service.base, keys: device.subscription.keys },
  );
  page = await context.newPage();
  await page.goto(origin);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { type: "module" });
    await navigator.serviceWorker.ready;
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
  await service?.close();
});

const signIn = (person: string) => context.addCookies([{ name: "person", value: person, url: origin }]);
const signOutOfHost = () => context.clearCookies();
type PushModule = typeof import("../../src/client/push/index");
/** What the page's "Notify me on this device" button calls. */
const notifyMe = () =>
  page.evaluate(async () => {
    const { subscribeToElicitationPush } = (window as unknown as { rmePush: PushModule }).rmePush;
    return subscribeToElicitationPush({ registration: await navigator.serviceWorker.ready, url: "/api/push" });
  });
/** What the page's sign-out calls first: the outcome, or the error's message. */
const turnOffOnThisDevice = () =>
  page.evaluate(async () => {
    const { unsubscribeFromElicitationPush } = (window as unknown as { rmePush: PushModule }).rmePush;
    return unsubscribeFromElicitationPush({ registration: await navigator.serviceWorker.ready, url: "/api/push" }).then(String, (error: Error) => error.message);
  });
const currentAddress = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);

/** Asks `owner` a question nobody has on screen, waits long enough for its notice, withdraws it; the addresses posted to meanwhile. */
async function askAndSeeWhereItWent(owner: string, message: string): Promise<{ path: string; text: string }[]> {
  const before = service.received.length;
  const stop = new AbortController();
  const asked = relay.request({ owner, serverName: "Bank", params: { message, requestedSchema: { type: "object", properties: { approve: { type: "boolean" } } } }, signal: stop.signal }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  stop.abort();
  await asked;
  return service.received.slice(before).map(({ path, body }) => ({ path, text: device.decrypt(body) }));
}

describe("push notices leave the device with the person who signs out", () => {
  it("signed out through the route: the device gets none of the last person's notices, and the next person subscribes a new address of their own", async () => {
    await signIn("ada");
    expect(await notifyMe()).toBe(true);
    const adas = await currentAddress();
    const reached = await askAndSeeWhereItWent("ada", "Transfer 120 EUR to Ben?");
    expect(reached.map(({ path }) => path)).toEqual([new URL(adas!).pathname]);
    expect(reached[0]!.text).toContain("Transfer 120 EUR to Ben?");

    // Ada signs out: the page turns notices off on this device while she is still signed in, then the host ends her session.
    expect(await turnOffOnThisDevice()).toBe("true");
    expect(await currentAddress()).toBeUndefined();
    await signOutOfHost();
    // Her next question is sent nowhere: the route forgot the device (no post at all, not even to the ended address).
    expect(await askAndSeeWhereItWent("ada", "Transfer 9,000 EUR to Mallory?")).toEqual([]);

    // Bea signs in on the same browser and turns notices on: a new address, hers alone.
    await signIn("bea");
    expect(await notifyMe()).toBe(true);
    const beas = await currentAddress();
    expect(beas).not.toBe(adas);
    expect(await askAndSeeWhereItWent("ada", "Approve payroll?")).toEqual([]);
    expect((await askAndSeeWhereItWent("bea", "Deploy to production?")).map(({ path, text }) => ({ path, asks: text.includes("Deploy to production?") }))).toEqual([
      { path: new URL(beas!).pathname, asks: true },
    ]);
    expect(await turnOffOnThisDevice()).toBe("true");
    await signOutOfHost();
  });

  it("turned off after the session ended (the route refuses, 401): the browser's subscription ends all the same, and the server forgets the address at its next push", async () => {
    await signIn("cy");
    expect(await notifyMe()).toBe(true);
    const cys = new URL((await currentAddress())!).pathname;
    await signOutOfHost();
    expect(await turnOffOnThisDevice()).toBe("unsubscribeFromElicitationPush: /api/push answered 401 (unauthenticated).");
    expect(await currentAddress()).toBeUndefined();
    // The push service refuses the ended address (410): the one post that finds out, then none.
    expect((await askAndSeeWhereItWent("cy", "Renew the certificate?")).map(({ path }) => path)).toEqual([cys]);
    expect(await askAndSeeWhereItWent("cy", "Renew it now?")).toEqual([]);
  });
});
