// Remembered decisions the way people who are not at a desk, or are impatient, give them, in the page the
// relay docs show (fixture/) against the real relay over HTTP, in real Chromium:
// - on a phone (390×844, touch): the checkbox ticked by a finger on its label, Submit tapped; the thread's
//   "answered automatically" line is whole inside 390 px, its Forget a target of at least 24×24 CSS px that a
//   tap works, also inside a host's stylesheet (Bootstrap, and `* { box-sizing: content-box; font-size: 18px }`);
// - Submit pressed twice ~150 ms apart, and Enter held on Submit (key repeat): one answer, one decision,
//   and the next identical question answered from it once.
// Screenshots go to $RME_SCREENSHOTS when it is set (to look at them), nowhere otherwise.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/launchChromium.mjs";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitResult } from "../../src/core/types";
import type { ElicitationRecord } from "../../src/server/types";
import { expectChoicesInsideBody, expectWholeLine, measureLine, PHONE, shot, tapOn } from "../rememberedOnPhone";
import { buildRelayPage, deployCard as card, deployQuestion, identifyByCookie, press, serveRelayPage } from "./relayPage";

let built: { outDir: string; remove: () => Promise<void> };
let served: { origin: string; close: () => Promise<void> };
let browser: Browser;
let context: BrowserContext | undefined;
const records: ElicitationRecord[] = [];
const relay = createElicitationRelay({ identify: identifyByCookie, remember: { chat: "chatId", server: true }, onRecord: (record) => void records.push(record) });
let answerDelayMs = 0;

/** Host sheets: the real Bootstrap as hosts ship it, then rules that reach every element. */
const bootstrapCss = await readFile(createRequire(import.meta.url).resolve("bootstrap/dist/css/bootstrap.min.css"), "utf8");
const GREEDY_HOST = `* { box-sizing: content-box; font-size: 18px; line-height: 1.1; } p { margin: 0 0 1rem; padding: 0 4px; } button { padding: 0.6em 1.2em; border-radius: 8px; }`;

beforeAll(async () => {
  built = await buildRelayPage();
  // A network as slow as a phone's where a test asks for it: the answer is still on its way at the next press.
  served = await serveRelayPage(built.outDir, async (request) => {
    if (request.method === "POST" && answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    return relay.handle(request);
  });
  browser = await chromium.launch(chromiumLaunchOptions());
}, 120_000);

afterEach(async () => {
  answerDelayMs = 0;
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await relay.close();
  await served?.close();
  await built?.remove();
});

async function openChat(person: string, options: { phone?: boolean; hostCss?: string } = {}): Promise<Page> {
  context = await browser.newContext(options.phone ? { viewport: PHONE, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "person", value: person, url: served.origin }]);
  const page = await context.newPage();
  await page.goto(`${served.origin}/#a`);
  // After the library's sheet, as a host's own sheet comes: its rules win where they can.
  if (options.hostCss !== undefined) await page.addStyleTag({ content: options.hostCss });
  return page;
}

const ask = (person: string): Promise<ElicitResult> => relay.request({ owner: person, serverName: "Deploy server", params: deployQuestion, context: { chatId: "a" } });
const line = (page: Page) => page.getByRole("status").filter({ hasText: /Deploy server: answered automatically/ });
const recordsOf = (person: string) => records.filter((record) => record.owner === person).map((record) => record.cause);

/** The whole round on a phone: tick by the label, tap Submit, the line for the repeat, Forget by tap, asked again. */
async function rememberOnPhone(person: string, hostCss: string | undefined, name: string) {
  const page = await openChat(person, { phone: true, hostCss });
  const first = ask(person);
  await card(page).waitFor();
  // A person reads before acting.
  await page.waitForTimeout(1000);
  await tapOn(page, card(page).getByRole("radio", { name: "eu-west" }));
  const remember = card(page).getByRole("checkbox", { name: "Remember for this chat" });
  // The finger lands on the words, not on the small box.
  await tapOn(page, card(page).locator(".rme-option__label", { hasText: "Remember for this chat" }));
  expect(await remember.isChecked()).toBe(true);
  expect(await card(page).getByRole("checkbox", { name: "Always for this server" }).isChecked()).toBe(false);
  await shot(page, `${name}-ticked`);
  await expectChoicesInsideBody(page, 2);
  await tapOn(page, card(page).getByRole("button", { name: "Submit" }));
  const sent = await first;
  expect(sent).toEqual({ action: "accept", content: { region: "eu-west" } });
  await card(page).waitFor({ state: "detached" });
  expect((await relay.remembered(person)).map((decision) => decision.scope)).toEqual(["chat"]);

  // The same question again: answered from the decision, and the thread says so in a line.
  expect(await ask(person)).toEqual(sent);
  await line(page).waitFor();
  await page.waitForTimeout(1000);
  expect(await card(page).count()).toBe(0);
  const measured = await measureLine(page);
  const today = new Intl.DateTimeFormat("en", { day: "numeric", month: "short" }).format(Date.now());
  expect(measured.text).toBe(`Deploy server: answered automatically — remembered ${today} · Forget`);
  expectWholeLine(measured);
  await shot(page, `${name}-line`);

  await tapOn(page, page.getByRole("button", { name: "Forget" }));
  await page.getByText("Forgotten. Deploy server will ask you next time.").waitFor();
  expect(await relay.remembered(person)).toEqual([]);
  await shot(page, `${name}-forgotten`);
  const afterForget = ask(person);
  await card(page).waitFor();
  await page.waitForTimeout(1000);
  await tapOn(page, card(page).getByRole("button", { name: "Cancel" }));
  expect(await afterForget).toEqual({ action: "cancel" });
  expect(recordsOf(person)).toEqual(["person", "remembered", "person"]);
}

