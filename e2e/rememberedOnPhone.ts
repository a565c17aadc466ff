// What a phone shows of remembered decisions, checked the same way for every page that draws them (the
// relay's page, <mcp-elicitation-outlet>): a finger's tap, the remember choices inside the card's body,
// and the thread's "answered automatically" line whole at the phone's width with a Forget a finger can hit.
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The smallest target a finger is given (WCAG 2.2, 2.5.8), in CSS px. */
export const TARGET = 24;
export const PHONE = { width: 390, height: 844 };

/** Saves a screenshot to $RME_SCREENSHOTS when it is set (to look at), nowhere otherwise. */
export async function shot(page: Page, name: string) {
  const folder = process.env.RME_SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`) });
}

/** A finger on the middle of `target` through the DevTools protocol: touch down, ~100 ms, up. */
export async function tapOn(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.waitForTimeout(100);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Where the line and its Forget are drawn, and whether anything of them is cut off or covered. */
export function measureLine(page: Page) {
  return page.evaluate(() => {
    const item = [...document.querySelectorAll<HTMLElement>("[data-remembered]")].at(-1)!;
    const button = item.querySelector("button")!;
    const box = (element: Element) => {
      const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
      return { left, right, top, bottom, width, height };
    };
    // Every piece of the line's text, each a rectangle of its own where it wraps.
    const range = document.createRange();
    range.selectNodeContents(item);
    const texts = [...range.getClientRects()].map((rect) => ({ left: rect.left, right: rect.right }));
    // The "·" before Forget: drawn on Forget's line, never left dangling at the end of the line above.
    const dotNode = [...item.querySelectorAll("*"), item].flatMap((element) => [...element.childNodes]).find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.includes("·"))!;
    const dot = document.createRange();
    dot.setStart(dotNode, dotNode.textContent!.indexOf("·"));
    dot.setEnd(dotNode, dotNode.textContent!.indexOf("·") + 1);
    const { top: dotTop, bottom: dotBottom } = dot.getBoundingClientRect();
    const forget = box(button);
    const atCentre = document.elementFromPoint(forget.left + forget.width / 2, forget.top + forget.height / 2);
    // Every ancestor that clips: the line must fit inside each.
    const clippedBy: string[] = [];
    for (let parent = item.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== "visible" && parent.scrollWidth > parent.clientWidth) clippedBy.push(parent.className || parent.tagName);
    }
    return {
      text: item.textContent ?? "",
      line: box(item),
      lineOverflows: item.scrollWidth > item.clientWidth,
      texts,
      forget,
      dotMiddle: (dotTop + dotBottom) / 2,
      forgetOnTop: atCentre === button || button.contains(atCentre),
      pageScrollsSideways: document.documentElement.scrollWidth > innerWidth,
      clippedBy,
      innerWidth,
    };
  });
}

/** Everything of the line inside the phone's width, Forget a whole, uncovered target of 24×24 or more. */
export function expectWholeLine(measured: Awaited<ReturnType<typeof measureLine>>) {
  expect(measured.innerWidth).toBe(PHONE.width);
  expect(measured.pageScrollsSideways).toBe(false);
  expect(measured.lineOverflows).toBe(false);
  expect(measured.clippedBy).toEqual([]);
  expect(measured.line.left).toBeGreaterThanOrEqual(0);
  expect(measured.line.right).toBeLessThanOrEqual(PHONE.width);
  for (const text of measured.texts) {
    expect(text.left).toBeGreaterThanOrEqual(measured.line.left - 0.5);
    expect(text.right).toBeLessThanOrEqual(measured.line.right + 0.5);
  }
  expect(measured.forget.width).toBeGreaterThanOrEqual(TARGET);
  expect(measured.forget.height).toBeGreaterThanOrEqual(TARGET);
  expect(measured.forget.left).toBeGreaterThanOrEqual(0);
  expect(measured.forget.right).toBeLessThanOrEqual(PHONE.width);
  expect(measured.forgetOnTop).toBe(true);
  expect(measured.dotMiddle).toBeGreaterThan(measured.forget.top);
  expect(measured.dotMiddle).toBeLessThan(measured.forget.bottom);
}

/** The `count` remember choices start and end where the fields do: inside the body's padding, not at the card's border. */
export async function expectChoicesInsideBody(page: Page, count: number) {
  const { body, options } = await page.evaluate(() => {
    const form = document.querySelector<HTMLElement>(".rme-form__body")!;
    const style = getComputedStyle(form);
    const rect = form.getBoundingClientRect();
    return {
      body: { left: rect.left + parseFloat(style.paddingLeft), right: rect.right - parseFloat(style.paddingRight) },
      options: [...document.querySelectorAll(".rme-remember .rme-option")].map((option) => {
        const { left, right } = option.getBoundingClientRect();
        return { left, right };
      }),
    };
  });
  expect(options).toHaveLength(count);
  for (const option of options) {
    expect(option.left).toBeGreaterThanOrEqual(body.left - 0.5);
    expect(option.right).toBeLessThanOrEqual(body.right + 0.5);
  }
}

