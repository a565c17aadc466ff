// Remembered decisions in a page built as the docs show it (`useElicitationRelay`, questions inline in
// a chat view), against the real relay over HTTP, in real Chromium at a person's pace: the person
// ticks "Remember for this chat" and submits; the next identical question in that chat is answered with
// exactly what they sent, and the thread shows a line for it instead of a card; Forget on that line
// brings the card back the next time. Another chat still asks.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitResult } from "../../src/core/types";
import type { ElicitationRecord } from "../../src/server/types";
import { buildRelayPage, deployCard as card, deployQuestion, identifyByCookie, press, serveRelayPage } from "./relayPage";

let built: { outDir: string; remove: () => Promise<void> };
let served: { origin: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext | undefined;
const records: ElicitationRecord[] = [];
const relay = createElicitationRelay({ identify: identifyByCookie, remember: { chat: "chatId", server: true }, onRecord: (record) => void records.push(record) });

beforeAll(async () => {
  built = await buildRelayPage();
  served = await serveRelayPage(built.outDir, relay.handle);
  browser = await chromium.launch(chromiumLaunchOptions());
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await relay.close();
  await served?.close();
  await built?.remove();
});

async function openChat(person: string, chatId: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "person", value: person, url: served.origin }]);
  const page = await context.newPage();
  await page.goto(`${served.origin}/#${chatId}`);
  return page;
}

const ask = (person: string, chatId: string): Promise<ElicitResult> => relay.request({ owner: person, serverName: "Deploy server", params: deployQuestion, context: { chatId } });
const line = (page: Page) => page.getByRole("status").filter({ hasText: /Deploy server: answered automatically/ });

/** Presses a checkbox of the card as a person does: pointer on it, down ~120 ms, up. */
async function tick(page: Page, name: string) {
  const box = (await card(page).getByRole("checkbox", { name }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

describe("remembered decisions in Chromium", () => {
  it("tick, submit: the next identical question shows a line, not a card; Forget brings the card back", async () => {
    const page = await openChat("ada", "a");
    const first = ask("ada", "a");
    await card(page).waitFor();
    // A person reads before acting.
    await page.waitForTimeout(1000);
    await press(page, "eu-west", "radio");
    await card(page).getByRole("textbox", { name: /Note for the team/ }).click();
    await page.keyboard.type("after lunch", { delay: 60 });
    expect(await card(page).getByRole("checkbox", { name: "Always for this server" }).isChecked()).toBe(false);
    await tick(page, "Remember for this chat");
    expect(await card(page).getByRole("checkbox", { name: "Remember for this chat" }).isChecked()).toBe(true);
    await press(page, "Submit");
    const sent = await first;
    expect(sent).toEqual({ action: "accept", content: { region: "eu-west", note: "after lunch" } });
    await card(page).waitFor({ state: "detached" });

    // Asked again in the same chat: answered at once with exactly that, and the thread says so.
    expect(await ask("ada", "a")).toEqual(sent);
    await line(page).waitFor();
    const today = new Intl.DateTimeFormat("en", { day: "numeric", month: "short" }).format(Date.now());
    expect(await line(page).textContent()).toContain(`Deploy server: answered automatically — remembered ${today}`);
    await page.waitForTimeout(500);
    expect(await card(page).count()).toBe(0);
    expect(records.map((record) => record.cause)).toEqual(["person", "remembered"]);

    // Another chat of the same person still asks.
    const elsewhere = ask("ada", "b");
    await page.goto(`${served.origin}/#b`);
    await card(page).waitFor();
    await page.waitForTimeout(1000);
    await press(page, "Decline");
    expect(await elsewhere).toEqual({ action: "decline" });

    // Back in chat a: the line, and Forget on it.
    await page.goto(`${served.origin}/#a`);
    const again = ask("ada", "a");
    expect(await again).toEqual(sent);
    await line(page).first().waitFor();
    await page.waitForTimeout(1000);
    // Both lines are of the one decision: Forget on the last, and both say so.
    const forget = page.getByRole("button", { name: "Forget" });
    expect(await forget.count()).toBe(2);
    const box = (await forget.last().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.mouse.down();
    await page.waitForTimeout(120);
    await page.mouse.up();
    await page.getByText("Forgotten. Deploy server will ask you next time.").nth(1).waitFor();
    expect(await forget.count()).toBe(0);
    const afterForget = ask("ada", "a");
    await card(page).waitFor();
    await page.waitForTimeout(1000);
    await press(page, "Cancel");
    expect(await afterForget).toEqual({ action: "cancel" });
    expect(await relay.remembered("ada")).toEqual([]);
  });

  it("a form with a sensitive field offers nothing to remember", async () => {
    const page = await openChat("bob", "a");
    const asked = relay.request({
      owner: "bob",
      serverName: "Deploy server",
      params: { message: "Your deploy token?", requestedSchema: { type: "object", properties: { apiToken: { type: "string", title: "API token" } } } },
      context: { chatId: "a" },
    });
    await card(page).waitFor();
    await page.waitForTimeout(1000);
    expect(await card(page).getByRole("checkbox").count()).toBe(0);
    await press(page, "Cancel");
    expect(await asked).toEqual({ action: "cancel" });
  });
});
