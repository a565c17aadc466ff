// <mcp-elicitation-outlet> in the hosts it is for: a Svelte 5 page and a static HTML page, each built
// from the packed package, in real Chromium against a real relay whose MCP side is the real SDK. People
// act at human pace: a press held ~120 ms, typing key by key, a finger's tap through the DevTools protocol.
// Last, what the static page fetched before its first question (no React) and how that question is drawn.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
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

// A relay and an MCP server of its own for each test: nothing one test left open reaches the next.
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

declare global {
  interface Window {
    __events: { type: string; message: string; code: string; kind: string; reason: string }[];
    /** Cards seen by the init script the moment they entered the page, unstyled ones named. */
    __unstyled: string[];
    __cardsSeen: number;
    __ask(params: unknown): Promise<unknown>;
    __answer: unknown;
  }
}

/** Before any of the page's code: every card that enters the page is checked for the stylesheet's rules at that moment, before a frame is painted. */
function watchForUnstyledCards() {
  window.__unstyled = [];
  window.__cardsSeen = 0;
  new MutationObserver(() => {
    for (const card of document.querySelectorAll<HTMLElement>(".rme-dialog:not([data-checked])")) {
      card.dataset.checked = "";
      window.__cardsSeen++;
      const style = getComputedStyle(card);
      // The stylesheet gives the card a border and rounded corners; raw markup has neither.
      if (style.borderTopStyle === "none" || style.borderTopLeftRadius === "0px") {
        window.__unstyled.push(`${style.borderTopStyle} ${style.borderTopLeftRadius}`);
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function open(path: string, options: { width?: number; height?: number; touch?: boolean; dark?: boolean; user?: string | null; context?: BrowserContext } = {}) {
  let context = options.context;
  if (context === undefined) {
    context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      hasTouch: options.touch === true,
      isMobile: options.touch === true,
      colorScheme: options.dark ? "dark" : "light",
    });
    contexts.push(context);
    if (options.user !== null) await context.addCookies([{ name: "user", value: options.user ?? "alice", url: host.origin }]);
    await context.addInitScript(watchForUnstyledCards);
  }
  const page = await context.newPage();
  await page.goto(`${host.origin}${path}`);
  return page;
}

const card = (scope: Page | Locator) => scope.locator('.rme-dialog[data-presentation="inline"]');
const underCall = (page: Page, id: string) => page.locator(`[data-tool-call="${id}"]`);

/** A person's click: scrolled to, to the button, down, held ~120 ms, up. Waits out the card's protection interval first, as eyes do. */
async function press(page: Page, target: Locator) {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(700);
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

/** A finger: touchStart, ~100 ms, touchEnd, through the DevTools protocol. */
async function tap(page: Page, target: Locator) {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded();
  await page.waitForTimeout(700);
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(100);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

async function axe(page: Page) {
  const source = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((violation) => `${violation.id} (${violation.nodes.length})`);
  });
}

describe("a Svelte 5 page: one element under each tool call", () => {
  it("draws the question under its own tool call; the person picks, types and presses Submit; the tool gets exactly that, once", async () => {
    const page = await open("/svelte/");
    // The person is typing in the chat's box when the question arrives: it does not take their focus.
    await press(page, page.locator("#composer"));
    await page.keyboard.type("while I wait", { delay: 40 });
    const called = host.deploy("t2");
    const drawn = card(underCall(page, "t2"));
    await drawn.waitFor();
    await page.keyboard.type(" more", { delay: 40 });
    expect(await page.evaluate(() => [document.activeElement?.id, (document.getElementById("composer") as HTMLInputElement).value])).toEqual(["composer", "while I wait more"]);
    expect(await card(underCall(page, "t1")).count()).toBe(0);
    expect(await page.evaluate(() => window.__unstyled)).toEqual([]);
    // The page's plain `.rme-dialog { --rme-accent: … }` themes the card.
    expect(await drawn.getByRole("button", { name: "Submit" }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe("rgb(179, 38, 30)");
    await press(page, drawn.getByRole("radio", { name: "production" }));
    await drawn.getByRole("spinbutton", { name: /Replicas/ }).pressSequentially("3", { delay: 90 });
    await press(page, drawn.getByRole("button", { name: "Submit" }));
    expect(await called).toEqual({ action: "accept", content: { environment: "production", replicas: 3 } });
    await expect.poll(() => card(page).count()).toBe(0);
    // The page heard the question appear and go, with the person's choice but none of the answer.
    expect(await page.locator("#lifecycle li").allTextContents()).toEqual(["shown t2", "closed t2 accept"]);
  });

  it("two tool calls' questions, each under its call, over one event stream; each answered where it is", async () => {
    const page = await open("/svelte/");
    const first = host.deploy("t1");
    await card(underCall(page, "t1")).waitFor();
    const second = host.deploy("t2");
    await card(underCall(page, "t2")).waitFor();
    expect(host.streams.get("alice")).toBe(1);
    await press(page, card(underCall(page, "t2")).getByRole("button", { name: "Decline" }));
    expect(await second).toEqual({ action: "decline" });
    await expect.poll(() => card(underCall(page, "t2")).count()).toBe(0);
    await expect.poll(() => card(underCall(page, "t1")).count()).toBe(1);
    await press(page, card(underCall(page, "t1")).getByRole("radio", { name: "staging" }));
    await press(page, card(underCall(page, "t1")).getByRole("button", { name: "Submit" }));
    expect(await first).toEqual({ action: "accept", content: { environment: "staging" } });
  });

  it("two windows of the same person: the answer from one is taken, the other's card says so and goes", async () => {
    const first = await open("/svelte/");
    const second = await open("/svelte/", { context: first.context() });
    const called = host.deploy("t1");
    await card(first).waitFor();
    await card(second).waitFor();
    await press(first, card(first).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
    await expect(card(second).getByText("Answered in another window").waitFor({ timeout: 10_000 })).resolves.toBeUndefined();
    await expect.poll(() => card(second).count(), { timeout: 10_000 }).toBe(0);
    expect(await first.locator("#lifecycle li").allTextContents()).toEqual(["shown t1", "closed t1 decline"]);
    expect(await second.locator("#lifecycle li").allTextContents()).toEqual(["shown t1", "closed t1 answered"]);
  });

  it("another language: locale=de draws the card in German, and its answer arrives", async () => {
    const page = await open("/svelte/?locale=de");
    const called = host.deploy("t1");
    const drawn = card(page);
    await drawn.waitFor();
    expect(await drawn.getAttribute("lang")).toBe("de");
    await drawn.getByRole("button", { name: "Ablehnen" }).waitFor();
    await press(page, drawn.getByRole("button", { name: "Abbrechen" }));
    expect(await called).toEqual({ action: "cancel" });
  });

  it("axe finds no violation on the page with a card, light and dark", async () => {
    for (const dark of [false, true]) {
      const page = await open(`/svelte/?theme=${dark ? "dark" : "light"}`, { dark });
      const called = host.deploy("t1");
      await card(page).waitFor();
      await page.waitForTimeout(300);
      expect(await axe(page)).toEqual([]);
      await press(page, card(page).getByRole("button", { name: "Decline" }));
      expect(await called).toEqual({ action: "decline" });
    }
  });

  it("nobody signed in: the element says so through mcp-elicitation-error, which the page's Svelte handler shows", async () => {
    const page = await open("/svelte/", { user: null });
    await expect.poll(() => page.locator("#errors li").allTextContents(), { timeout: 10_000 }).toEqual([
      expect.stringMatching(/401/),
      expect.stringMatching(/401/),
    ]);
  });
});

describe("a static HTML page with a module script", () => {
  it("the element in the page's HTML upgrades and draws a waiting question styled from its first frame; Decline reaches the tool", async () => {
    const called = host.deploy("t1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = await open("/plain/");
    await card(page).waitFor();
    expect(await page.evaluate(() => [window.__cardsSeen, window.__unstyled])).toEqual([1, []]);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
  });

  it("a reload mid-question loses nothing: the card is back and its answer is taken", async () => {
    const page = await open("/plain/");
    const called = host.deploy("t1");
    await card(page).waitFor();
    await page.reload();
    await card(page).waitFor();
    await press(page, card(page).getByRole("radio", { name: "staging" }));
    await card(page).getByRole("spinbutton", { name: /Replicas/ }).pressSequentially("2", { delay: 90 });
    await press(page, card(page).getByRole("button", { name: "Submit" }));
    expect(await called).toEqual({ action: "accept", content: { environment: "staging", replicas: 2 } });
  });

  it('drafts="session": what was typed before a reload is back in the card after it, and is what Submit sends', async () => {
    const page = await open("/plain/?drafts=session");
    const called = host.deploy("t1");
    await card(page).waitFor();
    await press(page, card(page).getByRole("radio", { name: "production" }));
    await card(page).getByRole("spinbutton", { name: /Replicas/ }).pressSequentially("4", { delay: 90 });
    await page.reload();
    await card(page).waitFor();
    await expect.poll(() => card(page).getByRole("spinbutton", { name: /Replicas/ }).inputValue()).toBe("4");
    expect(await card(page).getByRole("radio", { name: "production" }).isChecked()).toBe(true);
    await press(page, card(page).getByRole("button", { name: "Submit" }));
    expect(await called).toEqual({ action: "accept", content: { environment: "production", replicas: 4 } });
  });

  it("a phone: a finger's tap on Submit at 390 px sends the answer", async () => {
    const page = await open("/plain/", { width: 390, height: 844, touch: true });
    const called = host.deploy("t1");
    await card(page).waitFor();
    await tap(page, card(page).getByRole("radio", { name: "production" }));
    await tap(page, card(page).getByRole("button", { name: "Submit" }));
    expect(await called).toEqual({ action: "accept", content: { environment: "production" } });
  });

  it('presentation="dialog": a modal dialog named for the server; Escape (light) and a press outside it (dark) cancel, once; axe light and dark', async () => {
    for (const dark of [false, true]) {
      const page = await open("/plain/?presentation=dialog", { dark });
      const called = host.deploy("t1");
      const dialog = page.getByRole("dialog", { name: /Deployer/ });
      await dialog.waitFor();
      expect(await axe(page)).toEqual([]);
      await page.waitForTimeout(700);
      if (dark) {
        await page.mouse.move(8, 8);
        await page.mouse.down();
        await page.waitForTimeout(120);
        await page.mouse.up();
      } else {
        await page.keyboard.press("Escape");
      }
      expect(await called).toEqual({ action: "cancel" });
      await expect.poll(() => dialog.count()).toBe(0);
    }
  });

  it("an attribute it cannot take is named in mcp-elicitation-error, and the card is still drawn with the default", async () => {
    const page = await open("/plain/?layout=sideways");
    const called = host.deploy("t1");
    await card(page).waitFor();
    expect(await page.evaluate(() => window.__events.filter((event) => event.type === "mcp-elicitation-error").map((event) => event.message))).toEqual([
      '<mcp-elicitation-outlet> layout="sideways" is not one of "form", "steps", "auto"; the default is used.',
    ]);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
  });

  it("a page whose MCP client runs in the page gives the element its queue; the person's answer is what the queue's request resolves with", async () => {
    const page = await open("/plain/?in-page");
    await page.waitForFunction(() => typeof window.__ask === "function");
    await page.evaluate(() => {
      void window.__ask({ message: "Name the note", requestedSchema: { type: "object", properties: { title: { type: "string", title: "Title" } }, required: ["title"] } });
    });
    await card(page).waitFor();
    expect(await card(page).getByRole("heading").first().textContent()).toMatch(/Notes/);
    // A person reads the new card before typing: keys in its first 500 ms are swallowed by design.
    await page.waitForTimeout(1_000);
    await card(page).getByRole("textbox", { name: /Title/ }).pressSequentially("Groceries", { delay: 60 });
    await press(page, card(page).getByRole("button", { name: "Submit" }));
    await expect.poll(() => page.evaluate(() => window.__answer)).toEqual({ action: "accept", content: { title: "Groceries" } });
    expect(host.streams.get("alice") ?? 0).toBeLessThanOrEqual(1);
  });

  it("a card out of view is reported through mcp-elicitation-attention, unseen then seen once scrolled to", async () => {
    const page = await open("/plain/?long&title-badge", { height: 600 });
    await page.bringToFront();
    const called = host.deploy("t1");
    await card(page).waitFor({ state: "attached" });
    const attention = () =>
      page.evaluate(() => window.__events.filter((event) => event.type === "mcp-elicitation-attention").map((event) => `${event.kind} ${event.reason}`));
    await expect.poll(attention, { timeout: 10_000 }).toEqual(["unseen out-of-view"]);
    expect(await page.title()).toBe("(1) Chat (plain HTML)");
    await card(page).scrollIntoViewIfNeeded();
    await expect.poll(attention, { timeout: 10_000 }).toEqual(["unseen out-of-view", "seen out-of-view"]);
    await expect.poll(() => page.title()).toBe("Chat (plain HTML)");
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
  });

  it("inside a host component's shadow root, the element's cards are styled there too", async () => {
    const page = await open("/plain/?shadow");
    const called = host.deploy("t1");
    await card(page).waitFor();
    const style = await card(page).evaluate((element) => {
      const computed = getComputedStyle(element);
      return { inShadow: element.getRootNode() instanceof ShadowRoot, border: computed.borderTopStyle, radius: computed.borderTopLeftRadius };
    });
    expect(style.inShadow).toBe(true);
    expect(style.border).not.toBe("none");
    expect(style.radius).not.toBe("0px");
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
  });
});

// What the element costs a page before its first question, by the page's network log: the relay connection
// and an empty outlet, no React. What draws comes in one chunk, fetched when the page is idle or, if a
// question comes first, with that question; either way the question is drawn, styled, and answered.

/** React DOM's production build names this in its code; no other part of the library does. */
const REACT_DOM_MARK = "__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE";
const sizeBudget = JSON.parse(await readFile(new URL("../../bench/size-budget.json", import.meta.url), "utf8")) as { elementInitial: number };

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

/** The plain page with idle callbacks held, and every script it fetched, in order. */
async function openLogged(path: string): Promise<{ page: Page; scripts: Fetched[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await context.addCookies([{ name: "user", value: "alice", url: host.origin }]);
  await context.addInitScript(holdIdleCallbacks);
  await context.addInitScript(watchForUnstyledCards);
  const page = await context.newPage();
  const scripts: Fetched[] = [];
  const reading: Promise<unknown>[] = [];
  page.on("response", (response) => {
    if (!/\.m?js(\?|$)/.test(response.url()) || !response.ok()) return;
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

describe("<mcp-elicitation-outlet> before its first question", () => {
  it("fetches no React and stays within the budget; an idle moment fetches what draws; the question then draws from it", async () => {
    const { page, scripts } = await openLogged("/plain/");
    const upFront = scripts.map(({ url, gzipped, react }) => ({ url, gzipped, react }));
    expect(upFront.length).toBeGreaterThan(0);
    expect(upFront.filter((script) => script.react)).toEqual([]);
    expect(upFront.reduce((sum, script) => sum + script.gzipped, 0)).toBeLessThanOrEqual(sizeBudget.elementInitial);
    // The element asked for an idle moment to fetch the rest.
    expect(await page.evaluate(() => (window as unknown as { __idleAsked(): number }).__idleAsked())).toBe(1);

    await page.evaluate(() => (window as unknown as { __runIdle(): number }).__runIdle());
    await expect.poll(() => scripts.some((script) => script.react)).toBe(true);
    await page.waitForTimeout(300);
    const beforeQuestion = scripts.length;

    const called = host.deploy("t1");
    await card(page).waitFor();
    // Everything it draws with was here already: the question fetched nothing that draws (React is in that
    // chunk), only the validation engine a form loads as it is drawn (never before: choosing it may run eval).
    expect(scripts.slice(beforeQuestion).filter((script) => script.react)).toEqual([]);
    expect(scripts.slice(beforeQuestion).reduce((sum, script) => sum + script.gzipped, 0)).toBeLessThan(25_000);
    expect(await page.evaluate(() => window.__unstyled)).toEqual([]);
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await called).toEqual({ action: "decline" });
  });

  it("a question before the page was idle fetches what draws then, and is drawn styled and answered", async () => {
    const { page, scripts } = await openLogged("/plain/");
    expect(scripts.filter((script) => script.react)).toEqual([]);
    const called = host.deploy("t1");
    await card(page).waitFor();
    expect(scripts.some((script) => script.react)).toBe(true);
    expect(await page.evaluate(() => window.__unstyled)).toEqual([]);
    await press(page, card(page).getByRole("radio", { name: "staging" }));
    await press(page, card(page).getByRole("button", { name: "Submit" }));
    expect(await called).toEqual({ action: "accept", content: { environment: "staging" } });
  });

  it("the page's own queue refuses a request with a broken schema with the error it always did, once the chunk is in", async () => {
    const { page, scripts } = await openLogged("/plain/?in-page");
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
    // A good request after it is drawn, and answered.
    const answered = page.evaluate(() => window.__ask({ message: "Name the note", requestedSchema: { type: "object", properties: { title: { type: "string" } } } }));
    await card(page).waitFor();
    await press(page, card(page).getByRole("button", { name: "Decline" }));
    expect(await answered).toEqual({ action: "decline" });
  });
});

