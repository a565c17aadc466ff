// The demo's seed scenarios in Debian's Chromium: a person answers through the real page, and each
// answer is checked against what the real MCP server received. The MCP client runs in the page here
// (--page-client); e2e/demo/demoServerClient.test.ts drives the default, the client on the server.
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../demo/startDemo";
import { dialogOf, openDemoHost, readDialog, toolResult } from "./demoHost";
import { launchChromium } from "../../scripts/launchChromium.mjs";

let demo: RunningDemo;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo({ client: "page" }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});
beforeEach(async () => {
  demo.recorder.clear();
  page = await openDemoHost(browser, demo);
});
afterEach(async () => {
  await page?.close();
});

describe("demo scenarios against the real server", () => {
  it("GitHub username: accept with the mouse", async () => {
    await page.getByRole("button", { name: "Call github_username" }).click();
    const dialog = await readDialog(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole("timer").innerText()).toMatch(/^Time left: [45]:\d\d$/);
    expect(await dialog.innerText()).toContain("Please provide your GitHub username");
    await dialog.getByLabel(/^Name/).fill("octocat");
    await dialog.getByRole("button", { name: "Submit" }).click();

    expect(await toolResult(page, "github_username")).toBe('Server received: {"action":"accept","content":{"name":"octocat"}}');
    expect(demo.recorder.records).toEqual([{ tool: "github_username", result: { action: "accept", content: { name: "octocat" } } }]);
    expect(await dialog.count()).toBe(0);
  });

  it("contact info: keyboard only, typed content reaches the server (age as a number)", async () => {
    await page.getByRole("button", { name: "Call contact_info" }).focus();
    await page.keyboard.press("Enter");
    await readDialog(page);
    // Focus starts on the dialog; Tab goes in reading order: the first field ("Stop asking" is not
    // offered for the server's only request).
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("INPUT");
    await page.keyboard.type("Ada Lovelace");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("36");
    await page.keyboard.press("Enter");

    await toolResult(page, "contact_info");
    expect(demo.recorder.records).toEqual([
      { tool: "contact_info", result: { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 } } },
    ]);
  });

  it("bank transfer: a wrong account number is caught in the dialog; Decline reaches the server", async () => {
    await page.getByRole("button", { name: "Call bank_transfer" }).click();
    const dialog = await readDialog(page);
    await dialog.getByLabel(/^Amount/).fill("120.50");
    await dialog.getByLabel(/^Recipient account/).fill("12345");
    await dialog.getByRole("button", { name: "Submit" }).click();
    // The check runs off the main thread (the pattern worker): wait for its verdict, not for one task.
    await expect.poll(() => dialog.getByLabel(/^Recipient account/).getAttribute("aria-invalid")).toBe("true");
    expect(demo.recorder.records).toEqual([]);

    await dialog.getByRole("button", { name: "Decline" }).click();
    expect(await toolResult(page, "bank_transfer")).toBe('Server received: {"action":"decline"}');
    expect(demo.recorder.records).toEqual([{ tool: "bank_transfer", result: { action: "decline" } }]);
  });

  it("cloud database: the Cancel button answers cancel", async () => {
    await page.getByRole("button", { name: "Call deploy_cloud_database" }).click();
    await (await readDialog(page)).getByRole("button", { name: "Cancel" }).click();
    expect(await toolResult(page, "deploy_cloud_database")).toBe('Server received: {"action":"cancel"}');
    expect(demo.recorder.records).toEqual([{ tool: "deploy_cloud_database", result: { action: "cancel" } }]);
  });

  it("project setup: Escape answers cancel", async () => {
    await page.getByRole("button", { name: "Call project_setup" }).click();
    await readDialog(page);
    await page.keyboard.press("Escape");
    expect(await toolResult(page, "project_setup")).toBe('Server received: {"action":"cancel"}');
    expect(demo.recorder.records).toEqual([{ tool: "project_setup", result: { action: "cancel" } }]);
  });

  it("a click outside the dialog answers cancel", async () => {
    await page.getByRole("button", { name: "Call github_username" }).click();
    const box = (await (await readDialog(page)).boundingBox())!;
    // Just outside the dialog's box, on the backdrop.
    await page.mouse.click(box.x + box.width / 2, Math.max(2, box.y - 10));
    expect(await toolResult(page, "github_username")).toBe('Server received: {"action":"cancel"}');
    expect(demo.recorder.records).toEqual([{ tool: "github_username", result: { action: "cancel" } }]);
  });

  it("shipping address change: three questions in a row, all accepted", async () => {
    await page.getByRole("button", { name: "Call change_shipping_address" }).click();
    const dialog = await readDialog(page);
    await dialog.getByLabel(/Tracking Number/).fill("ABC12345678");
    await dialog.getByRole("button", { name: "Submit" }).click();

    await dialog.getByText("Package found! Please provide your new delivery address").waitFor();
    await readDialog(page);
    await dialog.getByLabel(/Street Address/).fill("1 Infinite Loop");
    await dialog.getByLabel(/^City/).fill("Cupertino");
    await dialog.getByLabel(/ZIP Code/).fill("95014");
    await dialog.getByRole("radio", { name: "United States" }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();

    await dialog.getByText(/Please confirm the address change/).waitFor();
    await readDialog(page);
    await dialog.getByRole("checkbox", { name: /Confirm Address Change/ }).check();
    await dialog.getByRole("button", { name: "Submit" }).click();

    expect(await toolResult(page, "change_shipping_address")).toContain("Address changed.");
    expect(demo.recorder.records.map((r) => r.result)).toEqual([
      { action: "accept", content: { trackingNumber: "ABC12345678" } },
      { action: "accept", content: { street: "1 Infinite Loop", city: "Cupertino", zipCode: "95014", country: "US" } },
      { action: "accept", content: { confirmed: true } },
    ]);
  });

  it("account link (URL mode): shows where it goes, opens only on consent, without opener, and reports completion", async () => {
    await page.getByRole("button", { name: "Call link_account" }).click();
    const dialog = await readDialog(page);
    expect(await dialog.getByTestId("rme-url-domain").innerText()).toBe("127.0.0.1");
    expect(await dialog.locator("code").innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/link-account\.html\?elicitation=[\w-]+$/);
    expect(await dialog.getByRole("alert").count()).toBe(0); // http on 127.0.0.1 is fine
    expect(page.context().pages()).toHaveLength(1);

    const [popup] = await Promise.all([page.waitForEvent("popup"), dialog.getByRole("button", { name: "Open 127.0.0.1" }).click()]);
    await popup.waitForLoadState();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    expect(await popup.evaluate(() => document.referrer)).toBe("");
    await popup.getByText("Account linked.").waitFor();

    expect(await toolResult(page, "link_account")).toBe('Server received: {"action":"accept"}');
    await page.getByRole("status").getByText("Demo MCP server reports this step is done.").waitFor();
    await popup.close();
  });

  it("a look-alike link: the real domain is named, warnings shown, nothing fetched, Decline reaches the server", async () => {
    const requestedHosts = new Set<string>();
    page.on("request", (request) => requestedHosts.add(new URL(request.url()).hostname));
    await page.getByRole("button", { name: "Call suspicious_link" }).click();
    const dialog = await readDialog(page);
    expect(await dialog.getByTestId("rme-url-domain").innerText()).toBe("xn--pypal-4ve.example");
    const warnings = await dialog.getByRole("alert").innerText();
    expect(warnings).toContain("“pаypal.example”");
    expect(warnings).toMatch(/mixes letters from different alphabets/);
    expect(warnings).toMatch(/not secure \(http\)/);
    await dialog.getByRole("button", { name: "Decline" }).click();

    expect(await toolResult(page, "suspicious_link")).toBe('Server received: {"action":"decline"}');
    expect([...requestedHosts].filter((host) => host !== "127.0.0.1")).toEqual([]);
    expect(page.context().pages()).toHaveLength(1);
  });

  it("a question the server withdraws closes by itself", async () => {
    await page.getByLabel("Arguments for quick_question (JSON)").fill('{"seconds":1}');
    await page.getByRole("button", { name: "Call quick_question" }).click();
    await dialogOf(page).waitFor();
    await dialogOf(page).waitFor({ state: "detached", timeout: 10_000 });
    expect(await toolResult(page, "quick_question")).toBe("Server withdrew the question after 1 s.");
    expect(await page.getByText("← notifications/cancelled", { exact: false }).count()).toBe(1);
  });

  it("several requests at once are shown one at a time with their place in line", async () => {
    await page.getByRole("button", { name: "Call three tools at once" }).click();
    const dialog = dialogOf(page);
    await dialog.getByText("1 of 3").waitFor();
    await readDialog(page);
    await dialog.getByRole("button", { name: "Decline" }).click();
    await dialog.getByText("1 of 2").waitFor();
    await readDialog(page);
    await dialog.getByRole("button", { name: "Decline" }).click();
    // The last one: no place in line any more.
    await expect.poll(() => dialog.getByTestId("rme-queue-position").count()).toBe(0);
    await readDialog(page);
    await dialog.getByRole("button", { name: "Decline" }).click();
    await dialog.waitFor({ state: "detached" });
    const records = await demo.recorder.waitFor(3);
    expect(records.map((r) => r.result)).toEqual([{ action: "decline" }, { action: "decline" }, { action: "decline" }]);
  });

  it("stop asking cancels every waiting request from the server", async () => {
    await page.getByRole("button", { name: "Call three tools at once" }).click();
    await dialogOf(page).getByText("1 of 3").waitFor();
    await (await readDialog(page)).getByRole("button", { name: "Stop asking" }).click();
    await dialogOf(page).waitFor({ state: "detached" });
    const records = await demo.recorder.waitFor(3);
    expect(records.map((r) => r.result)).toEqual([{ action: "cancel" }, { action: "cancel" }, { action: "cancel" }]);
  });
});

