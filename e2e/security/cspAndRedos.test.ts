// Real Chromium: validation under `script-src 'self'` (no eval, no blob: workers), and a catastrophic
// server pattern that must not freeze the page. Timings are printed for the record.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { startFixtureServer, type FixtureServer } from "./fixtureServer";
import { heartbeat } from "./heartbeat";
import { traceMainThread } from "./mainThreadTasks";

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
  it("the dialog validates and answers with the eval-free engine, and checks the pattern in the package's module worker", async () => {
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
    // The policy refuses blob: workers but allows same-origin ones: the pattern is checked here, nothing is left to the server.
    expect(await dialog.getByRole("note").count()).toBe(0);
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
    // One report at most: the one probe for eval. The pattern worker is the package's file, which the
    // policy allows; the blob: one it would refuse is never tried.
    const violations = await page.evaluate(() => window.__violations);
    expect(violations.length).toBeLessThanOrEqual(1);
    expect(violations.filter((violation) => !violation.endsWith(" eval"))).toEqual([]);
    // The engine came as a same-origin chunk, allowed by script-src 'self': the eval-free one, never Ajv's.
    const scripts = await page.evaluate(() => window.scripts());
    expect(scripts.some((path) => /\/evalFreeValidator-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => /\/ajvEngine-[\w-]+\.js$/.test(path))).toBe(false);
    // The pattern met its deadline in the worker: neither RE2's chunk nor the way to it was fetched.
    expect(scripts.filter((path) => fixture.patternFiles.includes(path) && !/createPatternTester/.test(path))).toEqual([]);
    console.log(`CSP page: engine eval-free, pattern checked by the module worker, ${violations.length} violation report(s): ${JSON.stringify(violations)}`);
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
  it("patterns run off the main thread: an ordinary one is checked, a catastrophic one moves to RE2 in its own worker and shows its error", async () => {
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

    // Traced from here (the native timings above ran on this page's main thread on purpose): which
    // main-thread tasks run the pattern path's code (the tester, RE2), and for how long.
    const tasks = await traceMainThread(page, (url) => fixture.patternFiles.includes(new URL(url).pathname));

    // A person reads a new dialog before acting (it ignores real input for its first 500 ms).
    const readDialog = async () => {
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(600);
    };

    // An ordinary pattern, with lookahead (refused by the library's earlier linear engine), is checked here.
    await page.evaluate(() =>
      window.showRequest("Codes", {
        message: "A code",
        requestedSchema: { type: "object", properties: { c: { type: "string", title: "Code", pattern: "^(?=.*[0-9])[a-z0-9]{8,}$" } } },
      }),
    );
    await readDialog();
    const code = page.getByRole("dialog").getByLabel("Code");
    await code.fill("abcdefgh");
    await code.blur();
    await page.getByText("Doesn't match the expected format").waitFor({ timeout: 5_000 });
    await code.fill("abcdefg1");
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => page.evaluate(() => window.__responses)).toEqual([{ action: "accept", content: { c: "abcdefg1" } }]);

    // The longest main-thread block while `fill` types `value` into the field labelled `label`,
    // then the field loses focus and `settled` appears: a heartbeat every 5 ms measures the gaps.
    const blockWhileTyping = async (label: string, value: string, settled: () => Promise<unknown>) => {
      const stop = await heartbeat(page);
      const field = page.getByRole("dialog").getByLabel(label);
      const started = Date.now();
      await field.fill(value);
      await field.blur();
      await settled();
      const elapsed = Date.now() - started;
      const keystrokes = Date.now();
      await field.press("End");
      await field.pressSequentially("!!!!!");
      const typing = Date.now() - keystrokes;
      const gap = await stop();
      return { elapsed, typing, gap };
    };
    const value = "a".repeat(9_989) + "!";

    // The same typing into a field with no pattern (an email field): what filling 10 000 characters costs by itself.
    await page.evaluate(() =>
      window.showRequest("Plain", {
        message: "Enter a's",
        requestedSchema: { type: "object", properties: { a: { type: "string", title: "Letters", format: "email" } } },
      }),
    );
    await readDialog();
    const baseline = await blockWhileTyping("Letters", value, () => page.getByText("Enter a valid email address").waitFor({ timeout: 5_000 }));
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await page.evaluate(() =>
      window.showRequest("Evil", {
        message: "Enter a's",
        requestedSchema: { type: "object", properties: { a: { type: "string", title: "Letters", pattern: "^(a+)+$" } } },
      }),
    );
    await readDialog();
    const { elapsed, typing, gap } = await blockWhileTyping("Letters", value, () =>
      page.getByText("Doesn't match the expected format").waitFor({ timeout: 5_000 }),
    );
    const traced = await tasks();
    const longestPattern = traced.attributed[0] ?? { cpu: 0, wall: 0, files: [] };
    const re2Samples = Object.entries(traced.samplesByFile).filter(([file]) => fixture.re2Files.includes(file)).reduce((sum, [, n]) => sum + n, 0);
    console.log(`the same typing without a pattern: longest main-thread block ${baseline.gap} ms, 5 more keystrokes ${baseline.typing} ms`);
    console.log(
      `library: 10 000 characters (almost) against ^(a+)+$ → error shown (RE2 after the deadline) after ${elapsed} ms; 5 more keystrokes ${typing} ms; ` +
        `longest main-thread block ${gap} ms; main-thread tasks running the pattern path's code: ${traced.attributed.length}, the longest ` +
        `${longestPattern.cpu} ms on the thread (${longestPattern.wall} ms wall), RE2 samples among them: ${re2Samples}; ` +
        `longest main-thread task of any kind ${traced.longest.cpu} ms on the thread (${traced.longest.wall} ms wall, code from ${traced.longest.files.join(", ") || "no script"})`,
    );
    expect(elapsed).toBeLessThan(3_000);
    // The pattern path adds no main-thread task over 50 ms (thread time: on a loaded machine wall time
    // includes waiting for a core): past the deadline, RE2 is loaded and run by a worker of its own,
    // so no task of the page's main thread ever runs RE2's code, and the tester's own tasks are short.
    expect(fixture.re2Files.length).toBeGreaterThan(0);
    expect(re2Samples).toBe(0);
    expect(longestPattern.cpu).toBeLessThan(50);
    // The heartbeat's gaps (printed beside the same typing without a pattern) are wall time, and on a
    // loaded machine they hold waits for a core and typing's own rendering: printed, not asserted. A
    // pattern run on the main thread (the native engine would take minutes here) is a task of the
    // tester's code, which the trace above bounds.
    // Nothing is sent while the pattern refuses the value.
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.__responses.length)).toBe(2);
    await page.close();
  });
});
