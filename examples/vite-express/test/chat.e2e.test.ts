// The Vite + Express example end to end, as people use it: the API and Vite's dev server (its proxy in
// front of the API) started, the packed library installed, Chromium pressing (held ~120 ms), typing a key
// at a time and reading (~1 s) before each action, and a phone tapped with a finger. The app's Web Push
// goes to a push service stand-in on loopback (HTTPS, its own certificate, trusted by the API through
// NODE_EXTRA_CA_CERTS), which decrypts what it gets with the device's keys and hands it to Chromium as a
// push service would: through the DevTools protocol (ServiceWorker.deliverPushMessage).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, BrowserContext, CDPSession, Locator, Page } from "playwright-core";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeDevice, makeTls, startPushService, type PushServiceStandIn } from "../../../test/server/helpers/pushService";
import { connectChromium, press, read, tap, type } from "../../personPace";
import { startExample } from "./startExample";

let app: Awaited<ReturnType<typeof startExample>>;
let browser: Browser;
let pushService: PushServiceStandIn;
/** What the stand-in does with each push it received (decrypted, with its VAPID header): set by the test that expects one. */
let onPush: (payload: string, authorization: string) => void = () => undefined;
const files = mkdtempSync(join(tmpdir(), "vite-express-"));
/** The app's record: one JSON line per closed question, in its folder. */
const records = resolve(import.meta.dirname, "../elicitation-records.jsonl");
const vapid = webPush.generateVAPIDKeys();
const tls = makeTls();
const device = makeDevice("https://127.0.0.1/");

beforeAll(async () => {
  pushService = await startPushService(tls, () => 201, ({ body, headers }) => onPush(device.decrypt(body), String(headers.authorization)));
  writeFileSync(join(files, "push-service.pem"), tls.cert);
  rmSync(records, { force: true });
  app = await startExample({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_SERVICE_ORIGIN: pushService.base,
    NODE_EXTRA_CA_CERTS: join(files, "push-service.pem"),
  });
  browser = await connectChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await pushService?.close();
  rmSync(files, { recursive: true, force: true });
});

/** A new person (own cookies) signed in, on a new chat. */
async function signIn(name: string, context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
  await page.goto(app.url);
  await read(page);
  await type(page.getByLabel("Your name"), name);
  await press(page.getByRole("button", { name: "Start chatting" }));
  await page.getByLabel("Message").waitFor();
  return page;
}

async function send(page: Page, text: string) {
  await read(page);
  await type(page.getByLabel("Message"), text);
  await press(page.getByRole("button", { name: "Send" }));
}

const toolCall = (page: Page, service: string) => page.locator(".tool-call").filter({ hasText: `"service":"${service}"` });
const cardIn = (call: Locator) => call.locator('[data-presentation="inline"]');
const resultOf = (call: Locator) => call.locator(".tool-result").innerText();

