// <mcp-elicitation-outlet> on a phone with the relay's remembered decisions: the static HTML page built
// from the packed package, at 390×844 with touch, against a real relay (remember for the chat) whose MCP
// side is the real SDK. A finger ticks "Remember for this chat" by its words and taps Submit; the tool's
// next identical question is answered from it with no card, the thread's line is whole at 390 px and its
// Forget, a target a finger can hit, works by a tap; the question after that shows its card again.
// With layout="steps" the choices are on the review step, and the same holds.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { expectChoicesInsideBody, expectWholeLine, measureLine, PHONE, shot, tapOn } from "../rememberedOnPhone";
import { buildPages, startElementHost, type ElementHost } from "./elementHost";

let pages: Awaited<ReturnType<typeof buildPages>>;
let host: ElementHost;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  pages = await buildPages();
  browser = await launchChromium();
}, 240_000);

beforeEach(async () => {
  host = await startElementHost(pages.root, { remember: { chat: "chatId" } });
});

afterEach(async () => {
  await context?.close();
  context = undefined;
  await host?.close();
});

afterAll(async () => {
  await browser?.close();
  await pages?.remove();
});

async function openPhone(query: string): Promise<Page> {
  context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  await context.addCookies([{ name: "user", value: "alice", url: host.origin }]);
  const page = await context.newPage();
  await page.goto(`${host.origin}/plain/${query}`);
  return page;
}

const card = (page: Page) => page.locator('.rme-dialog[data-presentation="inline"]');
const line = (page: Page) => page.getByRole("status").filter({ hasText: /Deployer: answered automatically/ });

/** Taps what the person means once the card has been read (~1 s). */
async function tapWhenRead(page: Page, target: ReturnType<Page["locator"]>) {
  await target.waitFor();
  await page.waitForTimeout(1000);
  await tapOn(page, target);
}

/** The round: answer with "Remember for this chat" ticked by its words, the repeat answered with a line, Forget by tap, asked again. */
async function rememberByTap(page: Page, name: string, toReview: (page: Page) => Promise<void>) {
  const first = host.deploy("t1");
  await card(page).waitFor();
  await tapWhenRead(page, card(page).getByRole("radio", { name: "staging" }));
  await toReview(page);
  const remember = card(page).getByRole("checkbox", { name: "Remember for this chat" });
  await tapWhenRead(page, card(page).locator(".rme-option__label", { hasText: "Remember for this chat" }));
  expect(await remember.isChecked()).toBe(true);
  await expectChoicesInsideBody(page, 1);
  await shot(page, `${name}-ticked`);
  await tapOn(page, card(page).getByRole("button", { name: "Submit" }));
  const sent = await first;
  expect(sent).toEqual({ action: "accept", content: { environment: "staging" } });
  await card(page).waitFor({ state: "detached" });
  expect((await host.remembered()).map((decision) => decision.scope)).toEqual(["chat"]);

  // The tool asks the same again: the answer comes from the decision; the thread shows a line, no card.
  expect(await host.deploy("t2")).toEqual(sent);
  await line(page).waitFor();
  await page.waitForTimeout(1000);
  expect(await card(page).count()).toBe(0);
  const measured = await measureLine(page);
  const today = new Intl.DateTimeFormat("en", { day: "numeric", month: "short" }).format(Date.now());
  expect(measured.text).toBe(`Deployer: answered automatically — remembered ${today} · Forget`);
  expectWholeLine(measured);
  await shot(page, `${name}-line`);

  await tapOn(page, page.getByRole("button", { name: "Forget" }));
  await page.getByText("Forgotten. Deployer will ask you next time.").waitFor();
  expect(await host.remembered()).toEqual([]);
  const third = host.deploy("t3");
  await tapWhenRead(page, card(page).getByRole("button", { name: "Decline" }));
  expect(await third).toEqual({ action: "decline" });
}

describe("<mcp-elicitation-outlet> on a phone: remembered decisions by tap", () => {
  it("the form: tick by the label's words, tap Submit; the line is whole at 390 px and its Forget works by tap", async () => {
    const page = await openPhone("");
    await rememberByTap(page, "element-phone", async () => undefined);
  });

  it('layout="steps": the choices on the review step, ticked and submitted by tap; the same line and Forget', async () => {
    const page = await openPhone("?layout=steps");
    await rememberByTap(page, "element-phone-steps", async (page) => {
      // Environment, then Replicas (left empty): Next each time, to the review.
      for (let step = 0; step < 2; step++) await tapWhenRead(page, card(page).getByRole("button", { name: "Next" }));
      await card(page).getByRole("button", { name: "Submit" }).waitFor();
    });
  });
});
