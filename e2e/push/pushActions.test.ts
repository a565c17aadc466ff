// Answering from a notification's action, in real Chromium against the real relay over HTTP: the
// host's own module worker (listenForElicitationPush with the relay's route, bundled from the source)
// registered by a page of the person's; the relay's `notify` sends with the real createElicitationPush
// (web-push: VAPID, RFC 8291) to a push service stand-in on loopback, which decrypts each push with
// the device's keys and hands the payload to Chromium as a push service would, through the DevTools
// protocol (ServiceWorker.deliverPushMessage). Notifications are read back with getNotifications().
//
// Headless Chromium cannot press a notification's action. What is driven instead: the test's worker
// (and only it) listens for a message naming a notification's tag and an action; it finds that real
// notification with getNotifications(), makes a real NotificationEvent("notificationclick") for it
// with that action, and dispatches it on the worker, so the library's own listener runs in the worker
// with the worker's own fetch, cookies and clients. Only `waitUntil` is lent by the message event
// (a script-made event cannot keep the worker alive itself).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { createMemoryRelayStore } from "../../src/server/createMemoryRelayStore";
import type { ElicitationRecord, ElicitationRelayEvent } from "../../src/server/types";
import { createLoopbackPush, makeDevice, makeTls, startPushService, type PushServiceStandIn } from "../../test/server/helpers/pushService";
import { buildRelayPage, identifyByCookie, serveRelayPage } from "../relayPage/relayPage";
import { COUNT_SETTLED_SHOWS, settledShows } from "./settledShows";

const WORKER = `import { listenForElicitationPush } from "/rme-push.js";
listenForElicitationPush(self, { relayUrl: "/api/elicitation" });
${COUNT_SETTLED_SHOWS}

// Test pages only: presses a notification's action through the worker's own listeners (see the test's head).
self.addEventListener("message", (event) => {
  if (typeof event.data !== "object") return;
  const { tag, action } = event.data;
  event.waitUntil((async () => {
    const [notification] = await self.registration.getNotifications({ tag });
    if (notification === undefined) return event.ports[0].postMessage({ pressed: false });
    const click = new NotificationEvent("notificationclick", { notification, action });
    const work = [];
    Object.defineProperty(click, "waitUntil", { value: (promise) => void work.push(promise) });
    self.dispatchEvent(click);
    const outcomes = await Promise.allSettled(work);
    event.ports[0].postMessage({ pressed: true, outcomes: outcomes.map((outcome) => outcome.status) });
  })());
});`;

let built: { outDir: string; remove: () => Promise<void> };
let served: { origin: string; close: () => Promise<void> };
let service: PushServiceStandIn;
let browser: Browser;
let context: BrowserContext;
/** A page of the person's with no relay connection: it registered the worker, and reads its notifications. */
let home: Page;
let cdp: CDPSession;
let registrationId: string;
/** Every payload the device received, decrypted, in order. */
const delivered: string[] = [];
const events: ElicitationRelayEvent[] = [];
const records: ElicitationRecord[] = [];
const store = createMemoryRelayStore();
const tls = makeTls();
const device = makeDevice("https://127.0.0.1/push/ada");
const push = createLoopbackPush(store, tls);
const relay = createElicitationRelay({ store, identify: identifyByCookie, notify: { afterMs: 300, send: push.send }, onEvent: (event) => void events.push(event), onRecord: (record) => void records.push(record) });

beforeAll(async () => {
  service = await startPushService(tls, () => 201, ({ body }) => {
    const payload = device.decrypt(body);
    delivered.push(payload);
    void cdp.send("ServiceWorker.deliverPushMessage", { origin: served.origin, registrationId, data: payload });
  });
  await push.subscribe("ada", { ...device.subscription, endpoint: `${service.base}/push/ada` });
  built = await buildRelayPage();
  const bundled = await build({ entryPoints: [join(import.meta.dirname, "../../src/client/push/index.ts")], bundle: true, format: "esm", write: false, logLevel: "error" });
  await writeFile(join(built.outDir, "rme-push.js"), bundled.outputFiles[0]!.text);
  await writeFile(join(built.outDir, "sw.js"), WORKER);
  await writeFile(join(built.outDir, "home.html"), "<!doctype html><title>Home</title><h1>Home</h1>");
  served = await serveRelayPage(built.outDir, relay.handle);
  browser = await launchChromium();
  context = await browser.newContext();
  await context.grantPermissions(["notifications"], { origin: served.origin });
  await context.addCookies([{ name: "person", value: "ada", url: served.origin }]);
  home = await context.newPage();
  cdp = await context.newCDPSession(home);
  const registered = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const found = registrations.find((item) => item.scopeURL === `${served.origin}/` && !item.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  await home.goto(`${served.origin}/home.html`);
  await home.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { type: "module" });
    await navigator.serviceWorker.ready;
  });
  registrationId = await registered;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await relay.close();
  await served?.close();
  await service?.close();
  await built?.remove();
});

