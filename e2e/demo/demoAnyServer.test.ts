// The demo bridged to a server the person names (npm run demo -- --stdio "…" / --url …), in
// Debian's Chromium: the page lists that server's tools and shows every elicitation it sends.
// Also: the demo page fits a 390 px phone.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../demo/startDemo";
import { launchChromium } from "../../scripts/launchChromium.mjs";

let browser: Browser;
const running: RunningDemo[] = [];
let page: Page | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterEach(async () => {
  await page?.close();
  await Promise.all(running.splice(0).map((demo) => demo.close()));
});
afterAll(async () => {
  await browser?.close();
});

/** Processes whose command line mentions `text` (Linux /proc; the browser suite runs on Debian). */
function processesRunning(text: string): number {
  let count = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(text)) count++;
    } catch {
      // The process ended while we looked.
    }
  }
  return count;
}

async function open(demo: RunningDemo, serverName: string): Promise<Page> {
  page = await browser.newPage();
  await page.goto(`${demo.url}?presentation=dialog`);
  await page.getByText(new RegExp(`^Connected to ${serverName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} — \\d+ tools`)).waitFor({ timeout: 30_000 });
  return page;
}

describe("the demo bridged to a named server", () => {
  it("stdio: lists the command's tools and answers its elicitation through the dialog; stopping the demo stops the command", async () => {
    const label = "node stdioServer.mjs";
    const script = join(import.meta.dirname, "stdioServer.mjs");
    const demo = await startDemo({ target: { kind: "stdio", command: process.execPath, args: [script], label } });
    const page = await open(demo, label);
    await page.getByRole("button", { name: "Call pick_colour" }).click();

    const dialog = page.getByRole("dialog", { name: `${label} is asking for information` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Which colour, and how many?");
    // A person reads the dialog first (a new dialog ignores input for its first 500 ms).
    await page.waitForTimeout(600);
    await dialog.getByRole("radio", { name: "green" }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();

    const result = page.locator('li[data-tool="pick_colour"] pre').filter({ hasNotText: "…waiting" });
    expect(await result.innerText()).toBe('Server received: {"action":"accept","content":{"colour":"green","count":2}}');
    const log = await page.getByRole("list", { name: "Elicitation traffic" }).innerText();
    expect(log).toContain("← elicitation/create (form)");
    expect(log).toContain('→ result: {"action":"accept","content":{"colour":"green","count":2}}');

    expect(processesRunning(script)).toBe(1);
    await page.close();
    await demo.close();
    await expect.poll(() => processesRunning(script), { timeout: 5_000 }).toBe(0);
  });

  it("URL: another server's Streamable HTTP endpoint, its tools and its elicitation", async () => {
    const upstream = await startDemo();
    running.push(upstream);
    const demo = await startDemo({ target: { kind: "url", url: `${upstream.url}mcp`, label: new URL(upstream.url).host } });
    running.push(demo);
    const page = await open(demo, new URL(upstream.url).host);
    await page.getByRole("button", { name: "Call github_username" }).click();
    const dialog = page.getByRole("dialog", { name: /is asking for information/ });
    await dialog.waitFor();
    await page.waitForTimeout(600);
    await dialog.getByLabel(/^Name/).fill("octocat");
    await dialog.getByRole("button", { name: "Submit" }).click();
    const result = page.locator('li[data-tool="github_username"] pre').filter({ hasNotText: "…waiting" });
    expect(await result.innerText()).toBe('Server received: {"action":"accept","content":{"name":"octocat"}}');
    expect(upstream.recorder.records).toEqual([{ tool: "github_username", result: { action: "accept", content: { name: "octocat" } } }]);
  });
});

describe("the demo page on a phone", () => {
  it("fits 390 px: nothing scrolls sideways, with and without a dialog open", async () => {
    const demo = await startDemo();
    running.push(demo);
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${demo.url}?presentation=dialog`);
    await page.getByText(/^Connected to Demo MCP server/).waitFor({ timeout: 30_000 });
    const overflow = () => page!.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    if (process.env.DEMO_SCREENSHOTS) await page.screenshot({ path: join(process.env.DEMO_SCREENSHOTS, "demo-390.png"), fullPage: true });

    await page.getByRole("button", { name: "Call contact_info" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo MCP server is asking for information" });
    await dialog.waitFor();
    expect(await overflow()).toBe(0);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (process.env.DEMO_SCREENSHOTS) await page.screenshot({ path: join(process.env.DEMO_SCREENSHOTS, "demo-390-dialog.png") });
  });
});
