// Real Chromium: validation under `script-src 'self'` (no eval), and a catastrophic server pattern
// that must not freeze the page. Timings are printed for the record.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../launchChromium";
import { startFixtureServer, type FixtureServer } from "./fixtureServer";

let fixture: FixtureServer;
let browser: Browser;

beforeAll(async () => {
  fixture = await startFixtureServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await fixture?.close();
});

async function open(url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__ready === true);
  return page;
}

const form = {
  message: "Contact details",
  requestedSchema: {
    type: "object",
    properties: {
      email: { type: "string", title: "Email", format: "email" },
      code: { type: "string", title: "Code", pattern: "^[A-Z]{3}[0-9]{2}$" },
      age: { type: "integer", title: "Age", minimum: 18 },
      colors: { type: "array", title: "Colors", items: { type: "string", enum: ["red", "green"] }, minItems: 1 },
    },
    required: ["email", "code", "colors"],
  },
};

describe("Content-Security-Policy: script-src 'self'", () => {
  it("the dialog validates and answers with the eval-free engine, causing at most one violation report", async () => {
    const page = await open(fixture.cspUrl);
    await page.evaluate((r) => window.showRequest("Strict host", r), form);
    const dialog = page.getByRole("dialog");
    // A person reads first: a new dialog ignores input for its first 500 ms.
    await dialog.waitFor();
    await page.waitForTimeout(600);
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Code").fill("abc");
    await dialog.getByLabel("Age").fill("12");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect
      .poll(() => dialog.locator(".rme-field__error").allInnerTexts())
      .toEqual(["Enter a valid email address", "Doesn't match the expected format", "Must be 18 or more", "This field is required"]);
    expect(await page.evaluate(() => window.__responses)).toEqual([]);
    // Chosen once, when the form mounted (in a task of the page, not of page.evaluate): the policy forbids compiling code.
    expect(await page.evaluate(() => window.validationEngine())).toBe("eval-free");
    await dialog.getByLabel("Email").fill("ada@example.com");
    await dialog.getByLabel("Code").fill("ABC12");
    await dialog.getByLabel("Age").fill("36");
    await dialog.getByLabel("red", { exact: true }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect
      .poll(() => page.evaluate(() => window.__responses))
      .toEqual([{ action: "accept", content: { email: "ada@example.com", code: "ABC12", age: 36, colors: ["red"] } }]);
    const violations = await page.evaluate(() => window.__violations);
    expect(violations.length).toBeLessThanOrEqual(1);
    // The engines came as same-origin chunks, allowed by script-src 'self': the eval-free one and,
    // for the pattern, re2js's — never Ajv's.
    const scripts = await page.evaluate(() => window.scripts());
    expect(scripts.some((path) => /\/evalFreeValidator-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/safePattern-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/ajvEngine-[\w-]+\.js$/.test(path))).toBe(false);
    console.log(`CSP page: engine eval-free, ${violations.length} violation report(s): ${JSON.stringify(violations)}`);
    await page.close();
  });

  it("without the policy the same page uses Ajv, with no violation", async () => {
    const page = await open(fixture.openUrl);
    await page.evaluate((r) => window.showRequest("Open host", r), form);
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(600);
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByText("Enter a valid email address").or(page.getByText("This field is required").first()).first().waitFor();
    expect(await page.evaluate(() => window.validationEngine())).toBe("ajv");
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
    const scripts = await page.evaluate(() => window.scripts());
    expect(scripts.some((path) => /\/ajvEngine-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/evalFreeValidator-[\w-]+\.js$/.test(path))).toBe(false);
    await page.close();
  });
});

describe("ReDoS: a server pattern like ^(a+)+$ does not block the main thread", () => {
  it("measures the native engine (before) and the library's validation (after)", async () => {
    const page = await open(fixture.openUrl);
    const native = await page.evaluate(() => {
      const times: Record<number, number> = {};
      for (const n of [16, 18, 20, 22, 24]) {
        const started = performance.now();
        /^(a+)+$/u.test("a".repeat(n) + "!");
        times[n] = Math.round(performance.now() - started);
      }
      return times;
    });
    console.log(`native RegExp ^(a+)+$ on n×"a"+"!": ${JSON.stringify(native)} ms (doubles per character)`);
    expect(native[24]!).toBeGreaterThan(native[20]! * 4);

    await page.evaluate(() =>
      window.showRequest("Evil", {
        message: "Enter a's",
        requestedSchema: { type: "object", properties: { a: { type: "string", title: "Letters", pattern: "^(a+)+$" } } },
      }),
    );
    const input = page.getByRole("dialog").getByLabel("Letters");
    // A heartbeat every 5 ms: the longest gap is how long the main thread was blocked.
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
    const value = "a".repeat(9_999) + "!";
    const started = Date.now();
    await input.fill(value);
    await input.blur();
    await page.getByText("Doesn't match the expected format").waitFor({ timeout: 5_000 });
    const elapsed = Date.now() - started;
    // Each further keystroke re-validates the whole value.
    const keystrokes = Date.now();
    await input.press("End");
    await input.pressSequentially("!!!!!");
    const typing = Date.now() - keystrokes;
    const gap = await page.evaluate(() => {
      const w = window as unknown as { __gap: number; __beat: number };
      window.clearInterval(w.__beat);
      return Math.round(w.__gap);
    });
    console.log(`library: 10 000 characters against ^(a+)+$ → error shown after ${elapsed} ms; 5 more keystrokes ${typing} ms; longest main-thread block ${gap} ms`);
    expect(elapsed).toBeLessThan(3_000);
    expect(gap).toBeLessThan(500);
    const pure = await page.evaluate(async (v) => {
      const schema = { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$" } } };
      await window.timeValidation(schema, { a: "warm" });
      return [await window.timeValidation(schema, { a: v }), await window.timeValidation(schema, { a: v + "!" })];
    }, value);
    console.log(`library: validateElicitationContent alone on 10 000 characters: ${pure.map((t) => t.toFixed(1)).join(" ms, ")} ms`);
    expect(Math.max(...pure)).toBeLessThan(200);
    await page.close();
  });
});