describe("the Vite + Express example", () => {
  it("the tool's question shows under its call; the answer comes back as the tool's result", async () => {
    const page = await signIn("Ada");
    await send(page, "deploy web");
    const call = toolCall(page, "web");
    const card = cardIn(call);
    await card.waitFor();
    expect(await page.locator('[data-presentation="inline"]').count()).toBe(1);
    await expect.poll(() => card.innerText()).toContain('Where should "web" be deployed?');
    await read(page);
    await press(card.getByRole("radio", { name: "us-east-1" }));
    await type(card.getByRole("textbox", { name: "Note for the team" }), "ship it");
    await read(page);
    await press(card.getByRole("button", { name: "Submit" }));
    const result = 'Deploy of web: accepted {"region":"us-east-1","note":"ship it"}';
    await expect.poll(() => resultOf(call)).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    expect(await card.count()).toBe(0);
    await page.context().close();
  });

  it("“Remember for this chat”: the same question again is answered as before, a line under its call and no card; Forget asks again", async () => {
    const page = await signIn("Katherine");
    await send(page, "deploy web");
    const calls = toolCall(page, "web");
    const first = cardIn(calls.nth(0));
    await first.waitFor();
    await read(page);
    await press(first.getByRole("radio", { name: "us-east-1" }));
    await press(first.getByRole("checkbox", { name: "Remember for this chat" }));
    await read(page);
    await press(first.getByRole("button", { name: "Submit" }));
    const result = 'Deploy of web: accepted {"region":"us-east-1"}';
    await expect.poll(() => resultOf(calls.nth(0))).toBe(result);

    await send(page, "deploy web");
    await expect.poll(() => resultOf(calls.nth(1))).toBe(result);
    const line = calls.nth(1).getByText(/^Deploy server: answered automatically — remembered /);
    await line.waitFor();
    expect(await cardIn(calls.nth(1)).count()).toBe(0);

    await read(page);
    await press(calls.nth(1).getByRole("button", { name: "Forget" }));
    await calls.nth(1).getByText("Forgotten. Deploy server will ask you next time.").waitFor();
    await send(page, "deploy web");
    const third = cardIn(calls.nth(2));
    await third.waitFor();
    await read(page);
    await press(third.getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(calls.nth(2))).toBe("Deploy of web: the person declined.");
    await page.context().close();
  });

  it("Decline reaches the tool as a decline", async () => {
    const page = await signIn("Grace");
    await send(page, "deploy api");
    const call = toolCall(page, "api");
    await cardIn(call).waitFor();
    await read(page);
    await press(cardIn(call).getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(call)).toBe("Deploy of api: the person declined.");
    await page.context().close();
  });

  it("a reload in the middle of a question brings the card back under its call with what was typed", async () => {
    const page = await signIn("Barbara");
    await send(page, "deploy db");
    const card = () => cardIn(toolCall(page, "db"));
    await card().waitFor();
    await read(page);
    await press(card().getByRole("radio", { name: "eu-west-1" }));
    await type(card().getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    await card().waitFor();
    await expect.poll(() => card().getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await card().getByRole("radio", { name: "eu-west-1" }).isChecked()).toBe(true);
    await read(page);
    await press(card().getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(toolCall(page, "db"))).toBe('Deploy of db: accepted {"region":"eu-west-1","note":"half written"}');
    await page.context().close();
  });

  it("answering in one window closes the other window's card with “Answered in another window”", async () => {
    const first = await signIn("Margaret");
    await send(first, "deploy cache");
    const firstCard = cardIn(toolCall(first, "cache"));
    await firstCard.waitFor();
    const second = await first.context().newPage();
    await second.goto(first.url());
    const secondCard = cardIn(toolCall(second, "cache"));
    await secondCard.waitFor();

    await first.bringToFront();
    await read(first);
    await press(firstCard.getByRole("radio", { name: "eu-west-1" }));
    await read(first);
    await press(firstCard.getByRole("button", { name: "Submit" }));
    await second.bringToFront();
    await expect.poll(() => secondCard.innerText()).toContain("Answered in another window");
    const result = 'Deploy of cache: accepted {"region":"eu-west-1"}';
    await expect.poll(() => resultOf(toolCall(first, "cache"))).toBe(result);
    await expect.poll(() => secondCard.count()).toBe(0);
    await first.context().close();
  });

  it("another person sees nothing of it, even at the chat's address", async () => {
    const ada = await signIn("Alan");
    await send(ada, "deploy search");
    await cardIn(toolCall(ada, "search")).waitFor();
    const bob = await signIn("Bob");
    await bob.goto(ada.url());
    await bob.getByLabel("Message").waitFor();
    await read(bob);
    await read(bob);
    expect(await bob.locator('[data-presentation="inline"]').count()).toBe(0);
    expect(await bob.locator(".tool-call").count()).toBe(0);
    // Still Alan's to answer.
    await read(ada);
    await press(cardIn(toolCall(ada, "search")).getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(toolCall(ada, "search"))).toBe("Deploy of search: the person declined.");
    await Promise.all([ada.context().close(), bob.context().close()]);
  });

  it("on a phone, a finger's taps answer it", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await signIn("Katherine", phone);
    await send(page, "deploy mobile");
    const call = toolCall(page, "mobile");
    await cardIn(call).waitFor();
    await read(page);
    await tap(cardIn(call).getByRole("radio", { name: "ap-southeast-2" }));
    await read(page);
    await tap(cardIn(call).getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(call)).toBe('Deploy of mobile: accepted {"region":"ap-southeast-2"}');
    await phone.close();
  });

  it("a question asked after the tab closed reaches the person's device; the page opened again shows it; one record, without what was typed", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(["notifications"], { origin: app.url });
    // Headless Chromium registers with no push service ("Registration failed - permission denied", even with
    // notifications granted), and the stand-in could not read what was encrypted for Chromium's own keys:
    // subscribing gets the stand-in's address and the device's keys (made as a browser makes them) instead,
    // and only once notifications are allowed, as a browser's. Permission requests are counted, to see that none comes before the press.
    const subscription = { endpoint: `${pushService.base}/push/ida`, expirationTime: null, keys: device.subscription.keys };
    await context.addInitScript((subscription) => {
      const state: { asks: number; key?: string; pressCounts?: boolean } = { asks: 0 };
      (window as unknown as { pushTest: typeof state }).pushTest = state;
      const ask = Notification.requestPermission.bind(Notification);
      // Whether the person's press still counts when the permission is asked (transient activation). Chromium
      // keeps it for seconds, past a fetch too; the library's unit test holds that nothing is awaited before the ask.
      Notification.requestPermission = () => ((state.pressCounts = navigator.userActivation.isActive), state.asks++, ask());
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== "granted") throw new DOMException("Registration failed - permission denied", "NotAllowedError");
        const key = options?.applicationServerKey;
        state.key = typeof key === "string" ? key : undefined;
        return { ...subscription, toJSON: () => subscription } as unknown as PushSubscription;
      };
    }, subscription);
    // The rest of the person's browser (a tab that is not the app): where the push is delivered and the notifications read.
    const rest = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(rest);
    let registrationId = "";
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      registrationId = registrations.find((item) => item.scopeURL === `${app.url}/` && !item.isDeleted)?.registrationId ?? registrationId;
    });
    await cdp.send("ServiceWorker.enable");
    const pushes: string[] = [];
    let signedWith = "";
    onPush = (payload, authorization) => {
      pushes.push(payload);
      signedWith = authorization;
      void cdp.send("ServiceWorker.deliverPushMessage", { origin: app.url, registrationId, data: payload });
    };

    const page = await signIn("Ida", context);
    const asks = () => page.evaluate(() => (window as unknown as { pushTest: { asks: number; key?: string; pressCounts?: boolean } }).pushTest);
    await read(page);
    expect(await asks()).toEqual({ asks: 0 });
    await press(page.getByRole("button", { name: "Notify me on this device" }));
    await expect.poll(() => page.locator(".notify-me").innerText()).toBe("This device gets a notification when a question waits for you.");
    // Asked once, on the press; subscribed under the key the app's push route gave (the page is given none).
    expect(await asks()).toEqual({ asks: 1, key: vapid.publicKey, pressCounts: true });
    expect(registrationId).not.toBe("");

    // The tool builds for 4 s before it asks; the person closes the tab meanwhile.
    await send(page, "deploy web after 4 s");
    await toolCall(page, "web").waitFor();
    const chat = new URL(page.url()).searchParams.get("chat");
    await page.close();

    await expect.poll(() => pushes.length, { timeout: 20_000 }).toBe(1);
    const notice = JSON.parse(pushes[0]!) as { id: string; url: string };
    // Signed with the keys the app was given (VAPID_PUBLIC_KEY), as the subscription was made under.
    expect(signedWith).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${vapid.publicKey}$`));
    expect(notice).toMatchObject({ kind: "mcp-elicitation", serverName: "Deploy server", message: 'Where should "web" be deployed?', url: `/?chat=${chat}` });
    await rest.goto(`${app.url}/api/me`);
    const notifications = () =>
      rest.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({ title, body, url: (data as { url: string }).url })));
    // Chromium's getNotifications() forgets for good a notification read while it is still being shown:
    // the worker's push handling (milliseconds) is given a second before the first read.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect.poll(notifications).toEqual([{ title: "Deploy server is asking", body: 'Where should "web" be deployed?', url: `/?chat=${chat}` }]);

    // Where pressing the notification leads (headless Chromium cannot press one): the chat, its card waiting.
    const again = await context.newPage();
    await again.goto(new URL(notice.url, app.url).href);
    const call = toolCall(again, "web");
    const card = cardIn(call);
    await card.waitFor();
    await read(again);
    await press(card.getByRole("radio", { name: "ap-southeast-2" }));
    await type(card.getByRole("textbox", { name: "Note for the team" }), "from my phone");
    await read(again);
    await press(card.getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(call)).toBe('Deploy of web: accepted {"region":"ap-southeast-2","note":"from my phone"}');

    // One record of it, once the relay closed it: how it ended, never what was typed.
    const lines = () => readFileSync(records, "utf8").split("\n").filter(Boolean);
    await expect.poll(() => lines().filter((line) => line.includes(notice.id)).length).toBe(1);
    const line = lines().find((text) => text.includes(notice.id))!;
    expect(JSON.parse(line)).toMatchObject({ id: notice.id, owner: "Ida", serverName: "Deploy server", context: { chatId: chat }, action: "accept", cause: "person" });
    expect(line).not.toMatch(/ap-southeast-2|from my phone|"content"/);
    // Nor any other question's record (this file's earlier tests answered theirs with values).
    expect(readFileSync(records, "utf8")).not.toContain('"content"');
    expect(pushes).toHaveLength(1);
    await context.close();
  });

  it("the chat's Stop closes the card: the tool call ends without an answer", async () => {
    const page = await signIn("Hedy");
    await send(page, "deploy radio");
    const call = toolCall(page, "radio");
    await cardIn(call).waitFor();
    await read(page);
    await press(page.getByRole("button", { name: "Stop", exact: true }));
    await expect.poll(() => cardIn(call).count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Send" }).count()).toBe(1);
    expect(await call.locator(".tool-result").count()).toBe(0);
    // After a reload the question does not come back: it was withdrawn, not left waiting.
    await page.reload();
    await page.getByLabel("Message").waitFor();
    await read(page);
    expect(await page.locator('[data-presentation="inline"]').count()).toBe(0);
    await page.context().close();
  });
});
