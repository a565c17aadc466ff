import type { BrowserCommand } from "vitest/node";
import { pagePoint, type FrameContext } from "./pagePoint";

// Presses a person makes on their own schedule, whatever the page is doing: each is sent through the
// DevTools protocol at its moment, without waiting for the page to take the one before (Playwright's
// keyboard and mouse wait for that). Chromium stamps each with the time it was made and queues it
// behind whatever task holds the page, as it does a person's input on a busy page.

interface Session {
  send(method: string, params?: object): Promise<unknown>;
  detach(): Promise<void>;
}
interface PlaywrightContext extends FrameContext {
  context: { newCDPSession(page: unknown): Promise<Session> };
}

/** What is pressed: a key, or a point of the test frame (CSS pixels) pressed with the mouse or a finger. */
export type ScheduledTarget = { key: string } | { x: number; y: number; touch?: boolean };

const keyCodes: Record<string, { code: string; keyCode: number; text?: string }> = {
  Enter: { code: "Enter", keyCode: 13, text: "\r" },
  Escape: { code: "Escape", keyCode: 27 },
  " ": { code: "Space", keyCode: 32, text: " " },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Presses `target` once at each of `startsMs` (ms after the first), each held `holdMs`: a person's
 * double-click at [0, 150], a second Escape at [0, 150]. Resolves once the page has taken them all.
 */
export const pressOnSchedule: BrowserCommand<[target: ScheduledTarget, startsMs: number[], holdMs?: number]> = async (
  context,
  target,
  startsMs,
  holdMs = 40,
) => {
  const playwright = context as unknown as PlaywrightContext & { page: unknown };
  const cdp = await playwright.context.newCDPSession(playwright.page);
  const sent: Array<Promise<unknown>> = [];
  try {
    const steps = await stepsOf(playwright, cdp, target);
    await steps.before();
    const start = Date.now();
    const at = async (ms: number) => sleep(start + ms - Date.now());
    for (const [index, startMs] of startsMs.entries()) {
      await at(startMs);
      sent.push(steps.down(index + 1));
      await at(startMs + holdMs);
      sent.push(steps.up(index + 1));
    }
    await Promise.all(sent);
    await steps.after();
  } finally {
    await cdp.detach();
  }
};

async function stepsOf(playwright: PlaywrightContext, cdp: Session, target: ScheduledTarget) {
  if ("key" in target) {
    const { code, keyCode, text } = keyCodes[target.key] ?? { code: `Key${target.key.toUpperCase()}`, keyCode: target.key.toUpperCase().charCodeAt(0), text: target.key };
    const key = { key: target.key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    return {
      before: async () => {},
      down: () => cdp.send("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", text, unmodifiedText: text, ...key }),
      up: () => cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...key }),
      after: async () => {},
    };
  }
  const { x, y } = await pagePoint(playwright, target.x, target.y);
  if (target.touch) {
    return {
      before: () => cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 }),
      down: () => cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] }),
      up: () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
      // The click a tap makes comes after the finger lifts: touch stays on until it has.
      after: async () => {
        await sleep(300);
        await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: false });
      },
    };
  }
  return {
    before: () => cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y }),
    down: (clickCount: number) => cdp.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", buttons: 1, clickCount }),
    up: (clickCount: number) => cdp.send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", buttons: 0, clickCount }),
    after: async () => {},
  };
}

export const scheduleCommands = { pressOnSchedule };

declare module "vitest/browser" {
  interface BrowserCommands {
    pressOnSchedule: (target: ScheduledTarget, startsMs: number[], holdMs?: number) => Promise<void>;
  }
}
