// A person who looked away: real Chromium, a chat host page (fixture/), requests arriving while the
// tab is hidden, the window unfocused or the inline card scrolled out of its thread. The title
// badge, the system notification (observed through a wrapper around the real Notification) and the
// in-thread chip tell them; none of it moves focus or answers anything. Every scenario runs on the
// page built with React 19 and again with React 18.3, both development builds under StrictMode.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { react18Aliases } from "../../test/react18";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { sendFileFrom } from "../sendFileFrom";

let outDir: string;
let server: Server;
let origin: string;
/** The page's address for the React the current run of the scenarios uses (see the end of the file). */
let url: string;
let reactLine: string;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "rme-attention-"));
  // The page twice: with React 19 (development build, StrictMode) under /19/, with React 18.3 under /18/.
  for (const [line, alias] of [["19", []], ["18", react18Aliases]] as const) {
    await build({
      configFile: false,
      root: join(import.meta.dirname, "fixture"),
      base: `/${line}/`,
      logLevel: "error",
      plugins: [react()],
      resolve: { alias: [...alias] },
      build: { outDir: join(outDir, line), emptyOutDir: true, minify: false, modulePreload: { polyfill: false } },
    });
  }
  server = createServer((req, res) => void sendFileFrom(outDir, new URL(req.url ?? "/", "http://127.0.0.1").pathname, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchChromium();
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

declare global {
  interface Window {
    __notifications: { title: string; body: string | undefined; tag: string | undefined; closed: boolean; instance: Notification }[];
    __permissionRequests: number;
    __windowFocusCalls: number;
    __setHidden: (hidden: boolean) => void;
  }
}

/**
 * Before the page's own code: every Notification the page creates is recorded (title, body, tag,
 * closed) and still shown; `requestPermission` and `window.focus` calls are counted; the tab's
 * visibility can be switched as a browser does when the person opens another tab.
 */
function observePage() {
  const Real = window.Notification;
  window.__notifications = [];
  window.__permissionRequests = 0;
  window.__windowFocusCalls = 0;
  class Recorded extends Real {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      const record = { title, body: options?.body, tag: options?.tag, closed: false, instance: this as Notification };
      window.__notifications.push(record);
      const close = this.close.bind(this);
      this.close = () => {
        record.closed = true;
        close();
      };
    }
    static override get permission() {
      return Real.permission;
    }
    static override requestPermission(...args: Parameters<typeof Notification.requestPermission>) {
      window.__permissionRequests++;
      return Real.requestPermission(...args);
    }
  }
  window.Notification = Recorded as typeof Notification;
  const focus = window.focus.bind(window);
  window.focus = () => {
    window.__windowFocusCalls++;
    focus();
  };
  let hidden = false;
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
}

async function openHost(options: { width?: number; height?: number; presentation?: "inline" | "dialog"; notifications?: boolean } = {}): Promise<Page> {
  context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  if (options.notifications) await context.grantPermissions(["notifications"], { origin });
  await context.addInitScript(observePage);
  const page = await context.newPage();
  await page.goto(`${url}?presentation=${options.presentation ?? "inline"}`);
  await page.waitForFunction(() => window.__ready === true);
  expect(await page.evaluate(() => window.reactVersion)).toMatch(new RegExp(`^${reactLine.replace(".", "\\.")}`));
  return page;
}

const HOST_TITLE = "Chat — Acme (beta)";
const card = (page: Page) => page.locator('.rme-dialog[data-presentation="inline"]');
const chip = (page: Page) => page.getByRole("button", { name: /^Question from GitHub/ });

/** Scrolls the thread to its top (the card, after message 40, is below) or bottom (it is above). */
async function scrollThread(page: Page, to: "top" | "bottom") {
  await page.evaluate((where) => {
    const thread = document.querySelector(".thread")!;
    thread.scrollTop = where === "top" ? 0 : thread.scrollHeight;
  }, to);
}

/** How many CSS pixels of the card are inside the visible part of the thread. */
function visibleCardHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const thread = document.querySelector(".thread")!.getBoundingClientRect();
    const box = document.querySelector('.rme-dialog[data-presentation="inline"]')!.getBoundingClientRect();
    return Math.max(0, Math.min(thread.bottom, box.bottom) - Math.max(thread.top, box.top));
  });
}

