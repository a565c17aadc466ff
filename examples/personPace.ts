// What both example tests share: the one Chromium, and a person's pace — reading ~1 s before acting,
// pressing with the mouse held ~120 ms, typing a key at a time, tapping with a finger on a phone.
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { inject } from "vitest";

/** The Chromium every example test file shares (examples/chromiumServer.ts). */
export const connectChromium = (): Promise<Browser> => chromium.connect(inject("chromiumEndpoint"));

/** A person reads before acting. */
export const read = (page: Page) => page.waitForTimeout(1000);

/** Presses the middle of `target` with the mouse, holds it ~120 ms, releases. */
export async function press(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press");
  const { mouse } = target.page();
  await mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await mouse.down();
  await target.page().waitForTimeout(120);
  await mouse.up();
}

export async function type(target: Locator, text: string) {
  await press(target);
  await target.pressSequentially(text, { delay: 60 });
}

/** A finger on a touch screen: touchStart, ~100 ms, touchEnd, through the DevTools protocol (a page of a `hasTouch` context). */
export async function tap(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to tap");
  const page = target.page();
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(100);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}
