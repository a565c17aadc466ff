// The service worker's half of Web Push in real Chromium: a host's own worker (a module worker that
// imports listenForElicitationPush, bundled from the source) registered by a page on loopback; pushes
// delivered through the DevTools protocol (ServiceWorker.deliverPushMessage, the decrypted payload a
// push service would hand the worker) and the notifications read back with getNotifications().
// Headless Chromium cannot press a notification: the click's handling is tested in
// test/client/push/listenForElicitationPush.test.ts with the same function.
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { COUNT_SETTLED_SHOWS, settledShows } from "./settledShows";

let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let registrationId: string;

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, "../../src/client/push/index.ts")],
    bundle: true,
    format: "esm",
    write: false,
    logLevel: "error",
  });
  const files: Record<string, [string, string]> = {
    "/": ["text/html", "<!doctype html><title>Host</title><h1>Host</h1>"],
    "/rme-push.js": ["text/javascript", bundled.outputFiles[0]!.text],
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
  server = createServer((req, res) => {
    const file = files[new URL(req.url ?? "/", "http://127.0.0.1").pathname];
    if (file === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
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
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
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
