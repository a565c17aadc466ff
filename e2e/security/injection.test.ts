// Classic HTML/script payloads in every server-controlled string, in real Chromium, on a page with
// no CSP (so anything injected WOULD run): all shown as text, none executed.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { startFixtureServer, type FixtureServer } from "./fixtureServer";

const PAYLOADS = [
  `<img src=x onerror=pwn(1)>`,
  `<script>pwn(2)</script>`,
  `<svg onload=pwn(3)>`,
  `"><img src=x onerror=pwn(4)>`,
  `'><svg/onload=pwn(5)>`,
  `<iframe src="javascript:pwn(6)"></iframe>`,
  `<a href="javascript:pwn(7)" id=clickme>click</a>`,
  `<details open ontoggle=pwn(8)>`,
  `<body onload=pwn(9)>`,
  `javascript:pwn(10)`,
  `<math><mtext><table><mglyph><style><img src=x onerror=pwn(11)>`,
  `{{constructor.constructor('pwn(12)')()}}`,
  `\${pwn(13)}`,
  `<input autofocus onfocus=pwn(14)>`,
  `<object data="javascript:pwn(15)">`,
  `<embed src="data:text/html,<script>parent.pwn(16)</script>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:pwn(17)">`,
  `<base href="javascript:pwn(18)//">`,
  `<img src=x onerror=alert(19)>`,
  `<form action="javascript:pwn(20)"><button>go</button></form>`,
];

function hostileRequest(p: string) {
  return {
    message: `Message ${p}`,
    requestedSchema: {
      type: "object",
      title: p,
      description: p,
      properties: {
        text: { type: "string", title: `Title ${p}`, description: `Description ${p}`, default: p },
        legacy: { type: "string", title: p, enum: [p, "plain"], enumNames: [`Legacy ${p}`, "Plain"], default: p },
        titled: { type: "string", title: p, oneOf: [{ const: "a", title: `Titled ${p}` }, { const: p, title: p }] },
        many: { type: "array", title: p, description: p, items: { anyOf: [{ const: p, title: `Many ${p}` }, { const: "b", title: "B" }] }, default: [p] },
        flag: { type: "boolean", title: `Flag ${p}`, description: p, default: true },
      },
      required: ["text"],
    },
  };
}

let fixture: FixtureServer;
let browser: Browser;
let page: Page;

async function show(serverName: string, request: unknown, props: Record<string, unknown> = {}) {
  await page.evaluate(([s, r, p]) => window.showRequest(s as string, r, p as object), [serverName, request, props] as const);
  // A person reads first: a new dialog ignores input for its first 500 ms.
  await page.waitForTimeout(600);
}
const pwned = () => page.evaluate(() => window.__pwned);

beforeAll(async () => {
  fixture = await startFixtureServer();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(fixture.openUrl);
  await page.waitForFunction(() => window.__ready === true);
});
afterAll(async () => {
  await browser?.close();
  await fixture?.close();
});

describe("injection in real Chromium", () => {
  it("the trap works: HTML injected on purpose does run on this page", async () => {
    await page.evaluate(() => {
      const div = document.createElement("div");
      div.id = "control";
      document.body.append(div);
      div.insertAdjacentHTML("beforeend", "<img src=x onerror=pwn('control')>");
    });
    await page.waitForFunction(() => window.__pwned.includes("control"));
    await page.evaluate(() => {
      document.getElementById("control")!.remove();
      window.__pwned.length = 0;
    });
  });

  it.each(PAYLOADS)("%s is shown as text everywhere and never runs", async (payload) => {
    await show(`Server ${payload}`, hostileRequest(payload));
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    // Visible as written.
    const text = await dialog.innerText();
    expect(text).toContain(`Message ${payload}`);
    expect(text).toContain(`Server ${payload}`);
    expect(text).toContain(`Title ${payload}`);
    expect(text).toContain(`Description ${payload}`);
    expect(text).toContain(`Titled ${payload}`);
    expect(text).toContain(`Many ${payload}`);
    // A short legacy enumNames choice is drawn as radios, its names as their labels.
    expect(text).toContain(`Legacy ${payload}`);
    expect(await dialog.getByRole("textbox").first().inputValue()).toBe(payload);
    // No element the payloads could have created.
    expect(await dialog.locator("img, script, svg, iframe, a, details, object, embed, meta, base, math, style, body").count()).toBe(0);
    // Interact the way a person would, then give timers and loads a moment.
    await dialog.getByRole("textbox").first().focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.waitForTimeout(50);
    await dialog.getByRole("button", { name: "Submit" }).click();
    const response = await page.evaluate(() => window.__responses.at(-1));
    expect(response).toMatchObject({ action: "accept", content: { text: payload, legacy: payload, many: [payload], flag: true } });
    expect(await pwned()).toEqual([]);
    expect(page.url()).toBe(fixture.openUrl);
  });

  it("payloads in a refused request's error reason, and in URL mode, stay text", async () => {
    const p = PAYLOADS[0]!;
    await show("Srv", { message: p, requestedSchema: { type: "object", properties: { [p]: { type: "string", format: p } } } });
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("is not supported");
    expect(await dialog.locator("img").count()).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();

    await show("Srv", { mode: "url", message: p, url: `https://example.com/${encodeURIComponent(p)}?q=${p}`, elicitationId: p });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("example.com");
    expect(await dialog.locator("img, script").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await show("Srv", { mode: "url", message: p, url: "javascript:pwn('url')" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("must use https: or http:");
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.waitForTimeout(50);
    expect(await pwned()).toEqual([]);
  });
});
