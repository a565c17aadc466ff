// The longest gap between timer ticks on the page: a wall-clock view of main-thread blocks.
import type { Page } from "playwright-core";

/** Starts a heartbeat every 5 ms; the returned function stops it and gives the longest gap (ms). */
export async function heartbeat(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __gap: number; __last: number; __beat: number };
    w.__gap = 0;
    w.__last = performance.now();
    w.__beat = window.setInterval(() => {
      const now = performance.now();
      w.__gap = Math.max(w.__gap, now - w.__last);
      w.__last = now;
    }, 5);
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __gap: number; __beat: number };
      window.clearInterval(w.__beat);
      return Math.round(w.__gap);
    });
}
