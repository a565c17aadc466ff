// The demo with its MCP client on the server (the default): the demo's Node side holds an SDK
// client per person and reaches the page through the relay at /api/elicitation; the page calls tools
// through the demo's JSON API and never speaks MCP. A person in Debian's Chromium, at human pace.
import { join } from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDemo, type RunningDemo } from "../../demo/startDemo";
import { openDemoHost, pressLikeAPerson, toolResult, typeLikeAPerson } from "./demoHost";
import { launchChromium } from "../../scripts/launchChromium.mjs";

let demo: RunningDemo;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every request the page made to the demo, as "METHOD /path". */
let requests: string[];

beforeAll(async () => {
  [demo, browser] = await Promise.all([startDemo(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await demo?.close();
});
beforeEach(async () => {
  demo.recorder.clear();
  // A context of its own: its own cookies, so a new person.
  context = await browser.newContext();
  requests = [];
  context.on("request", (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  page = await openDemoHost(context, demo, {});
});
afterEach(async () => {
  await context?.close();
});

/** The inline card of the built-in server, once a person has had a moment to read it. */
async function readCard(on: Page): Promise<Locator> {
  const card = on.getByRole("region", { name: "Demo MCP server is asking for information" });
  await card.waitFor();
  await on.waitForTimeout(600);
  return card;
}

describe("the demo with its MCP client on the server", () => {
  it("says which wiring runs; a tool's question is answered in the card and its result shown, the page never speaking MCP", async () => {
    expect(await page.locator(".chat-wiring").innerText()).toBe("MCP client: on the server (relay)");
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call github_username" }));
    const card = await readCard(page);
    expect(await card.innerText()).toContain("Please provide your GitHub username");
    await typeLikeAPerson(card.getByLabel(/^Name/), "octocat");
    await pressLikeAPerson(page, card.getByRole("button", { name: "Submit" }));

    expect(await toolResult(page, "github_username")).toBe('Server received: {"action":"accept","content":{"name":"octocat"}}');
    expect(demo.recorder.records).toEqual([{ tool: "github_username", result: { action: "accept", content: { name: "octocat" } } }]);
    await card.waitFor({ state: "detached" });
    expect(requests.filter((request) => request.endsWith("/mcp"))).toEqual([]);
    expect(requests).toContain("GET /api/elicitation");
    expect(requests).toContain("POST /api/tools/call");
  });

  it("a reload mid-question brings the card back; the answer given after it reaches the server and the result shows in the thread", async () => {
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call contact_info" }));
    const before = await readCard(page);
    await typeLikeAPerson(before.getByLabel(/^Name/), "Ada");

    await page.reload();
    await page.getByText(/^Connected to Demo MCP server/).waitFor();
    // The call made before the reload is in the thread again, still running on the server.
    await page.locator('li[data-tool="contact_info"][data-state="running"]').waitFor();
    const card = await readCard(page);
    expect(await card.innerText()).toContain("Please provide your contact information");
    await typeLikeAPerson(card.getByLabel(/^Name/), "Ada Lovelace");
    await typeLikeAPerson(card.getByLabel(/^Email/), "ada@example.com");
    await typeLikeAPerson(card.getByLabel(/^Age/), "36");
    await pressLikeAPerson(page, card.getByRole("button", { name: "Submit" }));

    expect(await toolResult(page, "contact_info")).toBe(
      'Server received: {"action":"accept","content":{"name":"Ada Lovelace","email":"ada@example.com","age":36}}',
    );
    expect(demo.recorder.records).toEqual([
      { tool: "contact_info", result: { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 } } },
    ]);
  });

  it("two browsers are two people: one's question never shows in the other's page", async () => {
    const other = await browser.newContext();
    try {
      const theirs = await openDemoHost(other, demo, {});
      await pressLikeAPerson(page, page.getByRole("button", { name: "Call github_username" }));
      const card = await readCard(page);
      expect(await theirs.getByRole("region", { name: /is asking for information/ }).count()).toBe(0);
      await pressLikeAPerson(page, card.getByRole("button", { name: "Decline" }));
      expect(await toolResult(page, "github_username")).toBe('Server received: {"action":"decline"}');
      expect(await theirs.locator('li[data-tool="github_username"]').count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it("the header's switches keep working: a dialog, one question at a time", async () => {
    await pressLikeAPerson(page, page.getByRole("radio", { name: "Dialog" }));
    await pressLikeAPerson(page, page.getByRole("radio", { name: "One at a time" }));
    await pressLikeAPerson(page, page.getByRole("radio", { name: "Dark" }));
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call contact_info" }));
    const dialog = page.getByRole("dialog", { name: "Demo MCP server is asking for information" });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await expect.poll(() => dialog.getByTestId("rme-step-progress").innerText()).toBe("1 of 3");
    await page.waitForTimeout(1000);
    await typeLikeAPerson(dialog.getByLabel(/^Name/), "Ada Lovelace");
    await pressLikeAPerson(page, dialog.getByRole("button", { name: "Next" }));
    await page.waitForTimeout(550);
    await typeLikeAPerson(dialog.getByLabel(/^Email/), "ada@example.com");
    await pressLikeAPerson(page, dialog.getByRole("button", { name: "Next" }));
    await page.waitForTimeout(550);
    await typeLikeAPerson(dialog.getByLabel(/^Age/), "36");
    await pressLikeAPerson(page, dialog.getByRole("button", { name: "Next" }));
    await dialog.getByRole("heading", { name: "Check your answers" }).waitFor();
    await page.waitForTimeout(550);
    await pressLikeAPerson(page, dialog.getByRole("button", { name: "Submit" }));
    await toolResult(page, "contact_info");
    expect(demo.recorder.records).toEqual([
      { tool: "contact_info", result: { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 } } },
    ]);
  });

  it("three tools at once: one card at a time with its place in line; Stop asking cancels the rest", async () => {
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call three tools at once" }));
    let card = await readCard(page);
    await card.getByText("1 of 3").waitFor();
    await pressLikeAPerson(page, card.getByRole("button", { name: "Decline" }));
    card = await readCard(page);
    await card.getByText("1 of 2").waitFor();
    await pressLikeAPerson(page, card.getByRole("button", { name: "Stop asking" }));
    await card.waitFor({ state: "detached" });
    const records = await demo.recorder.waitFor(3);
    expect(records.map((record) => record.result)).toEqual([{ action: "decline" }, { action: "cancel" }, { action: "cancel" }]);
  });

  it("a question the server withdraws closes by itself", async () => {
    await typeLikeAPerson(page.getByLabel("Arguments for quick_question (JSON)"), '{"seconds":1}', { clear: true });
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call quick_question" }));
    const card = page.getByRole("region", { name: "Demo MCP server is asking for information" });
    await card.waitFor();
    await card.waitFor({ state: "detached", timeout: 10_000 });
    expect(await toolResult(page, "quick_question")).toBe("Server withdrew the question after 1 s.");
  });

  it("account link (URL mode): the server's completion comes through the relay, and the step's line says it is done", async () => {
    await pressLikeAPerson(page, page.getByRole("button", { name: "Call link_account" }));
    const card = await readCard(page);
    const [popup] = await Promise.all([page.waitForEvent("popup"), pressLikeAPerson(page, card.getByRole("button", { name: "Open 127.0.0.1" }))]);
    await popup.getByText("Account linked.").waitFor();
    expect(await toolResult(page, "link_account")).toBe('Server received: {"action":"accept"}');
    await page.getByRole("status").getByText("Demo MCP server reports this step is done.").waitFor();
    await popup.close();
  });
});

describe("the demo with its MCP client on the server, against a named server", () => {
  it("stdio: the command's question reaches the page through the relay", async () => {
    const label = "node stdioServer.mjs";
    const script = join(import.meta.dirname, "stdioServer.mjs");
    const named = await startDemo({ target: { kind: "stdio", command: process.execPath, args: [script], label } });
    const other = await browser.newContext();
    try {
      const theirs = await other.newPage();
      await theirs.goto(named.url);
      await theirs.getByText(`Connected to ${label} — 1 tools`).waitFor({ timeout: 30_000 });
      expect(await theirs.locator(".chat-wiring").innerText()).toBe("MCP client: on the server (relay)");
      await pressLikeAPerson(theirs, theirs.getByRole("button", { name: "Call pick_colour" }));
      const card = theirs.getByRole("region", { name: `${label} is asking for information` });
      await card.waitFor();
      await theirs.waitForTimeout(600);
      await pressLikeAPerson(theirs, card.getByRole("radio", { name: "green" }));
      await pressLikeAPerson(theirs, card.getByRole("button", { name: "Submit" }));
      expect(await toolResult(theirs, "pick_colour")).toBe('Server received: {"action":"accept","content":{"colour":"green","count":2}}');
    } finally {
      await other.close();
      await named.close();
    }
  });

  it("URL: another server's Streamable HTTP endpoint, its question through the relay", async () => {
    const upstream = await startDemo({ client: "page" });
    const host = new URL(upstream.url).host;
    const named = await startDemo({ target: { kind: "url", url: `${upstream.url}mcp`, label: host } });
    const other = await browser.newContext();
    try {
      const theirs = await other.newPage();
      await theirs.goto(named.url);
      await theirs.getByText(new RegExp(`^Connected to ${host.replace(/\./g, "\\.")} — \\d+ tools`)).waitFor({ timeout: 30_000 });
      await pressLikeAPerson(theirs, theirs.getByRole("button", { name: "Call github_username" }));
      const card = theirs.getByRole("region", { name: `${host} is asking for information` });
      await card.waitFor();
      await theirs.waitForTimeout(600);
      await typeLikeAPerson(card.getByLabel(/^Name/), "octocat");
      await pressLikeAPerson(theirs, card.getByRole("button", { name: "Submit" }));
      expect(await toolResult(theirs, "github_username")).toBe('Server received: {"action":"accept","content":{"name":"octocat"}}');
      expect(upstream.recorder.records).toEqual([{ tool: "github_username", result: { action: "accept", content: { name: "octocat" } } }]);
    } finally {
      await other.close();
      await named.close();
      await upstream.close();
    }
  });
});
