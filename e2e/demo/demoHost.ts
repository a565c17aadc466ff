import type { Browser, Locator, Page } from "playwright-core";
import type { RunningDemo } from "../../demo/startDemo";

/**
 * A fresh page on the demo host (a fresh MCP session), connected and ready. `settings` pick the
 * header's switches through the address, e.g. `{ presentation: "dialog", layout: "steps" }`.
 */
export async function openDemoHost(browser: Browser, demo: RunningDemo, settings: Record<string, string> = { presentation: "dialog" }): Promise<Page> {
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
