// What <mcp-elicitation-outlet> costs a page before its first question, in Chromium, by the network log:
// the relay connection and an empty outlet, no React. What draws comes in one chunk, fetched when the page
// is idle or, if a question comes first, with that question; either way the question is drawn, styled,
// and answered. The page is the static HTML host of element.test.ts, built from the packed package.
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { prepareElicitationRequest } from "../../src/core/request/prepareElicitationRequest";
import { buildPages, startElementHost, type ElementHost } from "./elementHost";

let pages: Awaited<ReturnType<typeof buildPages>>;
let host: ElementHost;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  pages = await buildPages();
  browser = await launchChromium();
}, 240_000);

beforeEach(async () => {
  host = await startElementHost(pages.root);
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await host?.close();
});

afterAll(async () => {
  await browser?.close();
  await pages?.remove();
});

/** React DOM's production build names this in its code; no other part of the library does. */
const REACT_DOM_MARK = "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE";
const budget = JSON.parse(await readFile(new URL("../../bench/size-budget.json", import.meta.url), "utf8")) as { elementInitial: number };

interface Fetched {
  url: string;
  /** Gzipped bytes of the body, as size.mjs counts them. */
  gzipped: number;
  react: boolean;
}

/** Before the page's code: idle callbacks are held, not run, until the test runs them (`window.__runIdle()`). */
function holdIdleCallbacks() {
  const held: IdleRequestCallback[] = [];
  window.requestIdleCallback = (callback) => held.push(callback);
  (window as unknown as { __runIdle(): number }).__runIdle = () => {
    for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    return held.length;
  };
  (window as unknown as { __idleAsked: () => number }).__idleAsked = () => held.length;
}

/** Cards entering the page without the stylesheet's rules, named at that moment (before a frame is painted). */
function watchForUnstyledCards() {
  (window as unknown as { __unstyled: string[] }).__unstyled = [];
  new MutationObserver(() => {
    for (const card of document.querySelectorAll<HTMLElement>(".rme-dialog:not([data-checked])")) {
      card.dataset.checked = "";
      const style = getComputedStyle(card);
      if (style.borderTopStyle === "none" || style.borderTopLeftRadius === "0px") (window as unknown as { __unstyled: string[] }).__unstyled.push(style.borderTopStyle);
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The plain page with idle callbacks held, and every script it fetched, in order. */
async function open(path: string): Promise<{ page: Page; scripts: Fetched[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addCookies([{ name: "user", value: "alice", url: host.origin }]);
  await context.addInitScript(holdIdleCallbacks);
  await context.addInitScript(watchForUnstyledCards);
  const page = await context.newPage();
  const scripts: Fetched[] = [];
  const reading: Promise<unknown>[] = [];
  page.on("response", (response) => {
    if (!/\.m?js(\?|$)/.test(response.url())) return;
    reading.push(
      response.body().then(
        (body) => scripts.push({ url: response.url().replace(host.origin, ""), gzipped: gzipSync(body, { level: 9 }).length, react: body.includes(REACT_DOM_MARK) }),
        // A body still being read when the test closes the page: nothing to count any more.
        () => undefined,
      ),
    );
  });
  await page.goto(`${host.origin}${path}`, { waitUntil: "load" });
  // Up front is everything the page fetched once it is loaded and the relay's stream is open.
  await expect.poll(() => host.streams.get("alice") ?? 0).toBe(1);
  await page.waitForTimeout(500);
  await Promise.all(reading);
  return { page, scripts };
}

const card = (page: Page) => page.locator('.rme-dialog[data-presentation="inline"]');

/** Decline, pressed once the card's protection interval is over. */
async function decline(page: Page) {
  const button = card(page).getByRole("button", { name: "Decline" });
  await button.waitFor();
  await page.waitForTimeout(700);
  await button.click();
}

describe("<mcp-elicitation-outlet> before its first question", () => {
  it("fetches no React and stays within the budget; an idle moment fetches what draws; the question then draws from it", async () => {
    const { page, scripts } = await open("/plain/");
    const upFront = scripts.map(({ url, gzipped, react }) => ({ url, gzipped, react }));
    expect(upFront.length).toBeGreaterThan(0);
    expect(upFront.filter((script) => script.react)).toEqual([]);
    expect(upFront.reduce((sum, script) => sum + script.gzipped, 0)).toBeLessThanOrEqual(budget.elementInitial);
    // The element asked for an idle moment to fetch the rest.
    expect(await page.evaluate(() => (window as unknown as { __idleAsked(): number }).__idleAsked())).toBe(1);

    await page.evaluate(() => (window as unknown as { __runIdle(): number }).__runIdle());
    await expect.poll(() => scripts.some((script) => script.react)).toBe(true);
    await page.waitForTimeout(300);
    const beforeQuestion = scripts.length;

    const called = host.deploy("t1");
    await card(page).waitFor();
    // Everything it draws with was here already: the question fetched nothing more.
    expect(scripts.length).toBe(beforeQuestion);
    expect(await page.evaluate(() => (window as unknown as { __unstyled: string[] }).__unstyled)).toEqual([]);
    await decline(page);
    expect(await called).toEqual({ action: "decline" });
  });

  it("a question before the page was idle fetches what draws then, and is drawn styled and answered", async () => {
    const { page, scripts } = await open("/plain/");
    expect(scripts.filter((script) => script.react)).toEqual([]);
    const called = host.deploy("t1");
    await card(page).waitFor();
    expect(scripts.some((script) => script.react)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __unstyled: string[] }).__unstyled)).toEqual([]);
    await card(page).getByRole("radio", { name: "staging" }).waitFor();
    await page.waitForTimeout(700);
    await card(page).getByRole("radio", { name: "staging" }).click();
    await card(page).getByRole("button", { name: "Submit" }).click();
    expect(await called).toEqual({ action: "accept", content: { environment: "staging" } });
  });

  it("the page's own queue refuses a request with a broken schema with the error it always did, once the chunk is in", async () => {
    const { page, scripts } = await open("/plain/?in-page");
    expect(scripts.filter((script) => script.react)).toEqual([]);
    const broken = { message: "Pick", requestedSchema: { type: "object", properties: { where: { type: "object", properties: {} } } } };
    const expected = prepareElicitationRequest(broken);
    expect(expected.ok).toBe(false);
    const refused = await page.evaluate(
      (params) =>
        window.__ask(params).then(
          () => null,
          (error: { name: string; message: string; code: number; data?: unknown }) => ({ name: error.name, message: error.message, code: error.code, data: error.data }),
        ),
      broken,
    );
    const error = (expected as { error: { name: string; message: string; code: number; data?: unknown } }).error;
    expect(refused).toEqual({ name: error.name, message: error.message, code: error.code, data: error.data });
    // A good request after it is drawn.
    void page.evaluate(() => window.__ask({ message: "Name the note", requestedSchema: { type: "object", properties: { title: { type: "string" } } } }));
    await card(page).waitFor();
  });
});

declare global {
  interface Window {
    __ask(params: unknown): Promise<unknown>;
  }
}
