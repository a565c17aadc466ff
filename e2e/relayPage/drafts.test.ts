// What was typed survives the page going away, with no host code for it: a page built as the docs
// show (`useElicitationRelay`, `createElicitationDraftStore({ storage: "session" })`) against the real
// relay over HTTP, in real Chromium at human pace. A reload brings the question back with the typed
// text; a return through the back/forward cache does too, and the answer then sent is the one taken.
// And the text is the question's and the person's: the next person of the tab, another chat never see
// it; another view of the app and back (no reload), and a window opened from this one, bring it back; it
// is in the tab once typing pauses (not only at pagehide); the host's sign-out and a 401 forget it.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitResult } from "../../src/core/types";
import { buildRelayPage, deployCard as card, deployQuestion, identifyByCookie, press, serveRelayPage } from "./relayPage";

let built: { outDir: string; remove: () => Promise<void> };
let served: { origin: string; close: () => Promise<void> };
let origin: string;
let browser: Browser;
let context: BrowserContext | undefined;
/** Event streams open per person, as the relay counts them. */
const streams = new Map<string, number>();
const relay = createElicitationRelay({
  identify: identifyByCookie,
  onEvent: ({ type, owner }) => {
    if (owner === undefined || (type !== "stream-opened" && type !== "stream-closed")) return;
    streams.set(owner, (streams.get(owner) ?? 0) + (type === "stream-opened" ? 1 : -1));
  },
});

beforeAll(async () => {
  built = await buildRelayPage();
  served = await serveRelayPage(built.outDir, relay.handle);
  origin = served.origin;
  // Playwright turns the back/forward cache off by default; a person's browser has it on.
  const launch = chromiumLaunchOptions();
  browser = await chromium.launch({ ...launch, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
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

async function openPage(person: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "person", value: person, url: origin }]);
  const page = await context.newPage();
  await page.goto(origin);
  return page;
}

const note = (page: Page) => card(page).getByRole("textbox", { name: /Note for the team/ });

/** Asks `person` (in the chat `chatId` when given); resolves with what the relay's MCP side got. */
function ask(person: string, chatId?: string): Promise<ElicitResult> {
  return relay.request({ owner: person, serverName: "Deploy server", params: deployQuestion, ...(chatId === undefined ? {} : { context: { chatId } }) });
}

/** The card shows nothing typed: no region chosen, no note. */
async function expectEmpty(page: Page) {
  await card(page).waitFor();
  expect(await note(page).inputValue()).toBe("");
  expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(false);
  expect(await card(page).getByText(/earlier answers/).count()).toBe(0);
}

/** Everything the tab keeps in sessionStorage, as one string. */
const tabStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

async function typeAnswer(page: Page) {
  await card(page).waitFor();
  await page.waitForTimeout(800);
  await press(page, "eu-west", "radio");
  await note(page).click();
  await page.keyboard.type("after lunch, please", { delay: 40 });
}

describe("drafts across the page going away", () => {
  it("a reload brings the question back with what was typed, and the answer sent after it is the one taken", async () => {
    const page = await openPage("ada");
    const answer = ask("ada");
    await typeAnswer(page);
    const firstLoad = await page.evaluate(() => window.loadedAt);

    await page.reload();
    expect(await page.evaluate(() => window.loadedAt)).not.toBe(firstLoad);
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("after lunch, please");
    expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    await expect.poll(() => card(page).getByText("Your earlier answers to this form were restored.").isVisible()).toBe(true);

    await page.waitForTimeout(800);
    await press(page, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "after lunch, please" } });
    await card(page).waitFor({ state: "detached" });
    // Answered: the draft is forgotten, in the tab's storage too.
    expect(await page.evaluate(() => sessionStorage.getItem("react-mcp-elicitation:drafts"))).toBeNull();
  });

  it("leaving for another page and coming back (the back/forward cache) brings back the question and the typed text", async () => {
    const page = await openPage("grace");
    const answer = ask("grace");
    await typeAnswer(page);
    const firstLoad = await page.evaluate(() => window.loadedAt);

    await page.goto(`${origin}/other.html`);
    // The page kept in the cache holds no stream: the relay knows nobody is looking.
    await expect.poll(() => streams.get("grace")).toBe(0);
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => streams.get("grace")).toBe(1);
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("after lunch, please");
    // Restored from the cache, not loaded again: the connection itself came back.
    expect(await page.evaluate(() => window.loadedAt)).toBe(firstLoad);
    expect(await page.evaluate(() => window.shows)).toEqual([false, true]);

    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await answer).toEqual({ action: "decline" });
  });

  it("“Stop asking” reads with who is asking: under the title, beside the queue's count, on a laptop and on a phone", async () => {
    for (const [person, viewport] of [["alan", { width: 1280, height: 800 }], ["hedy", { width: 390, height: 844 }]] as const) {
      const page = await openPage(person, viewport);
      // Two of the server's questions wait: only then does "Stop asking" do more than Cancel.
      const answers = [ask(person), ask(person)];
      await card(page).waitFor();
      const title = (await card(page).locator(".rme-dialog__title").boundingBox())!;
      const count = (await card(page).getByTestId("rme-queue-position").boundingBox())!;
      const stop = (await card(page).getByRole("button", { name: /Stop asking/ }).boundingBox())!;
      const close = (await card(page).locator(".rme-dialog__close").boundingBox())!;
      expect(Math.abs(count.x - title.x)).toBeLessThanOrEqual(1);
      expect(stop.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
      // On the count's row, not alone on a row of its own, and not in the corner under the ×.
      expect(Math.abs(stop.y + stop.height / 2 - (count.y + count.height / 2))).toBeLessThanOrEqual(2);
      expect(stop.x + stop.width).toBeLessThan(close.x);
      await page.waitForTimeout(800);
      await press(page, /Stop asking/);
      expect(await Promise.all(answers)).toEqual([{ action: "cancel" }, { action: "cancel" }]);
      await context?.close();
      context = undefined;
    }
  });
});

