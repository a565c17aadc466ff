// The Vue example end to end, as a host deploys it: the packed library installed, the page built once
// (vue-tsc, vite build) and served by Express with the relay, Chromium pressing (held ~120 ms), typing a
// key at a time and reading (~1 s) before each action.
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

/** A new person (own cookies), signed in, in the colour scheme given. */
async function signIn(name: string, colorScheme: "light" | "dark" = "light"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  const page = await context.newPage();
  await page.goto(app.url);
  await read(page);
  await type(page.getByLabel("Your name"), name);
  await press(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Service").waitFor();
  return page;
}

async function deploy(page: Page, service: string) {
  await read(page);
  await type(page.getByLabel("Service"), service);
  await press(page.getByRole("button", { name: "Deploy" }));
}

const row = (page: Page, service: string) => page.locator(".deployment").filter({ has: page.locator("strong", { hasText: new RegExp(`^${service}$`) }) });
const cardIn = (deployment: Locator) => deployment.locator('[data-presentation="inline"]');
const resultOf = (deployment: Locator) => deployment.locator(".result").innerText();
const events = (page: Page) => page.getByRole("list", { name: "Question events" }).getByRole("listitem").allInnerTexts();
const backgroundOf = (button: Locator) => button.evaluate((element) => getComputedStyle(element).backgroundColor);

describe("the Vue + element example", () => {
  it("the question shows under its deployment; the answer returns to the tool; the host's accent colours Submit", async () => {
    const page = await signIn("Ada");
    await deploy(page, "web");
    const deployment = row(page, "web");
    const card = cardIn(deployment);
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('Where should "web" be deployed?');
    // The element's events reach the Vue component's handlers.
    await expect.poll(() => events(page)).toEqual(["shown: web"]);
    expect(await deployment.locator(".waiting").innerText()).toBe("waiting for you");
    // The page's plain `.rme-dialog { --rme-accent: … }` wins over the library's default (#2456d3).
    expect(await backgroundOf(card.getByRole("button", { name: "Submit" }))).toBe("rgb(179, 38, 30)");

    await read(page);
    await press(card.getByRole("radio", { name: "us-east-1" }));
    await type(card.getByRole("textbox", { name: "Note for the team" }), "ship it");
    await read(page);
    await press(card.getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(deployment)).toBe('Deploy of web: accepted {"region":"us-east-1","note":"ship it"}');
    expect(await events(page)).toEqual(["shown: web", "closed: web (accept)"]);
    expect(await deployment.locator(".waiting").count()).toBe(0);

    // A second deployment on the same page: its element is made after the entry has loaded, and draws too.
    await deploy(page, "cache");
    const second = cardIn(row(page, "cache"));
    await second.waitFor();
    await expect.poll(() => events(page)).toEqual(["shown: web", "closed: web (accept)", "shown: cache"]);
    await read(page);
    await press(second.getByRole("radio", { name: "eu-west-1" }));
    await read(page);
    await press(second.getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(row(page, "cache"))).toBe('Deploy of cache: accepted {"region":"eu-west-1"}');
    await page.context().close();
  });

  it("Decline reaches the tool as a decline; in a dark scheme Submit takes the host's dark accent", async () => {
    const page = await signIn("Grace", "dark");
    await deploy(page, "api");
    const deployment = row(page, "api");
    const card = cardIn(deployment);
    await card.waitFor();
    // The host's light-dark() accent in the dark scheme (the library's own dark default is #7aa7ff).
    expect(await backgroundOf(card.getByRole("button", { name: "Submit" }))).toBe("rgb(255, 180, 171)");
    await read(page);
    await press(card.getByRole("button", { name: "Decline" }));
    await expect.poll(() => resultOf(deployment)).toBe("Deploy of api: the person declined.");
    expect(await events(page)).toEqual(["shown: api", "closed: api (decline)"]);
    await page.context().close();
  });

  it("a reload in the middle of a question brings the card back with what was typed (drafts=\"session\")", async () => {
    const page = await signIn("Barbara");
    await deploy(page, "db");
    const card = () => cardIn(row(page, "db"));
    await card().waitFor();
    await read(page);
    await press(card().getByRole("radio", { name: "eu-west-1" }));
    await type(card().getByRole("textbox", { name: "Note for the team" }), "half written");
    await read(page);

    await page.reload();
    await card().waitFor();
    await expect.poll(() => card().getByRole("textbox", { name: "Note for the team" }).inputValue()).toBe("half written");
    expect(await card().getByRole("radio", { name: "eu-west-1" }).isChecked()).toBe(true);
    // The reloaded page's own log: the question shown again, nothing closed (the reload did not answer it).
    await expect.poll(() => events(page)).toEqual(["shown: db"]);
    await read(page);
    await press(card().getByRole("button", { name: "Submit" }));
    await expect.poll(() => resultOf(row(page, "db"))).toBe('Deploy of db: accepted {"region":"eu-west-1","note":"half written"}');
    await page.context().close();
  });
});
