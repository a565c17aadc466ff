// The React Router example end to end, as people use it: two instances of the app on one Redis behind
// a round-robin proxy, Chromium at a laptop's size pressing (held ~120 ms), typing a key at a time and
// reading (~1 s) before each action. The proxy's log says which instance served what; where a test
// needs "the other instance" it steers that one request there.
import { Redis } from "ioredis";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium, press, read, type } from "../../personPace";
import { startExample, type Example } from "./startExample";

let app: Example;
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

const chatIdOf = (page: Page) => new URL(page.url()).pathname.split("/").at(-1)!;
const toolCall = (page: Page, service: string) => page.locator(".tool-call").filter({ hasText: `"service":"${service}"` });
const cardIn = (call: Locator) => call.locator('[data-presentation="inline"]');
const cards = (page: Page) => page.locator('[data-presentation="inline"]');
const resultOf = (call: Locator) => call.locator(".tool-result").innerText();

/** Everything the relay's event streams carried to this page's person (their session cookie), as the proxy saw it. */
async function streamedTo(page: Page): Promise<string> {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "session")!.value;
  return app.proxy.log
    .filter((entry) => entry.path === "/api/elicitation" && entry.cookie?.includes(session))
    .map((entry) => entry.streamed)
    .join("");
}

/** The instance that runs the chat that sent the last message, and the other one. */
function chatInstances(): { running: number; other: number } {
  const posted = app.proxy.log.filter((entry) => entry.method === "POST" && entry.path === "/api/chat").at(-1);
  if (!posted) throw new Error("no chat message went through the proxy");
  return { running: posted.instance, other: 1 - posted.instance };
}

