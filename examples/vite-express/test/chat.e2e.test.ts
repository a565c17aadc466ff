// The Vite + Express example end to end, as people use it: the API and Vite's dev server (its proxy in
// front of the API) started, the packed library installed, Chromium pressing (held ~120 ms), typing a key
// at a time and reading (~1 s) before each action, and a phone tapped with a finger.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium, press, read, tap, type } from "../../personPace";
import { startExample } from "./startExample";

let app: Awaited<ReturnType<typeof startExample>>;
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
async function signIn(name: string, context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext({ viewport: { width: 1280, height: 800 } }))).newPage();
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

const toolCall = (page: Page, service: string) => page.locator(".tool-call").filter({ hasText: `"service":"${service}"` });
const cardIn = (call: Locator) => call.locator('[data-presentation="inline"]');
const resultOf = (call: Locator) => call.locator(".tool-result").innerText();

describe("the Vite + Express example", () => {
  it("the tool's question shows under its call; the answer comes back as the tool's result", async () => {
    const page = await signIn("Ada");
    await send(page, "deploy web");
    const call = toolCall(page, "web");
    const card = cardIn(call);
    await card.waitFor();
    expect(await page.locator('[data-presentation="inline"]').count()).toBe(1);
    await expect.poll(() => card.innerText()).toContain('Where should "web" be deployed?');
    await read(page);
    await press(card.getByRole("radio", { name: "us-east-1" }));
    await type(card.getByRole("textbox", { name: "Note for the team" }), "ship it");
    await read(page);
    await press(card.getByRole("button", { name: "Submit" }));
    const result = 'Deploy of web: accepted {"region":"us-east-1","note":"ship it"}';
    await expect.poll(() => resultOf(call)).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    expect(await card.count()).toBe(0);
    await page.context().close();
  });

  it("“Remember for this chat”: the same question again is answered as before, a line under its call and no card; Forget asks again", async () => {
    const page = await signIn("Katherine");
    await send(page, "deploy web");
    const calls = toolCall(page, "web");
    const first = cardIn(calls.nth(0));
    await first.waitFor();
    await read(page);
    await press(first.getByRole("radio", { name: "us-east-1" }));
    await press(first.getByRole("checkbox", { name: "Remember for this chat" }));
    await read(page);
    await press(first.getByRole("button", { name: "Submit" }));
    const result = 'Deploy of web: accepted {"region":"us-east-1"}';
    await expect.poll(() => resultOf(calls.nth(0))).toBe(result);

    await send(page, "deploy web");
    await expect.poll(() => resultOf(calls.nth(1))).toBe(result);
    const line = calls.nth(1).getByText(/^Deploy server: answered automatically — remembered /);
    await line.waitFor();
    expect(await cardIn(calls.nth(1)).count()).toBe(0);

    await read(page);
    await press(calls.nth(1).getByRole("button", { name: "Forget" }));
    await calls.nth(1).getByText("Forgotten. Deploy server will ask you next time.").waitFor();
    await send(page, "deploy web");
    const third = cardIn(calls.nth(2));
    await third.waitFor();
    await read(page);
    await press(third.getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(calls.nth(2))).toBe("Deploy of web: the person declined.");
    await page.context().close();
  });

  it("Decline reaches the tool as a decline", async () => {
    const page = await signIn("Grace");
    await send(page, "deploy api");
    const call = toolCall(page, "api");
    await cardIn(call).waitFor();
    await read(page);
    await press(cardIn(call).getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(call)).toBe("Deploy of api: the person declined.");
    await page.context().close();
  });

  it("a reload in the middle of a question brings the card back under its call with what was typed", async () => {
    const page = await signIn("Barbara");
    await send(page, "deploy db");
    const card = () => cardIn(toolCall(page, "db"));
    await card().waitFor();
    await read(page);
    await press(card().getByRole("radio", { name: "eu-west-1" }));
    await type(card().getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    await card().waitFor();
    await expect.poll(() => card().getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await card().getByRole("radio", { name: "eu-west-1" }).isChecked()).toBe(true);
    await read(page);
    await press(card().getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(toolCall(page, "db"))).toBe('Deploy of db: accepted {"region":"eu-west-1","note":"half written"}');
    await page.context().close();
  });

  it("answering in one window closes the other window's card with “Answered in another window”", async () => {
    const first = await signIn("Margaret");
    await send(first, "deploy cache");
    const firstCard = cardIn(toolCall(first, "cache"));
    await firstCard.waitFor();
    const second = await first.context().newPage();
    await second.goto(first.url());
    const secondCard = cardIn(toolCall(second, "cache"));
    await secondCard.waitFor();

    await first.bringToFront();
    await read(first);
    await press(firstCard.getByRole("radio", { name: "eu-west-1" }));
    await read(first);
    await press(firstCard.getByRole("button", { name: "Submit" }));
    await second.bringToFront();
    await expect.poll(() => secondCard.innerText()).toContain("Answered in another window");
    const result = 'Deploy of cache: accepted {"region":"eu-west-1"}';
    await expect.poll(() => resultOf(toolCall(first, "cache"))).toBe(result);
    await expect.poll(() => secondCard.count()).toBe(0);
    await first.context().close();
  });

  it("another person sees nothing of it, even at the chat's address", async () => {
    const ada = await signIn("Alan");
    await send(ada, "deploy search");
    await cardIn(toolCall(ada, "search")).waitFor();
    const bob = await signIn("Bob");
    await bob.goto(ada.url());
    await bob.getByLabel("Message").waitFor();
    await read(bob);
    await read(bob);
    expect(await bob.locator('[data-presentation="inline"]').count()).toBe(0);
    expect(await bob.locator(".tool-call").count()).toBe(0);
    // Still Alan's to answer.
    await read(ada);
    await press(cardIn(toolCall(ada, "search")).getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(toolCall(ada, "search"))).toBe("Deploy of search: the person declined.");
    await Promise.all([ada.context().close(), bob.context().close()]);
  });

  it("on a phone, a finger's taps answer it", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await signIn("Katherine", phone);
    await send(page, "deploy mobile");
    const call = toolCall(page, "mobile");
    await cardIn(call).waitFor();
    await read(page);
    await tap(cardIn(call).getByRole("radio", { name: "ap-southeast-2" }));
    await read(page);
    await tap(cardIn(call).getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(call)).toBe('Deploy of mobile: accepted {"region":"ap-southeast-2"}');
    await phone.close();
  });

  it("the chat's Stop closes the card: the tool call ends without an answer", async () => {
    const page = await signIn("Hedy");
    await send(page, "deploy radio");
    const call = toolCall(page, "radio");
    await cardIn(call).waitFor();
    await read(page);
    await press(page.getByRole("button", { name: "Stop", exact: true }));
    await expect.poll(() => cardIn(call).count()).toBe(0);
    await expect.poll(() => page.getByRole("button", { name: "Send" }).count()).toBe(1);
    expect(await call.locator(".tool-result").count()).toBe(0);
    // After a reload the question does not come back: it was withdrawn, not left waiting.
    await page.reload();
    await page.getByLabel("Message").waitFor();
    await read(page);
    expect(await page.locator('[data-presentation="inline"]').count()).toBe(0);
    await page.context().close();
  });
});
