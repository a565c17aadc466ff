// What was typed survives the page going away, with no host code for it: a page built as the docs
// show (`useElicitationRelay`, `createElicitationDraftStore({ storage: "session" })`) against the real
// relay over HTTP, in real Chromium at human pace. A reload brings the question back with the typed
// text; a return through the back/forward cache does too, and the answer then sent is the one taken.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import react from "@vitejs/plugin-react";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import { sendFetchResponse } from "../../src/server/sendFetchResponse";
import { toFetchRequest } from "../../src/server/toFetchRequest";
import type { ElicitResult } from "../../src/core/types";

const question = {
  message: "Where should the app be deployed?",
  requestedSchema: {
    type: "object",
    properties: {
      region: { type: "string", title: "Region", enum: ["eu-west", "us-east"] },
      note: { type: "string", title: "Note for the team" },
    },
    required: ["region"],
  },
};

let outDir: string;
let server: Server;
let origin: string;
let browser: Browser;
let context: BrowserContext | undefined;
/** Event streams open per person, as the relay counts them. */
const streams = new Map<string, number>();
const relay = createElicitationRelay({
  // The demo login: the `person` cookie names them.
  identify: (request) => /(?:^|;\s*)person=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1],
  onEvent: ({ type, owner }) => {
    if (owner === undefined || (type !== "stream-opened" && type !== "stream-closed")) return;
    streams.set(owner, (streams.get(owner) ?? 0) + (type === "stream-opened" ? 1 : -1));
  },
});

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "rme-relay-drafts-"));
  const root = join(import.meta.dirname, "fixture");
  await build({
    configFile: false,
    root,
    logLevel: "error",
    plugins: [react()],
    // A development build of React, as in `vite dev`: StrictMode mounts effects twice.
    mode: "development",
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
    build: { outDir, emptyOutDir: true, minify: false, modulePreload: { polyfill: false }, rollupOptions: { input: [join(root, "index.html"), join(root, "other.html")] } },
  });
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (path === "/api/elicitation") return sendFetchResponse(res, await relay.handle(toFetchRequest(req)));
    const file = path === "/" ? "index.html" : normalize(path).replace(/^(\.\.[/\\])+/, "");
    try {
      const body = await readFile(join(outDir, file));
      res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Playwright turns the back/forward cache off by default; a person's browser has it on.
  const launch = chromiumLaunchOptions();
  browser = await chromium.launch({ ...launch, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await relay.close();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

async function openPage(person: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "person", value: person, url: origin }]);
  const page = await context.newPage();
  await page.goto(origin);
  return page;
}

/** Presses the element as a person does: pointer there, down ~120 ms, up. */
async function press(page: Page, name: string | RegExp, role: "button" | "radio" = "button") {
  const target = page.getByRole(role, { name });
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

const card = (page: Page) => page.getByRole("region", { name: /Deploy server/ });
const note = (page: Page) => card(page).getByRole("textbox", { name: /Note for the team/ });

/** Asks `person`; resolves with what the relay's MCP side got. */
function ask(person: string): Promise<ElicitResult> {
  return relay.request({ owner: person, serverName: "Deploy server", params: question });
}

async function typeAnswer(page: Page) {
  await card(page).waitFor();
  await page.waitForTimeout(800);
  await press(page, "eu-west", "radio");
  await note(page).click();
  await page.keyboard.type("after lunch, please", { delay: 40 });
}

describe("drafts across the page going away", () => {
  it("a reload brings the question back with what was typed, and the answer sent after it is the one taken", async () => {
    const page = await openPage("ada");
    const answer = ask("ada");
    await typeAnswer(page);
    const firstLoad = await page.evaluate(() => window.loadedAt);

    await page.reload();
    expect(await page.evaluate(() => window.loadedAt)).not.toBe(firstLoad);
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("after lunch, please");
    expect(await card(page).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    await expect.poll(() => card(page).getByText("Your earlier answers to this form were restored.").isVisible()).toBe(true);

    await page.waitForTimeout(800);
    await press(page, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west", note: "after lunch, please" } });
    await card(page).waitFor({ state: "detached" });
    // Answered: the draft is forgotten, in the tab's storage too.
    expect(await page.evaluate(() => sessionStorage.getItem("react-mcp-elicitation:drafts"))).toBeNull();
  });

  it("leaving for another page and coming back (the back/forward cache) brings back the question and the typed text", async () => {
    const page = await openPage("grace");
    const answer = ask("grace");
    await typeAnswer(page);
    const firstLoad = await page.evaluate(() => window.loadedAt);

    await page.goto(`${origin}/other.html`);
    // The page kept in the cache holds no stream: the relay knows nobody is looking.
    await expect.poll(() => streams.get("grace")).toBe(0);
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => streams.get("grace")).toBe(1);
    await card(page).waitFor();
    await expect.poll(() => note(page).inputValue()).toBe("after lunch, please");
    // Restored from the cache, not loaded again: the connection itself came back.
    expect(await page.evaluate(() => window.loadedAt)).toBe(firstLoad);
    expect(await page.evaluate(() => window.shows)).toEqual([false, true]);

    await page.waitForTimeout(800);
    await press(page, "Decline");
    expect(await answer).toEqual({ action: "decline" });
  });

  it("“Stop asking” reads with who is asking: under the title, from its edge, on a laptop and on a phone", async () => {
    for (const [person, viewport] of [["alan", { width: 1280, height: 800 }], ["hedy", { width: 390, height: 844 }]] as const) {
      const page = await openPage(person, viewport);
      const answer = ask(person);
      await card(page).waitFor();
      const title = (await card(page).locator(".rme-dialog__title").boundingBox())!;
      const stop = (await card(page).getByRole("button", { name: /Stop asking/ }).boundingBox())!;
      const close = (await card(page).locator(".rme-dialog__close").boundingBox())!;
      expect(Math.abs(stop.x - title.x)).toBeLessThanOrEqual(1);
      expect(stop.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
      // Not in the corner under the ×.
      expect(stop.x + stop.width).toBeLessThan(close.x);
      await page.waitForTimeout(800);
      await press(page, /Stop asking/);
      expect(await answer).toEqual({ action: "cancel" });
      await context?.close();
      context = undefined;
    }
  });
});
