// The example chat app end to end, as a person uses it: Next.js built and started, the packed library
// installed, Debian's Chromium pressing (held ~120 ms) and reading (~1 s) before each action.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectChromium, press, read, type } from "../../personPace";
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
async function signIn(name: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(app.url);
  await read(page);
  await type(page.getByLabel("Your name"), name);
  await press(page.getByRole("button", { name: "Start chatting" }));
  await page.waitForURL(/\/chat\//);
  return page;
}

async function send(page: Page, text: string) {
  await read(page);
  await type(page.getByLabel("Message"), text);
  await press(page.getByRole("button", { name: "Send" }));
}

const toolCall = (page: Page, service: string) => page.locator(".tool-call").filter({ hasText: `"service":"${service}"` });
const cardIn = (call: Locator) => call.locator('[data-presentation="inline"]');

describe("the chat example", () => {
  it("shows the tool's question inside its tool call, and the answer comes back as the tool's result", async () => {
    const page = await signIn("Ada");
    await send(page, "deploy web");
    const call = toolCall(page, "web");
    const card = cardIn(call);
    await card.waitFor();
    // The only card on the page, and it sits in the tool call that asked.
    expect(await page.locator('[data-presentation="inline"]').count()).toBe(1);
    await expect.poll(() => card.innerText()).toContain('Where should "web" be deployed?');

    await read(page);
    await press(card.getByRole("radio", { name: "us-east-1" }));
    await press(card.getByRole("checkbox", { name: "Deploy now" }));
    await type(card.getByRole("textbox", { name: "Note for the team" }), "ship it");
    await read(page);
    await press(card.getByRole("button", { name: "Submit" }));

    const result = 'Deploy of web: accepted {"region":"us-east-1","confirm":true,"note":"ship it"}';
    await expect.poll(() => call.locator(".tool-result").innerText()).toBe(result);
    await expect.poll(() => page.locator("main").innerText()).toContain(`The deploy tool answered: ${result}`);
    expect(await card.count()).toBe(0);
    await page.context().close();
  });

  it("Decline reaches the tool as a decline", async () => {
    const page = await signIn("Grace");
    await send(page, "deploy api");
    const call = toolCall(page, "api");
    await cardIn(call).waitFor();
    await read(page);
    await press(cardIn(call).getByRole("button", { name: "Decline" }));
    await expect.poll(() => call.locator(".tool-result").innerText()).toBe("Deploy of api: the person declined.");
    await page.context().close();
  });

  it("ties each question to its own call when the model calls the tool twice at once; Cancel reaches the tool as a cancel", async () => {
    const page = await signIn("Linus");
    await send(page, "deploy web and api");
    const web = toolCall(page, "web");
    const api = toolCall(page, "api");
    await cardIn(web).waitFor();
    await cardIn(api).waitFor();
    await expect.poll(() => cardIn(web).innerText()).toContain('Where should "web" be deployed?');
    await expect.poll(() => cardIn(api).innerText()).toContain('Where should "api" be deployed?');

    await read(page);
    await press(cardIn(api).getByRole("radio", { name: "ap-southeast-2" }));
    await press(cardIn(api).getByRole("checkbox", { name: "Deploy now" }));
    await read(page);
    await press(cardIn(api).getByRole("button", { name: "Submit" }));
    await expect.poll(() => api.locator(".tool-result").innerText()).toBe('Deploy of api: accepted {"region":"ap-southeast-2","confirm":true}');

    await read(page);
    await press(cardIn(web).getByRole("button", { name: "Cancel" }));
    await expect.poll(() => web.locator(".tool-result").innerText()).toBe("Deploy of web: the person cancelled.");
    await page.context().close();
  });

  it("a question shows in its own chat only, not in the person's other chat", async () => {
    const page = await signIn("Frances");
    const otherChat = await page.context().newPage();
    await otherChat.goto(app.url); // signed in already: a new chat
    await otherChat.waitForURL(/\/chat\//);
    await page.bringToFront();
    await send(page, "deploy queue");
    await cardIn(toolCall(page, "queue")).waitFor();
    await otherChat.bringToFront();
    await read(otherChat);
    expect(await otherChat.locator('[data-presentation="inline"]').count()).toBe(0);
    await page.context().close();
  });

  it("a reload in the middle of a question brings the card back with what was typed", async () => {
    const page = await signIn("Barbara");
    await send(page, "deploy db");
    await cardIn(toolCall(page, "db")).waitFor();
    await read(page);
    await press(cardIn(toolCall(page, "db")).getByRole("radio", { name: "eu-west-1" }));
    await type(cardIn(toolCall(page, "db")).getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    const card = cardIn(toolCall(page, "db"));
    await card.waitFor();
    await expect.poll(() => card.getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await card.getByRole("radio", { name: "eu-west-1" }).isChecked()).toBe(true);

    await read(page);
    await press(card.getByRole("checkbox", { name: "Deploy now" }));
    await press(card.getByRole("button", { name: "Submit" }));
    await expect
      .poll(() => toolCall(page, "db").locator(".tool-result").innerText())
      .toBe('Deploy of db: accepted {"region":"eu-west-1","confirm":true,"note":"half written"}');
    await page.context().close();
  });

  it("answering in one window closes the other window's card with “Answered in another window”", async () => {
    const first = await signIn("Margaret");
    const second = await first.context().newPage();
    await second.goto(first.url());
    await send(first, "deploy cache");
    const firstCard = cardIn(toolCall(first, "cache"));
    const secondCard = cardIn(toolCall(second, "cache"));
    await firstCard.waitFor();
    // The second window learns of the tool call from the chat's stream after it loads.
    await second.reload();
    await secondCard.waitFor();

    // The person goes back to the first window and answers there.
    await first.bringToFront();
    await read(first);
    await press(firstCard.getByRole("radio", { name: "eu-west-1" }));
    await press(firstCard.getByRole("checkbox", { name: "Deploy now" }));
    await read(first);
    await press(firstCard.getByRole("button", { name: "Submit" }));

    await second.bringToFront();
    await expect.poll(() => secondCard.innerText()).toContain("Answered in another window");
    const result = 'Deploy of cache: accepted {"region":"eu-west-1","confirm":true}';
    await expect.poll(() => toolCall(first, "cache").locator(".tool-result").innerText()).toBe(result);
    // The notice goes after a moment; the second window shows the same result.
    await expect.poll(() => secondCard.count()).toBe(0);
    await expect.poll(() => toolCall(second, "cache").locator(".tool-result").innerText()).toBe(result);
    await first.context().close();
  });
});
