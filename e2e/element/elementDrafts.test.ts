// <mcp-elicitation-outlet drafts="session">'s drafts in Chromium at a person's pace: the static page
// built from the packed package, its chat views switched without a reload (`?chats`), beside a real
// relay over HTTP (the person is the `user` cookie). What was typed comes back for that question only
// (another view and back, a reload, a window opened from this one), is in the tab once typing pauses
// (not only at pagehide), and never reaches another chat or the next person of the tab; a 401 and
// the page's sign-out (`clearDrafts()`) forget it.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitResult } from "../../src/core/types";
import { deployQuestion, serveRelayPage } from "../relayPage/relayPage";
import { buildPages } from "./elementHost";

let pages: Awaited<ReturnType<typeof buildPages>>;
let served: { origin: string; close: () => Promise<void> };
let browser: Browser;
const contexts: BrowserContext[] = [];
const relay = createElicitationRelay({ identify: (request) => /(?:^|;\s*)user=([a-z]+)/.exec(request.headers.get("cookie") ?? "")?.[1] ?? null });

beforeAll(async () => {
  pages = await buildPages();
  served = await serveRelayPage(pages.root, relay.handle);
  browser = await launchChromium();
}, 240_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await relay.close();
  await served?.close();
  await pages?.remove();
});

const PAGE = "/plain/?drafts=session&chats";

async function openPage(user: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await signIn(context, user);
  const page = await context.newPage();
  await page.goto(`${served.origin}${PAGE}`);
  return page;
}

const signIn = (context: BrowserContext, user: string) => context.addCookies([{ name: "user", value: user, url: served.origin }]);

/** Asks `user` the deploy question in chat `chatId`; `stop` withdraws it. */
function ask(user: string, chatId: string, stop?: AbortSignal): Promise<ElicitResult> {
  return relay.request({ owner: user, serverName: "Deploy server", params: deployQuestion, context: { chatId }, ...(stop ? { signal: stop } : {}) });
}

const card = (page: Page) => page.locator('.rme-dialog[data-presentation="inline"]');
const note = (page: Page) => card(page).getByRole("textbox", { name: /Note for the team/ });
/** Everything the tab keeps in sessionStorage, as one string. */
const tabStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

/** A person's press: to the target, down ~120 ms, up, after reading the card as eyes do. */
async function press(page: Page, target: ReturnType<Page["locator"]>) {
  await target.waitFor();
  await page.waitForTimeout(700);
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

async function typeAnswer(page: Page) {
  await press(page, card(page).getByRole("radio", { name: "eu-west" }));
  await note(page).click();
  await page.keyboard.type("12 Private Lane", { delay: 60 });
}

async function expectEmpty(page: Page) {
  await card(page).waitFor();
  expect(await note(page).inputValue()).toBe("");
  expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(false);
}

describe('<mcp-elicitation-outlet drafts="session">: the question\'s, and the person\'s', () => {
  it("another view and back, no reload (a router's navigation): the typed text is back in the same question", async () => {
    const page = await openPage("lin");
    const answer = ask("lin", "a");
    await card(page).waitFor();
    await typeAnswer(page);
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    await press(page, page.getByRole("link", { name: "Settings" }));
    await card(page).waitFor({ state: "detached" });
    await page.waitForTimeout(600);
    await press(page, page.getByRole("link", { name: "Chat a" }));
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("12 Private Lane");
    expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
    await press(page, card(page).getByRole("button", { name: "Submit" }));
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "12 Private Lane" } });
  });

  it("kept in the tab as soon as typing pauses; a window opened from this one has it, a window opened apart does not", async () => {
    const page = await openPage("max");
    const answer = ask("max", "a");
    await card(page).waitFor();
    await typeAnswer(page);
    // No pagehide yet: the page is still open and shown.
    await expect.poll(() => tabStorage(page), { timeout: 3_000 }).toContain("12 Private Lane");

    const [opened] = await Promise.all([page.context().waitForEvent("page"), page.evaluate((url) => void window.open(url), `${served.origin}${PAGE}`)]);
    await card(opened).waitFor();
    await expect.poll(() => note(opened).inputValue()).toBe("12 Private Lane");
    const apart = await page.context().newPage();
    await apart.goto(`${served.origin}${PAGE}`);
    await expectEmpty(apart);

    await press(opened, card(opened).getByRole("button", { name: "Submit" }));
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "12 Private Lane" } });
  });

  it("the next person signs in on the same tab (no sign-out call): their question of the same form is empty, and the text is gone from the tab", async () => {
    const page = await openPage("ada");
    const stopAda = new AbortController();
    const adas = ask("ada", "a", stopAda.signal);
    await card(page).waitFor();
    await typeAnswer(page);
    await expect.poll(() => tabStorage(page)).toContain("12 Private Lane");

    await signIn(page.context(), "bea");
    const beas = ask("bea", "a");
    await page.reload();
    await expectEmpty(page);
    await expect.poll(() => tabStorage(page)).not.toContain("12 Private Lane");
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await beas).toEqual({ action: "decline" });
    stopAda.abort();
    await expect(adas).rejects.toBeDefined();
  });

  it("a chat stopped after typing, then the same question in another chat: the new card is empty", async () => {
    const page = await openPage("kai");
    const stopped = ask("kai", "a");
    await card(page).waitFor();
    await typeAnswer(page);
    // The chat's Stop.
    await relay.stop({ owner: "kai", context: { chatId: "a" } });
    expect(await stopped).toEqual({ action: "cancel" });
    await card(page).waitFor({ state: "detached" });

    const answer = ask("kai", "b");
    await press(page, page.getByRole("link", { name: "Chat b" }));
    await expectEmpty(page);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await answer).toEqual({ action: "decline" });
  });

  it("the page's sign-out (clearDrafts) forgets it: the same person signed in again finds the question empty", async () => {
    const page = await openPage("noa");
    const answer = ask("noa", "a");
    await card(page).waitFor();
    await typeAnswer(page);
    await expect.poll(() => tabStorage(page)).toContain("12 Private Lane");

    await press(page, page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("heading", { name: "Signed out" }).waitFor();
    expect(await tabStorage(page)).not.toContain("12 Private Lane");
    await signIn(page.context(), "noa");
    await page.reload();
    await expectEmpty(page);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await answer).toEqual({ action: "decline" });
  });

  it("a 401 from the relay (the session ended) forgets it: signed in again, the question is empty", async () => {
    const page = await openPage("ines");
    const answer = ask("ines", "a");
    await card(page).waitFor();
    await typeAnswer(page);
    await expect.poll(() => tabStorage(page)).toContain("12 Private Lane");

    // The session's cookie expires; the page is loaded again and the relay answers its stream 401.
    await page.context().clearCookies();
    await page.reload();
    await expect.poll(() => tabStorage(page)).not.toContain("12 Private Lane");
    expect(await card(page).count()).toBe(0);
    await signIn(page.context(), "ines");
    await page.reload();
    await expectEmpty(page);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await answer).toEqual({ action: "decline" });
  });
});