/** A press at human pace in the middle of an element: move, down, hold 120 ms, up. */
async function press(page: Page, name: RegExp) {
  const box = (await page.getByRole("button", { name }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

/** The title exactly as written (`page.title()` gives `document.title`, which collapses white space). */
const exactTitle = (page: Page) => page.evaluate(() => document.querySelector("title")!.textContent);

const focusedElement = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.getAttribute("aria-label") ?? ""}`);

describe.each([
  ["React 19", "19"],
  ["React 18.3", "18"],
])("%s", (_, line) => {
  beforeAll(() => {
    url = `${origin}/${line}/`;
    reactLine = `${line}.`;
  });

  describe("a person who is looking", () => {
    it("sees nothing added: the tab visible, the window focused, the card in view (inline) or a modal dialog", async () => {
      for (const presentation of ["inline", "dialog"] as const) {
        const page = await openHost({ presentation, notifications: true });
        await page.getByRole("textbox", { name: "Chat" }).focus();
        // The person reads the thread where the card is about to appear (mid-thread: scroll anchoring
        // keeps the messages above in place as the card grows below them).
        await page.evaluate(() => document.querySelector(".slot")!.scrollIntoView({ block: "center" }));
        await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
        if (presentation === "inline") {
          await card(page).waitFor();
          expect(await visibleCardHeight(page)).toBeGreaterThan(100);
        } else {
          await page.getByRole("dialog").waitFor();
        }
        await page.waitForTimeout(400);
        expect(await page.title()).toBe(HOST_TITLE);
        expect(await page.evaluate(() => window.__notifications.length)).toBe(0);
        expect(await chip(page).count()).toBe(0);
        expect(await page.evaluate(() => window.attentionEvents)).toEqual([]);
        expect(await page.evaluate(() => window.__permissionRequests)).toBe(0);
        await context!.close();
        context = undefined;
      }
    });
  });

  describe("the title badge", () => {
    it("counts the requests waiting while the tab is hidden, follows the host's new title, and restores it exactly once none waits", async () => {
      const page = await openHost();
      await page.evaluate(() => window.__setHidden(true));
      const first = await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
      const second = await page.evaluate(() => window.ask("Linear", "Which project?"));
      await expect.poll(() => page.title()).toBe(`(2) ${HOST_TITLE}`);
      // The host moves to another conversation meanwhile: the badge goes on its new title.
      await page.evaluate(() => (document.title = " New chat —  Acme "));
      await expect.poll(() => exactTitle(page)).toBe("(2)  New chat —  Acme ");
      await page.evaluate((id) => window.withdraw(id), second);
      await expect.poll(() => exactTitle(page)).toBe("(1)  New chat —  Acme ");
      await page.evaluate((id) => window.answer(id), first);
      await expect.poll(() => page.evaluate(() => Object.keys(window.results).length)).toBe(2);
      await expect.poll(() => exactTitle(page)).toBe(" New chat —  Acme ");
      expect(await page.evaluate(() => window.attentionEvents.map((event) => `${event.type} ${event.serverName} ${event.reason}`))).toEqual([
        "unseen GitHub hidden",
        "unseen Linear hidden",
        "ended Linear hidden",
        "ended GitHub hidden",
      ]);
    });

    it("goes away when the person comes back to the tab and sees the card", async () => {
      const page = await openHost();
      await page.evaluate(() => window.__setHidden(true));
      await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
      await expect.poll(() => page.title()).toBe(`(1) ${HOST_TITLE}`);
      await card(page).evaluate((element) => element.scrollIntoView({ block: "center" }));
      await page.waitForTimeout(200);
      await page.evaluate(() => window.__setHidden(false));
      await expect.poll(() => page.title()).toBe(HOST_TITLE);
      expect(await page.evaluate(() => window.attentionEvents.map((event) => `${event.type} ${event.reason}`))).toEqual(["unseen hidden", "seen hidden"]);
    });
  });

  describe("system notifications", () => {
    it("are asked for only from the person's press on “Notify me”, never on load", async () => {
      const page = await openHost({ notifications: true });
      await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.__permissionRequests)).toBe(0);
      await press(page, /^Notify me$/);
      await expect.poll(() => page.getByTestId("permission").textContent()).toBe("granted");
      expect(await page.evaluate(() => window.__permissionRequests)).toBe(1);
    });

    it("one per request while the window is in the background, named from the host's server name; a click brings the card into view and leaves focus where it was", async () => {
      const page = await openHost({ notifications: true });
      const chat = page.getByRole("textbox", { name: "Chat" });
      await chat.focus();
      await scrollThread(page, "top");
      // The person switches to another tab of the browser: this one loses focus for real.
      const cdp = await context!.newCDPSession(page);
      await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: false });
      const other = await context!.newPage();
      await other.bringToFront();
      await expect.poll(() => page.evaluate(() => document.hasFocus())).toBe(false);

      const id = await page.evaluate(() => window.ask("GitHub", "IGNORE THIS: click here to win"));
      await expect.poll(() => page.evaluate(() => window.__notifications.length)).toBe(1);
      // Another change of the page (a second request) does not notify the first one twice.
      const second = await page.evaluate(() => window.ask("GitHub", "And your e-mail?"));
      await expect.poll(() => page.evaluate(() => window.__notifications.length)).toBe(2);
      await page.waitForTimeout(300);
      const shown = await page.evaluate(() => window.__notifications.map(({ title, body, tag, closed }) => ({ title, body, tag, closed })));
      expect(shown).toEqual([
        { title: "Question from GitHub", body: "Waiting for your answer.", tag: id, closed: false },
        { title: "Question from GitHub", body: "Waiting for your answer.", tag: second, closed: false },
      ]);
      expect(JSON.stringify(shown)).not.toContain("IGNORE");
      expect(await page.evaluate(() => window.attentionEvents.map((event) => `${event.type} ${event.reason}`))).toEqual(["unseen unfocused", "unseen unfocused"]);

      // The second request is withdrawn: its notification closes.
      await page.evaluate((secondId) => window.withdraw(secondId), second);
      await expect.poll(() => page.evaluate(() => window.__notifications[1]!.closed)).toBe(true);

      expect(await visibleCardHeight(page)).toBe(0);
      await page.evaluate(() => window.__notifications[0]!.instance.dispatchEvent(new Event("click")));
      expect(await page.evaluate(() => window.__windowFocusCalls)).toBe(1);
      await expect.poll(() => visibleCardHeight(page)).toBeGreaterThan(100);
      expect(await page.evaluate(() => window.__notifications[0]!.closed)).toBe(true);
      expect(await focusedElement(page)).toBe("INPUT:Chat");
      expect(await page.evaluate(() => Object.keys(window.results))).toEqual([second]);
    });
  });

  describe("the chip in a 60-message thread at 390 px", () => {
    it("appears at the thread's edge while the card is out of view; a press at human pace scrolls the card into view and it goes", async () => {
      const page = await openHost({ width: 390, height: 844 });
      await scrollThread(page, "top");
      await page.getByRole("textbox", { name: "Chat" }).focus();
      await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
      await chip(page).waitFor();
      expect(await chip(page).textContent()).toBe("Question from GitHub ↓");
      // At the bottom edge of the thread, inside it.
      const [box, thread] = [(await chip(page).boundingBox())!, (await page.locator(".thread").boundingBox())!];
      expect(box.y + box.height).toBeLessThanOrEqual(thread.y + thread.height);
      expect(box.y + box.height).toBeGreaterThan(thread.y + thread.height - 40);
      expect(box.x).toBeGreaterThanOrEqual(thread.x);
      expect(box.x + box.width).toBeLessThanOrEqual(thread.x + thread.width);
      expect(await page.title()).toBe(`(1) ${HOST_TITLE}`);
      expect(await page.evaluate(() => window.attentionEvents.map((event) => `${event.type} ${event.reason}`))).toEqual(["unseen out-of-view"]);

      await press(page, /^Question from GitHub/);
      await expect.poll(() => visibleCardHeight(page)).toBeGreaterThan(100);
      await expect.poll(() => chip(page).count()).toBe(0);
      await expect.poll(() => page.title()).toBe(HOST_TITLE);
      // Nothing inside the card took focus: not a field, not the card.
      expect(await page.evaluate(() => document.activeElement?.closest(".rme-dialog") ?? null)).toBeNull();
      expect(await page.evaluate(() => Object.keys(window.results))).toEqual([]);
    });

    it("points up when the card is above, is reached with Shift+Tab from the chat input and works with Enter", async () => {
      const page = await openHost({ width: 390, height: 844 });
      await page.evaluate(() => window.ask("GitHub", "Please provide your GitHub username"));
      await card(page).waitFor();
      await scrollThread(page, "bottom");
      // A chip already up (the card was below before the scroll) turns once the scroll has been observed.
      await expect.poll(() => chip(page).textContent()).toBe("Question from GitHub ↑");
      const [box, thread] = [(await chip(page).boundingBox())!, (await page.locator(".thread").boundingBox())!];
      expect(box.y).toBeGreaterThanOrEqual(thread.y);
      expect(box.y).toBeLessThan(thread.y + 40);
      // The chip is placed between the thread and the chat input: one Shift+Tab from the input.
      await page.getByRole("textbox", { name: "Chat" }).focus();
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Question from GitHub ↑");
      await page.keyboard.down("Enter");
      await page.waitForTimeout(100);
      await page.keyboard.up("Enter");
      await expect.poll(() => visibleCardHeight(page)).toBeGreaterThan(100);
      await expect.poll(() => chip(page).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest(".rme-dialog") ?? null)).toBeNull();
      expect(await page.evaluate(() => Object.keys(window.results))).toEqual([]);
    });
  });
});
