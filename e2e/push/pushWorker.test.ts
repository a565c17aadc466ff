// The service worker's half of Web Push in real Chromium: a host's own worker (a module worker that
// imports listenForElicitationPush, bundled from the source) registered by a page on loopback; pushes
// delivered through the DevTools protocol (ServiceWorker.deliverPushMessage, the decrypted payload a
// push service would hand the worker) and the notifications read back with getNotifications().
// Headless Chromium cannot press a notification: the click's handling is tested in
// test/client/push/listenForElicitationPush.test.ts with the same function.
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { servePushHost } from "./servePushHost";
import { COUNT_SETTLED_SHOWS, settledShows } from "./settledShows";

let host: { origin: string; close: () => Promise<void> };
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let registrationId: string;

beforeAll(async () => {
  const files: Record<string, [string, string]> = {
    "/": ["text/html", "<!doctype html><title>Host</title><h1>Host</h1>"],
    // The host's own worker: its own pushes, and the library's notices.
    "/sw.js": [
      "text/javascript",
      `import { listenForElicitationPush } from "/rme-push.js";
listenForElicitationPush(self);
${COUNT_SETTLED_SHOWS}
self.addEventListener("push", (event) => {
  const data = event.data?.json();
  if (data?.kind === "host-news") event.waitUntil(self.registration.showNotification("Host news", { body: data.text }));
});`,
    ],
  };
  host = await servePushHost(files);
  origin = host.origin;
  browser = await launchChromium();
  context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin });
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const found = registrations.find((item) => item.scopeURL === `${origin}/` && !item.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await page.goto(origin);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { type: "module" });
    await navigator.serviceWorker.ready;
  });
  registrationId = await registered;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

const push = (data: unknown) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(data) });
const shown = () =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag })),
  );

describe("listenForElicitationPush in a host's service worker", () => {
  it("shows a question's notice naming the server and the question, one per question, and leaves the host's own pushes to the host", async () => {
    const notice = { kind: "mcp-elicitation", id: "q-1", serverName: "Bank", message: "Approve the transfer of 120 EUR?", url: "/chat/c7" };
    await push(notice);
    await settledShows(page, 1);
    expect(await shown()).toEqual([{ title: "Bank is asking", body: "Approve the transfer of 120 EUR?", tag: "mcp-elicitation:q-1" }]);
    // The same question pushed again replaces its notification; the host's own push is the host's.
    await push(notice);
    await push({ kind: "host-news", text: "Release notes" });
    await settledShows(page, 3);
    expect((await shown()).map((item) => item.title).sort()).toEqual(["Bank is asking", "Host news"]);
    // Something that is not a notice (no kind, wrong fields) draws nothing of the library's.
    await push({ kind: "mcp-elicitation", id: 7 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await shown()).filter((item) => item.tag.startsWith("mcp-elicitation:"))).toHaveLength(1);
  });
});
