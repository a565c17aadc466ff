import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import type { RunningDemo } from "../../demo/startDemo";

/**
 * A fresh page on the demo host (a fresh MCP session; from a browser, a new person too), connected
 * and ready. `settings` pick the header's switches through the address, e.g.
 * `{ presentation: "dialog", layout: "steps" }`.
 */
export async function openDemoHost(
  browser: Browser | BrowserContext,
  demo: RunningDemo,
  settings: Record<string, string> = { presentation: "dialog" },
): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${demo.url}?${new URLSearchParams(settings)}`);
  await page.getByText(/^Connected to Demo MCP server/).waitFor({ timeout: 30_000 });
  return page;
}

/** The text the tool returned (its latest call in the thread), once it has returned. */
export async function toolResult(page: Page, tool: string): Promise<string> {
  const result = page.locator(`li[data-tool="${tool}"] pre`).last();
  await result.filter({ hasNotText: "…waiting" }).waitFor();
  return result.innerText();
}

export function dialogOf(page: Page): Locator {
  return page.getByRole("dialog", { name: "Demo MCP server is asking for information" });
}

/**
 * The dialog once a person has had a moment to read it: a newly shown dialog (the first, or the
 * next in the queue) ignores input for its first 500 ms, so an answer given sooner would not count.
 */
export async function readDialog(page: Page): Promise<Locator> {
  const dialog = dialogOf(page);
  await dialog.waitFor();
  await page.waitForTimeout(600);
  return dialog;
}

/** A press as people make it: the pointer moves there, goes down, stays ~120 ms, comes up. */
export async function pressLikeAPerson(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("pressLikeAPerson: the target is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

/** Typing as people type: into the field, one key at a time. `clear` empties it first. */
export async function typeLikeAPerson(field: Locator, text: string, { clear = false } = {}): Promise<void> {
  await field.focus();
  if (clear) await field.fill("");
  await field.pressSequentially(text, { delay: 35 });
}
