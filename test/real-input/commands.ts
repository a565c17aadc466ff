import type { BrowserCommand } from "vitest/node";
import { fileCommands } from "./fileCommands";
import { pagePoint } from "./pagePoint";
import { relayCommands } from "./relayCommands";
import { scheduleCommands } from "./scheduleCommands";
import { traceCommands } from "./traceCommands";

// Real input for browser tests, through Playwright's page (trusted events, human timing), not
// simulated DOM events. Coordinates are CSS pixels inside the test frame, as getBoundingClientRect gives them.

interface PlaywrightContext {
  page: {
    mouse: { move(x: number, y: number): Promise<void>; down(): Promise<void>; up(): Promise<void> };
    keyboard: { down(key: string): Promise<void>; up(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
    waitForTimeout(ms: number): Promise<void>;
    emulateMedia(options: object): Promise<void>;
    evaluate<T>(fn: () => T): Promise<T>;
  };
  frame(): Promise<{ frameElement(): Promise<{ boundingBox(): Promise<{ x: number; y: number } | null> }> }>;
  context: { newCDPSession(page: unknown): Promise<DevToolsSession> };
}

interface DevToolsSession {
  send(method: string, params?: object): Promise<unknown>;
  detach(): Promise<void>;
}

const playwright = (context: unknown) => context as PlaywrightContext;

/** Moves the mouse to (x, y), presses, holds for `holdMs` and releases: one click at human pace. */
export const pressAt: BrowserCommand<[x: number, y: number, holdMs?: number]> = async (context, x, y, holdMs = 120) => {
  const { page } = playwright(context);
  const point = await pagePoint(playwright(context), x, y);
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  await page.waitForTimeout(holdMs);
  await page.mouse.up();
};

/** Moves the mouse off the page's content (its top-left corner), so no part stays :hover from an earlier press. */
export const movePointerAway: BrowserCommand<[]> = async (context) => {
  await playwright(context).page.mouse.move(0, 0);
};

/** The DevTools session that turned touch on, per page: its emulation lasts as long as it is attached. */
const touchScreens = new WeakMap<object, DevToolsSession>();

/** Turns the page's touch screen on or off (Chromium's touch emulation, as on a phone). */
export const setTouch: BrowserCommand<[enabled: boolean]> = async (context, enabled) => {
  const { page, context: browserContext } = playwright(context);
  const current = touchScreens.get(page);
  if (enabled && !current) {
    const session = await browserContext.newCDPSession(page);
    await session.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    touchScreens.set(page, session);
  } else if (!enabled && current) {
    touchScreens.delete(page);
    await current.send("Emulation.setTouchEmulationEnabled", { enabled: false });
    await current.detach();
  }
};

/**
 * A finger's tap at (x, y): touchStart, held `holdMs`, touchEnd, through the DevTools protocol, so
 * Chromium makes of it what a phone does (pointer and touch events, then the emulated mousedown,
 * mouseup and click, after the finger has lifted). Turns touch on first if it is off.
 */
export const tapAt: BrowserCommand<[x: number, y: number, holdMs?: number]> = async (context, x, y, holdMs = 100) => {
  await setTouch(context, true);
  const { page } = playwright(context);
  const session = touchScreens.get(page)!;
  const point = await pagePoint(playwright(context), x, y);
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: point.x, y: point.y }] });
  await page.waitForTimeout(holdMs);
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
};

/** Presses `key` `times` times, `gapMs` apart (quick repeated Enters). */
export const pressKeyRepeatedly: BrowserCommand<[key: string, times: number, gapMs?: number]> = async (context, key, times, gapMs = 120) => {
  const { page } = playwright(context);
  for (let n = 0; n < times; n += 1) {
    await page.keyboard.down(key);
    await page.waitForTimeout(40);
    await page.keyboard.up(key);
    if (n < times - 1) await page.waitForTimeout(gapMs - 40);
  }
};

/** Holds `key` down for `holdMs`, with the keyboard's auto-repeat (a keydown with `repeat` every 33 ms after 500 ms). */
export const holdKey: BrowserCommand<[key: string, holdMs: number]> = async (context, key, holdMs) => {
  const { page } = playwright(context);
  await page.keyboard.down(key);
  let held = Math.min(500, holdMs);
  await page.waitForTimeout(held);
  while (held < holdMs) {
    await page.keyboard.down(key); // Playwright marks a second down of a held key as `repeat`.
    await page.waitForTimeout(33);
    held += 33;
  }
  await page.keyboard.up(key);
};

/** Types `text` a key at a time, `delayMs` between keys (a person typing). */
export const typeSlowly: BrowserCommand<[text: string, delayMs?: number]> = async (context, text, delayMs = 60) => {
  await playwright(context).page.keyboard.type(text, { delay: delayMs });
};

/** Emulates media features (reduced motion, colour scheme) for the page under test. */
export const emulateMedia: BrowserCommand<[media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }]> = async (
  context,
  media,
) => {
  await playwright(context).page.emulateMedia(media);
};

export const browserCommands = { pressAt, movePointerAway, tapAt, setTouch, pressKeyRepeatedly, holdKey, typeSlowly, emulateMedia, ...fileCommands, ...relayCommands, ...traceCommands, ...scheduleCommands };

// How browser tests call them: `commands.pressAt(…)` from "vitest/browser".
declare module "vitest/browser" {
  interface BrowserCommands {
    pressAt: (x: number, y: number, holdMs?: number) => Promise<void>;
    movePointerAway: () => Promise<void>;
    tapAt: (x: number, y: number, holdMs?: number) => Promise<void>;
    setTouch: (enabled: boolean) => Promise<void>;
    pressKeyRepeatedly: (key: string, times: number, gapMs?: number) => Promise<void>;
    holdKey: (key: string, holdMs: number) => Promise<void>;
    typeSlowly: (text: string, delayMs?: number) => Promise<void>;
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}