interface Shown {
  tag: string;
  title: string;
  body: string;
  actions: { action: string; title: string }[];
}
const shown = () =>
  home.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((item) => ({
      tag: item.tag,
      title: item.title,
      body: item.body,
      actions: ((item as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({ action, title })),
    })),
  );
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read();
    if (done(value) || tries > 100) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** Presses `action` of the notification tagged `tag`, in the worker (the test's head says how). */
const pressAction = (tag: string, action: string) =>
  home.evaluate(
    async ({ tag, action }) => {
      const worker = (await navigator.serviceWorker.ready).active!;
      const channel = new MessageChannel();
      const reply = new Promise<{ pressed: boolean; outcomes?: string[] }>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
      worker.postMessage({ tag, action }, [channel.port2]);
      return reply;
    },
    { tag, action },
  );
const yesNo = (message: string) => ({ message, requestedSchema: { type: "object", properties: { approve: { type: "boolean", title: "Approve" } }, required: ["approve"] } });
const answeredEvents = (id: string) => events.filter((event) => event.type === "answered" && event.id === id).length;

describe("answering from a notification's action", () => {
  it("sends the chosen answer from the worker, once, for that question only; the card open in another window closes as answered elsewhere", async () => {
    const got: Record<string, ElicitResult> = {};
    const ask = (serverName: string, params: unknown) => relay.request({ owner: "ada", serverName, params }).then((result) => void (got[serverName] = result));
    const bank = ask("Bank", yesNo("Transfer 120 EUR to Ben?"));
    const payroll = ask("Payroll", yesNo("Run payroll for March?"));
    // Three choices: the payload offers them, and Chromium has room for two actions: all or none, so none.
    void ask("Deploy", { message: "Deploy where?", requestedSchema: { type: "object", properties: { region: { type: "string", oneOf: [{ const: "eu", title: "Europe" }, { const: "us", title: "Americas" }, { const: "ap", title: "Asia" }] } } } });

    await settledShows(home, 3);
    const notifications = await shown();
    const byTitle = Object.fromEntries(notifications.map((item) => [item.title, item]));
    const yesNoActions = [
      { action: "mcp-elicitation-answer:0", title: "Yes" },
      { action: "mcp-elicitation-answer:1", title: "No" },
    ];
    expect(byTitle["Bank is asking"]).toMatchObject({ body: "Transfer 120 EUR to Ben?", actions: yesNoActions });
    expect(byTitle["Payroll is asking"]).toMatchObject({ body: "Run payroll for March?", actions: yesNoActions });
    expect(byTitle["Deploy is asking"]!.actions).toEqual([]);
    expect(JSON.parse(delivered.find((text) => text.includes("Deploy where?"))!).choices).toHaveLength(3);

    // Now a window of the person's opens on the chat: Bank's card is drawn (the first of three).
    const windowsBefore = context.pages().length;
    const chat = await context.newPage();
    await chat.goto(served.origin);
    const card = (name: string) => chat.getByRole("region", { name: new RegExp(name) });
    await card("Bank").getByText("1 of 3").waitFor();

    // "No" on Payroll's notification: Payroll alone is answered, with false; Bank's card stays.
    const payrollTag = byTitle["Payroll is asking"]!.tag;
    expect(await pressAction(payrollTag, "mcp-elicitation-answer:1")).toEqual({ pressed: true, outcomes: ["fulfilled"] });
    await payroll;
    expect(got).toEqual({ Payroll: { action: "accept", content: { approve: false } } });
    await card("Bank").getByText("1 of 2").waitFor({ timeout: 10_000 });
    expect((await shown()).map((item) => item.tag)).not.toContain(payrollTag);

    // "Yes" on Bank's: the card on screen says it was answered elsewhere and closes; Deploy's comes next.
    const bankTag = byTitle["Bank is asking"]!.tag;
    expect(await pressAction(bankTag, "mcp-elicitation-answer:0")).toEqual({ pressed: true, outcomes: ["fulfilled"] });
    await bank;
    expect(got.Bank).toEqual({ action: "accept", content: { approve: true } });
    await card("Bank").getByText("Answered in another window").waitFor({ timeout: 10_000 });
    await card("Bank").waitFor({ state: "detached", timeout: 10_000 });
    await card("Deploy").waitFor();
    expect((await until(shown, (list) => !list.some((item) => item.tag === bankTag))).map((item) => item.tag)).not.toContain(bankTag);

    // A stale notification of Bank's (the push delivered again after the question closed), pressed "No":
    // the relay refuses it, nothing is answered twice, nothing broken is shown, no window is opened.
    const bankPayload = delivered.find((text) => text.includes("Transfer 120 EUR"))!;
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: served.origin, registrationId, data: bankPayload });
    await settledShows(home, 4);
    expect((await shown()).map((item) => item.tag)).toContain(bankTag);
    expect(await pressAction(bankTag, "mcp-elicitation-answer:1")).toEqual({ pressed: true, outcomes: ["fulfilled"] });
    expect((await shown()).map((item) => item.tag)).not.toContain(bankTag);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [bankId, payrollId] = [bankTag, payrollTag].map((tag) => tag.slice("mcp-elicitation:".length)) as [string, string];
    expect([answeredEvents(bankId), answeredEvents(payrollId)]).toEqual([1, 1]);
    expect(events.filter((event) => event.type === "answer-refused").map(({ id, status }) => ({ id, status }))).toEqual([{ id: bankId, status: 409 }]);
    expect(context.pages().length).toBe(windowsBefore + 1);
    expect(records.map(({ id, serverName, cause, action }) => ({ id, serverName, cause, action }))).toEqual([
      { id: payrollId, serverName: "Payroll", cause: "notification", action: "accept" },
      { id: bankId, serverName: "Bank", cause: "notification", action: "accept" },
    ]);
    await chat.close();
  });
});