describe("the chat host", () => {
  it("serves its icon: the page loads with no 404, /favicon.ico included", async () => {
    const missing: string[] = [];
    const fresh = await browser.newPage();
    fresh.on("response", (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await fresh.goto(demo.url);
    await fresh.getByText(/^Connected to Demo MCP server/).waitFor({ timeout: 30_000 });
    const icon = await fresh.request.get(new URL("/favicon.ico", demo.url).href);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toBe("image/svg+xml");
    expect(missing).toEqual([]);
    await fresh.close();
  });

  it("a tool called from the message box appears in the thread, and its question is answered there", async () => {
    await page.getByRole("textbox", { name: "Message" }).fill("/github_username");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("list", { name: "Conversation" }).getByText("/github_username").waitFor();
    const dialog = await readDialog(page);
    await dialog.getByLabel(/^Name/).fill("octocat");
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect(await toolResult(page, "github_username")).toBe('Server received: {"action":"accept","content":{"name":"octocat"}}');
  });

  it("each tool that takes arguments has its own box, labelled for it", async () => {
    const boxes = await page.getByRole("textbox", { name: /^Arguments for / }).all();
    expect(await Promise.all(boxes.map((box) => box.getAttribute("id")))).toEqual(["args-quick_question"]);
    const card = page.locator('[data-tool-card="quick_question"]');
    expect(await card.getByRole("textbox", { name: "Arguments for quick_question (JSON)" }).count()).toBe(1);
  });

  it("one question at a time, switched on in the header: Next, review, Submit", async () => {
    await page.getByRole("radio", { name: "One at a time" }).check();
    expect(new URL(page.url()).searchParams.get("layout")).toBe("steps");
    await page.getByRole("button", { name: "Call contact_info" }).click();
    const dialog = await readDialog(page);
    await expect.poll(() => dialog.getByTestId("rme-step-progress").innerText()).toBe("1 of 3");
    // The steps arrive a moment after the dialog (their own chunk): the person reads the first question.
    await page.waitForTimeout(1000);
    await dialog.getByLabel(/^Name/).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: "Next" }).click();
    await page.waitForTimeout(550);
    await dialog.getByLabel(/^Email/).fill("ada@example.com");
    await dialog.getByLabel(/^Email/).press("Enter");
    await page.waitForTimeout(550);
    await dialog.getByLabel(/^Age/).fill("36");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("heading", { name: "Check your answers" }).waitFor();
    await page.waitForTimeout(550);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await toolResult(page, "contact_info");
    expect(demo.recorder.records).toEqual([
      { tool: "contact_info", result: { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 } } },
    ]);
  });
});