describe("the React Router example: two instances, one Redis, a round-robin proxy", () => {
  it("a reload, or the window closed and opened again, mid-question keeps the card under its tool call; answered after it, the tool's result shows in the thread", async () => {
    let page = await signIn("Ada");
    await send(page, "deploy web");
    const card = () => cardIn(toolCall(page, "web"));
    await card().waitFor();
    await expect.poll(() => card().innerText()).toContain('Where should "web" be deployed?');
    const id = chatIdOf(page);
    // The answer being written comes back from the instance that does not run it.
    const { other } = chatInstances();
    const unsteer = app.proxy.steer((method, path) => method === "GET" && path === `/api/chat/${id}/stream`, other);
    await read(page);
    await press(card().getByRole("radio", { name: "eu-west-1" }));
    await type(card().getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    await card().waitFor();
    unsteer();
    expect(app.proxy.log.some((entry) => entry.path === `/api/chat/${id}/stream` && entry.instance === other)).toBe(true);
    await expect.poll(() => card().getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await cards(page).count()).toBe(1);
    await read(page);

    // The whole window closed (every connection of it ends, unlike a reload's, which Chromium may keep
    // draining), then opened again at the chat's address with the person's cookie.
    const cookies = await page.context().cookies();
    const chatUrl = page.url();
    await page.context().close();
    await new Promise((done) => setTimeout(done, 2000));
    const reopened = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await reopened.addCookies(cookies);
    page = await reopened.newPage();
    await page.goto(chatUrl);
    await card().waitFor();
    expect(await cards(page).count()).toBe(1);
    await read(page);
    await press(card().getByRole("radio", { name: "eu-west-1" }));
    await type(card().getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);
    await press(card().getByRole("button", { name: "Submit" }));
    const result = 'Deploy of web: accepted {"region":"eu-west-1","note":"half written"}';
    await expect.poll(() => resultOf(toolCall(page, "web"))).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    expect(await cards(page).count()).toBe(0);

    // The run is over: the thread now comes from Redis, whole.
    await page.reload();
    await expect.poll(() => resultOf(toolCall(page, "web"))).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    expect(await cards(page).count()).toBe(0);

    // A reload in the moment a run has ended and its thread is not saved yet (its stream gone, the save
    // of onFinish still to come): the page loads the thread without the answer, and gets it once saved.
    const redis = new Redis(app.redisUrl);
    const whole = (await redis.get(`chat:${id}`))!;
    const saved = JSON.parse(whole) as { owner: string; messages: unknown[] };
    await redis.set(`chat:${id}`, JSON.stringify({ ...saved, messages: saved.messages.slice(0, -1) }));
    await redis.set(`chat:${id}:stream`, "a-stream-that-has-ended");
    await page.reload();
    await page.getByLabel("Message").waitFor();
    expect(await page.locator("main").innerText()).not.toContain("The deploy tool answered");
    await redis.set(`chat:${id}`, whole);
    await redis.del(`chat:${id}:stream`);
    await expect.poll(() => resultOf(toolCall(page, "web"))).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    await redis.quit();
    await page.context().close();
  });

  it("Stop, landing on the other instance, closes the card and ends the tool call", async () => {
    const page = await signIn("Hedy");
    await send(page, "deploy radio");
    const call = toolCall(page, "radio");
    await cardIn(call).waitFor();
    const id = chatIdOf(page);
    const { other } = chatInstances();
    const unsteer = app.proxy.steer((method, path) => method === "POST" && path === `/api/chat/${id}/stop`, other);
    await read(page);
    await press(page.getByRole("button", { name: "Stop", exact: true }));
    await expect.poll(() => cardIn(call).count()).toBe(0);
    unsteer();
    expect(app.proxy.log.filter((entry) => entry.path === `/api/chat/${id}/stop`).map((entry) => entry.instance)).toEqual([other]);
    await expect.poll(() => page.getByRole("button", { name: "Send" }).count()).toBe(1);
    expect(await call.locator(".tool-result").count()).toBe(0);

    // After a reload nothing comes back: the question was withdrawn and the run ended, not left waiting.
    await page.reload();
    await page.getByLabel("Message").waitFor();
    await read(page);
    await read(page);
    expect(await cards(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(1);
    // Nothing went on after Stop: no tool result, no answer quoting it, in the thread Redis keeps.
    await toolCall(page, "radio").waitFor();
    expect(await toolCall(page, "radio").locator(".tool-result").count()).toBe(0);
    expect(await page.locator("main").innerText()).not.toContain("The deploy tool answered");
    await page.context().close();
  });

  it("another person, and another chat of the same person, never see the card", async () => {
    const alan = await signIn("Alan");
    await send(alan, "deploy search");
    await cardIn(toolCall(alan, "search")).waitFor();
    const chatUrl = alan.url();

    const bob = await signIn("Bob");
    await read(bob);
    expect(await cards(bob).count()).toBe(0);
    await bob.goto(chatUrl);
    await read(bob);
    await expect.poll(() => bob.getByRole("alert").innerText()).toBe("There is no such chat of yours.");
    expect(await cards(bob).count()).toBe(0);

    // Alan opens a new chat (no reload): nothing of the first one in it; back, and the card is there.
    await alan.bringToFront();
    await read(alan);
    await press(alan.getByRole("link", { name: "New chat" }));
    await expect.poll(() => alan.url()).not.toBe(chatUrl);
    await alan.getByLabel("Message").waitFor();
    await read(alan);
    await read(alan);
    expect(await cards(alan).count()).toBe(0);
    expect(await alan.locator(".tool-call").count()).toBe(0);
    await alan.goBack();
    await cardIn(toolCall(alan, "search")).waitFor();
    await read(alan);
    await press(cardIn(toolCall(alan, "search")).getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(toolCall(alan, "search"))).toBe("Deploy of search: the person declined.");
    // Nor did the question reach Bob's browser at all; it did reach Alan's.
    expect(await streamedTo(alan)).toContain("be deployed?");
    expect(await streamedTo(bob)).not.toContain("be deployed?");
    await Promise.all([alan.context().close(), bob.context().close()]);
  });

  // Last: it ends one of the two instances.
  it("SIGTERM ends an instance within 2 s; the page carries on through the other", async () => {
    const page = await signIn("Grace");
    await send(page, "deploy api");
    const call = toolCall(page, "api");
    await cardIn(call).waitFor();
    const { running } = chatInstances();
    await read(page);

    const { ms, code } = await app.instances[running]!.terminate();
    console.log(`instance ${running} exited ${ms} ms after SIGTERM (code ${code})`);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2000);
    // The question it held is closed as `cancel`; the tool says so in the thread.
    await expect.poll(() => resultOf(call)).toBe("Deploy of api: the person cancelled.");
    await expect.poll(() => cards(page).count()).toBe(0);

    await send(page, "deploy cache");
    const next = toolCall(page, "cache");
    await cardIn(next).waitFor();
    await read(page);
    await press(cardIn(next).getByRole("radio", { name: "us-east-1" }));
    await read(page);
    await press(cardIn(next).getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(next)).toBe('Deploy of cache: accepted {"region":"us-east-1"}');
    await page.context().close();
  });
});