/** Ticks "Remember for this chat" with the mouse, pressed ~120 ms, and picks a region: ready to submit. */
async function fillAndTick(page: Page) {
  await card(page).waitFor();
  await page.waitForTimeout(1000);
  await press(page, "eu-west", "radio");
  const box = (await card(page).getByRole("checkbox", { name: "Remember for this chat" }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
  expect(await card(page).getByRole("checkbox", { name: "Remember for this chat" }).isChecked()).toBe(true);
  await expectChoicesInsideBody(page, 2);
  await shot(page, "desktop-ticked");
}

/** The answers the page posted (Forget's posts are not answers). */
function countAnswerPosts(page: Page): { answers: number } {
  const count = { answers: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/elicitation" && !(request.postData() ?? "").includes('"forget"')) count.answers++;
  });
  return count;
}

/** One answer and one decision were taken; the same question again is answered from it, once, with no card. */
async function expectOneAnswerOneDecision(page: Page, person: string, first: Promise<ElicitResult>, posted: { answers: number }) {
  const sent = await first;
  expect(sent).toEqual({ action: "accept", content: { region: "eu-west" } });
  await card(page).waitFor({ state: "detached" });
  // Whatever the extra presses and repeats could still send has arrived by now.
  await page.waitForTimeout(1000);
  expect(posted.answers).toBe(1);
  expect(recordsOf(person)).toEqual(["person"]);
  const decisions = await relay.remembered(person);
  expect(decisions.map((decision) => decision.scope)).toEqual(["chat"]);

  expect(await ask(person)).toEqual(sent);
  await line(page).waitFor();
  await page.waitForTimeout(1000);
  expect(await card(page).count()).toBe(0);
  expect(await page.getByRole("button", { name: "Forget" }).count()).toBe(1);
  expect(recordsOf(person)).toEqual(["person", "remembered"]);
  expect(posted.answers).toBe(1);
  expect((await relay.remembered(person)).map((decision) => decision.key)).toEqual(decisions.map((decision) => decision.key));
}

describe("remembered decisions on a phone, in Chromium", () => {
  it("tick by tapping the label, tap Submit: the line is whole at 390 px, Forget a 24×24 target that a tap works", async () => {
    await rememberOnPhone("cleo", undefined, "phone");
  });

  it("the same inside a host's Bootstrap and a stylesheet that reaches every element", async () => {
    await rememberOnPhone("dora", `${bootstrapCss}\n${GREEDY_HOST}`, "phone-host-css");
  });
});

describe("remembered decisions and impatient hands, in Chromium", () => {
  it("Submit pressed twice ~150 ms apart with Remember ticked: one answer, one decision, the repeat answered once", async () => {
    const page = await openChat("emil");
    answerDelayMs = 2000;
    const posted = countAnswerPosts(page);
    const first = ask("emil");
    await fillAndTick(page);
    const box = (await card(page).getByRole("button", { name: "Submit" }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    let underSecond = "";
    for (let press = 0; press < 2; press++) {
      await page.mouse.down();
      await page.waitForTimeout(60);
      await page.mouse.up();
      if (press > 0) break;
      const upAt = Date.now();
      // The second press lands on the card's Submit still (the answer is on its way), or this is a single press.
      underSecond = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? "", point);
      await page.waitForTimeout(Math.max(0, 90 - (Date.now() - upAt)));
    }
    expect(underSecond).toBe("Submit");
    await expectOneAnswerOneDecision(page, "emil", first, posted);
  });

  it("Enter held on Submit (key repeat) with Remember ticked: one answer, one decision, the repeat answered once", async () => {
    const page = await openChat("fina");
    answerDelayMs = 2000;
    const posted = countAnswerPosts(page);
    const first = ask("fina");
    await fillAndTick(page);
    await card(page).getByRole("button", { name: "Submit" }).focus();
    // Held ~600 ms: the first keydown, then the system's repeats every ~33 ms.
    await page.keyboard.down("Enter");
    for (let repeat = 0; repeat < 18; repeat++) {
      await page.waitForTimeout(33);
      await page.keyboard.down("Enter");
    }
    // Every repeat landed on the card's Submit while the answer was on its way.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toBe("Submit");
    await page.keyboard.up("Enter");
    await expectOneAnswerOneDecision(page, "fina", first, posted);
  });
});
