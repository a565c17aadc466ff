// The SvelteKit example end to end, as people use it: the app built with adapter-node and started with
// `node build` (ORIGIN set as docs/stacks.md says), the element loaded in the browser, Chromium at a
// laptop's size pressing (held ~120 ms), typing a key at a time and reading (~1 s) before each action.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium, press, read, type } from "../../personPace";
import { startExample, startServer, type Server } from "./startExample";

let app: Server;
let browser: Browser;

beforeAll(async () => {
  app = await startExample();
  browser = await connectChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A new person (own cookies) signed in, on a new chat. */
async function signIn(name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(app.url);
  await read(page);
  await type(page.getByLabel("Your name"), name);
  await press(page.getByRole("button", { name: "Start chatting" }));
  await page.getByLabel("Message").waitFor();
  return page;
}

async function send(page: Page, text: string) {
  await read(page);
  await type(page.getByLabel("Message"), text);
  await press(page.getByRole("button", { name: "Send" }));
}

const card = (page: Page) => page.locator('mcp-elicitation-outlet [data-presentation="inline"]');
const thread = (page: Page) => page.locator(".thread").innerText();
const log = (page: Page) => page.locator(".question-log").innerText();

/** What the relay's event stream carries to this page's person for `ms` (their cookies, from the page). */
const streamedTo = (page: Page, ms: number) =>
  page.evaluate(async (ms) => {
    const response = await fetch("/api/elicitation", { headers: { accept: "text/event-stream" } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const end = setTimeout(() => void reader.cancel(), ms);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    clearTimeout(end);
    return text;
  }, ms);

describe("the SvelteKit example: adapter-node, the relay in +server.ts, <mcp-elicitation-outlet>", () => {
  it("the question shows under its chat in the host's colours, the host hears it shown and closed, and the answer returns to the tool", async () => {
    const page = await signIn("Ada");
    await send(page, "deploy web");
    await card(page).waitFor();
    await expect.poll(() => card(page).innerText()).toContain('Where should "web" be deployed?');
    // The element's events reached the page's own handlers.
    await expect.poll(() => page.locator(".waiting").innerText()).toBe("A question for you above.");
    expect(await log(page)).toBe("shown: Deploy server asks");
    // The host's plain `.rme-dialog { --rme-accent }` (src/app.css) colours Submit, over the library's default.
    const submit = card(page).getByRole("button", { name: "Submit" });
    expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe("rgb(179, 38, 30)");

    await read(page);
    await press(card(page).getByRole("radio", { name: "eu-west-1" }));
    await type(card(page).getByRole("textbox", { name: "Note for the team" }), "after lunch");
    await read(page);
    await press(submit);
    await expect.poll(() => thread(page)).toContain('Deploy of web: accepted {"region":"eu-west-1","note":"after lunch"}');
    expect(await card(page).count()).toBe(0);
    expect(await page.locator(".waiting").count()).toBe(0);
    expect((await log(page)).split("\n")).toEqual(["shown: Deploy server asks", "closed: accept"]);
    await page.context().close();
  });

  it("a reload mid-question: the card comes back with what was typed, and the answer reaches the tool still waiting", async () => {
    const page = await signIn("Hedy");
    await send(page, "deploy cache");
    await card(page).waitFor();
    await read(page);
    await press(card(page).getByRole("radio", { name: "us-east-1" }));
    await type(card(page).getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    await card(page).waitFor();
    // drafts="session": what was typed, from the tab's sessionStorage.
    await expect.poll(() => card(page).getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await card(page).getByRole("radio", { name: "us-east-1" }).isChecked()).toBe(true);
    expect(await card(page).count()).toBe(1);
    await read(page);
    await press(card(page).getByRole("button", { name: "Submit" }));
    await expect.poll(() => thread(page)).toContain('Deploy of cache: accepted {"region":"us-east-1","note":"half written"}');
    expect(await card(page).count()).toBe(0);
    await page.context().close();
  });

  it("another person never sees the question, nor the chat; its owner declines it", async () => {
    const alan = await signIn("Alan");
    await send(alan, "deploy search");
    await card(alan).waitFor();
    const chatUrl = alan.url();

    const bob = await signIn("Bob");
    await read(bob);
    expect(await card(bob).count()).toBe(0);
    // Nor does the relay's stream carry it to Bob's browser; it does to Alan's.
    const [toBob, toAlan] = await Promise.all([streamedTo(bob, 1500), streamedTo(alan, 1500)]);
    expect(toBob).not.toContain("be deployed?");
    expect(toAlan).toContain('Where should \\"search\\" be deployed?');
    await bob.goto(chatUrl);
    await read(bob);
    expect(await bob.locator("body").innerText()).toContain("There is no such chat of yours.");
    expect(await card(bob).count()).toBe(0);

    await alan.bringToFront();
    await read(alan);
    await press(card(alan).getByRole("button", { name: "Decline" }));
    await expect.poll(() => thread(alan)).toContain("Deploy of search: the person declined.");
    expect((await log(alan)).split("\n")).toEqual(["shown: Deploy server asks", "closed: decline"]);
    await Promise.all([alan.context().close(), bob.context().close()]);
  });

  it("without ORIGIN, adapter-node takes https: every answer (and SvelteKit's own form) is refused 403, as docs/stacks.md says; ORIGIN or the forwarded headers put it right", async () => {
    const post = (url: string, path: string, type: string, body: string, headers: Record<string, string>) =>
      fetch(`${url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": type, accept: "text/html", origin: url, ...headers }, body });
    const answer = (url: string, headers: Record<string, string> = {}) => post(url, "/api/elicitation", "application/json", "{}", headers);
    const signIn = (url: string, headers: Record<string, string> = {}) => post(url, "/", "application/x-www-form-urlencoded", "name=Eve", headers);
    const bare = await startServer(() => ({}));
    try {
      const refused = await answer(bare.url);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "forbidden-origin", origin: bare.url, expected: bare.url.replace("http:", "https:") });
      expect((await signIn(bare.url)).status).toBe(403);
    } finally {
      await bare.stop();
    }
    const proxied = await startServer(() => ({ PROTOCOL_HEADER: "x-forwarded-proto", HOST_HEADER: "x-forwarded-host" }));
    try {
      const forwarded = { "x-forwarded-proto": "http", "x-forwarded-host": new URL(proxied.url).host };
      // Past the origin check, to the login: nobody is signed in here.
      expect((await answer(proxied.url, forwarded)).status).toBe(401);
      expect((await signIn(proxied.url, forwarded)).status).toBe(303);
    } finally {
      await proxied.stop();
    }
    // The app under test has ORIGIN.
    expect((await answer(app.url)).status).toBe(401);
    expect((await signIn(app.url)).status).toBe(303);
  });

  // Last: it stops the server.
  it("SIGTERM with a question open: the card closes, and the server exits at once instead of waiting out the people's streams", async () => {
    const page = await signIn("Grace");
    await send(page, "deploy api");
    await card(page).waitFor();
    await read(page);
    const started = performance.now();
    await app.stop();
    const ms = Math.round(performance.now() - started);
    console.log(`node build exited ${ms} ms after SIGTERM`);
    // Not adapter-node's SHUTDOWN_TIMEOUT (30 s), which it waits for the streams to end by themselves; at
    // most its keep-alive timeout (5 s), for an idle connection of the browser's.
    expect(ms).toBeLessThan(6000);
    await expect.poll(() => card(page).count()).toBe(0);
    // The tool's call ended too: its reply (answered `cancel` as the relay closed) reached the page.
    await expect.poll(() => thread(page)).toContain("Deploy of api: the person cancelled.");
    // (Then the element finds the relay gone: it says so, and tries again later.)
    expect((await log(page)).split("\n").slice(0, 2)).toEqual(["shown: Deploy server asks", "closed: closed"]);
    await page.context().close();
  });
});