describe("drafts belong to the question and to the person", () => {
  it("person A types, signs out, person B signs in on the same tab: B's question of the same form is empty, and A's text is gone from the tab", async () => {
    const page = await openPage("ada");
    const stopAda = new AbortController();
    const adas = relay.request({ owner: "ada", serverName: "Deploy server", params: deployQuestion, signal: stopAda.signal });
    await typeAnswer(page);
    // The host's sign-out and B's sign-in: another cookie, the page loaded again.
    await context!.addCookies([{ name: "person", value: "bea", url: origin }]);
    const beas = ask("bea");
    await page.reload();
    await expectEmpty(page);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("react-mcp-elicitation:drafts") ?? "")).not.toContain("after lunch");

    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await beas).toEqual({ action: "decline" });
    stopAda.abort();
    await expect(adas).rejects.toBeDefined();
  });

  it("type, go to another view of the app and come back (no reload): the text is back", async () => {
    const page = await openPage("lin");
    const answer = ask("lin");
    await typeAnswer(page);
    const firstLoad = await page.evaluate(() => window.loadedAt);

    await press(page, "Settings", "link");
    await card(page).waitFor({ state: "detached" });
    await page.waitForTimeout(600);
    await press(page, /^Chat$/, "link");
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("after lunch, please");
    expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    expect(await page.evaluate(() => window.loadedAt)).toBe(firstLoad);

    await page.waitForTimeout(800);
    await press(page, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "after lunch, please" } });
  });

  it("kept in the tab as soon as typing pauses; a window opened from this one has it, a window opened apart does not", async () => {
    const page = await openPage("max");
    const answer = ask("max");
    await typeAnswer(page);
    // No pagehide yet: the page is still open and shown.
    await expect.poll(() => tabStorage(page), { timeout: 3_000 }).toContain("after lunch");

    const [opened] = await Promise.all([context!.waitForEvent("page"), page.evaluate((url) => void window.open(url), origin)]);
    await card(opened).waitFor();
    await expect.poll(() => note(opened).inputValue()).toBe("after lunch, please");
    const apart = await context!.newPage();
    await apart.goto(origin);
    await expectEmpty(apart);

    await opened.waitForTimeout(800);
    await press(opened, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "after lunch, please" } });
  });

  it("the host's sign-out (drafts.clear()) forgets it: the same person signed in again finds the question empty", async () => {
    const page = await openPage("noa");
    const answer = ask("noa");
    await typeAnswer(page);
    await expect.poll(() => tabStorage(page)).toContain("after lunch");

    await page.waitForTimeout(600);
    await press(page, "Sign out");
    await page.getByRole("heading", { name: "Signed out" }).waitFor();
    expect(await tabStorage(page)).not.toContain("after lunch");
    await context!.addCookies([{ name: "person", value: "noa", url: origin }]);
    await page.reload();
    await expectEmpty(page);
    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await answer).toEqual({ action: "decline" });
  });

  it("a 401 from the relay (the session ended) forgets it: signed in again, the question is empty", async () => {
    const page = await openPage("ines");
    const answer = ask("ines");
    await typeAnswer(page);
    await expect.poll(() => tabStorage(page)).toContain("after lunch");

    // The session's cookie expires; the page is loaded again and the relay answers its stream 401.
    await context!.clearCookies();
    await page.reload();
    await expect.poll(() => tabStorage(page)).not.toContain("after lunch");
    expect(await card(page).count()).toBe(0);
    await context!.addCookies([{ name: "person", value: "ines", url: origin }]);
    await page.reload();
    await expectEmpty(page);
    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await answer).toEqual({ action: "decline" });
  });

  it("a chat stopped after typing, then the same question in another chat: the new card is empty", async () => {
    const page = await openPage("kai");
    await press(page, "Chat a", "link");
    const stopped = ask("kai", "a");
    await typeAnswer(page);
    // The chat's Stop.
    await relay.withdraw({ owner: "kai", context: { chatId: "a" } });
    expect(await stopped).toEqual({ action: "cancel" });
    await card(page).waitFor({ state: "detached" });

    const answer = ask("kai", "b");
    await press(page, "Chat b", "link");
    await expectEmpty(page);
    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await answer).toEqual({ action: "decline" });
  });
});