describe("focus in the real browser", () => {
  it("Tab and Shift+Tab stay inside the dialog, and focus returns to the button that opened it", async () => {
    const opener = page.getByRole("button", { name: "Call contact_info" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = await readDialog(page);
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest("dialog")) && document.activeElement !== document.body);

    expect(await focusInDialog()).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInDialog()).toBe(true);
    }
    // Opened as a modal: the browser makes the page behind inert.
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Call contact_info");
    await toolResult(page, "contact_info");
    expect(demo.recorder.records).toEqual([{ tool: "contact_info", result: { action: "cancel" } }]);
  });

  it("after a submit with the keyboard, focus returns to the opener too", async () => {
    await page.getByRole("button", { name: "Call github_username" }).focus();
    await page.keyboard.press("Enter");
    await readDialog(page);
    await page.keyboard.press("Tab"); // the first field ("Stop asking" is not offered for the server's only request)
    await page.keyboard.type("torvalds");
    await page.keyboard.press("Enter");
    await dialogOf(page).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Call github_username");
    expect(demo.recorder.records).toEqual([{ tool: "github_username", result: { action: "accept", content: { name: "torvalds" } } }]);
  });
});

describe("the inline card in the chat host", () => {
  it("answered from inside, the next card takes focus; back in the message box, a server withdrawing its question brings up the next card without taking a key", async () => {
    const chat = await openDemoHost(browser, demo, { presentation: "inline" });
    try {
      const message = chat.getByRole("textbox", { name: "Message" });
      const card = chat.getByRole("region", { name: "Demo MCP server is asking for information" });
      await message.click();
      // Three questions in a row: a username, one the server withdraws 5 s after asking, contact details.
      for (const command of ["/github_username", '/quick_question {"seconds": 5}', "/contact_info"]) {
        await chat.keyboard.type(command, { delay: 20 });
        await chat.keyboard.press("Enter");
      }
      await card.getByText("1 of 3").waitFor();
      await chat.waitForTimeout(600);
      // Answered from inside with the keyboard: Escape in its field. The card waiting then takes focus.
      await card.getByLabel(/^Name/).click();
      await chat.keyboard.press("Escape");
      await card.getByText("1 of 2").waitFor();
      await expect.poll(() => chat.evaluate(() => document.activeElement?.matches('[data-presentation="inline"] .rme-dialog__surface'))).toBe(true);

      // The person goes back to the message box and types; the server withdraws its question meanwhile.
      await chat.waitForTimeout(600);
      await message.click();
      expect(await card.getByText("1 of 2").count()).toBe(1);
      const sentence = "thanks, and now please deploy the app to the staging cluster for me";
      await chat.keyboard.type(sentence, { delay: 90 });
      expect(await toolResult(chat, "quick_question")).toBe("Server withdrew the question after 5 s.");
      // The contact details moved up while the sentence was typed.
      await card.getByLabel(/^Email/).waitFor();
      expect(await message.inputValue()).toBe(sentence);
      expect(await chat.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Message");
    } finally {
      await chat.close();
    }
  });
});
