// What the person sees when what the relay stands on fails, in real Chromium at human pace: the page
// of the docs against the real relay on a real Redis (through a proxy that refuses connections), a
// Redis that restarts with its data gone, and Vite's own dev proxy rewriting Host. The answer is never
// lost: the card keeps it and says what is happening, and the MCP side gets it once.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { preview, type PreviewServer } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/launchChromium.mjs";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationRelay } from "../../src/server/createElicitationRelay";
import type { ElicitationRelayStore } from "../../src/server/ElicitationRelayStore";
import { createRedisRelayStore } from "../../src/server/redis/createRedisRelayStore";
import type { ElicitationRelay, ElicitationRelayEvent } from "../../src/server/types";
import { startTcpFaultProxy, type TcpFaultProxy } from "../../test/server/faults/tcpFaultProxy";
import { freePort, startRedis, type RunningRedis } from "../../test/server/helpers/redisServer";
import { buildRelayPage, deployCard, deployQuestion, identifyByCookie, press, serveRelayPage, tap } from "./relayPage";


let page: { outDir: string; remove: () => Promise<void> };
let browser: Browser;
let context: BrowserContext | undefined;
const cleanup: (() => Promise<unknown> | void)[] = [];

beforeAll(async () => {
  page = await buildRelayPage();
  browser = await chromium.launch(chromiumLaunchOptions());
}, 120_000);
afterEach(async () => {
  await context?.close();
  context = undefined;
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  await browser?.close();
  await page?.remove();
});

/** A relay on its own Redis (reached through a proxy that can refuse), serving the page; `store` wraps the Redis store when given. */
async function start(wrap: (store: ElicitationRelayStore) => ElicitationRelayStore = (store) => store) {
  let redis: RunningRedis = await startRedis();
  cleanup.push(() => redis.stop());
  const proxy: TcpFaultProxy = await startTcpFaultProxy(redis.port);
  cleanup.push(() => proxy.close());
  const redisStore = createRedisRelayStore({ url: proxy.url, prefix: "page", heartbeatMs: 500, leaseMs: 3_000, sweepMs: 500 });
  const events: ElicitationRelayEvent[] = [];
  const relay: ElicitationRelay = createElicitationRelay({ identify: identifyByCookie, store: wrap(redisStore), storeTimeoutMs: 1_500, onEvent: (event) => events.push(event) });
  const served = await serveRelayPage(page.outDir, relay.handle);
  cleanup.push(async () => {
    await relay.close();
    await served.close();
    await redisStore.close();
  });
  // A test that failed midway leaves Redis reachable for the shutdown above.
  cleanup.push(() => proxy.refuse(false));
  return {
    relay,
    proxy,
    events,
    origin: served.origin,
    /** Kills Redis and starts it again on the same port, empty. */
    restartEmpty: async () => {
      await redis.kill();
      redis = await startRedis(redis.port);
    },
    ask: (person: string): Promise<ElicitResult> => relay.request({ owner: person, serverName: "Deploy server", params: deployQuestion }),
  };
}

async function openPage(origin: string, person: string): Promise<Page> {
  context ??= await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: "person", value: person, url: origin }]);
  const opened = await context.newPage();
  await opened.goto(origin);
  return opened;
}

/** A person reads the new card, then picks a region. */
async function pickRegion(opened: Page) {
  await deployCard(opened).waitFor();
  await opened.waitForTimeout(1_000);
  await press(opened, "eu-west", "radio");
}

/** Counts cards taken off the page and put on it from now on. */
async function watchCards(opened: Page) {
  await opened.evaluate(() => {
    const counts = { added: 0, removed: 0 };
    (window as unknown as { cards: typeof counts }).cards = counts;
    // An inline card is a <section> named by its title (a region).
    const isCard = (node: Node) => node instanceof Element && (node.matches("section[aria-labelledby]") || node.querySelector("section[aria-labelledby]") !== null);
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (isCard(node)) counts.added++;
        for (const node of record.removedNodes) if (isCard(node)) counts.removed++;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => opened.evaluate(() => (window as unknown as { cards: { added: number; removed: number } }).cards);
}

describe("the relay's store fails while a person answers", () => {
  it("Redis refusing connections: the card keeps the answer and says it is retrying; once Redis is back the answer is taken, once", async () => {
    const { proxy, origin, ask } = await start();
    const opened = await openPage(origin, "ada");
    const answer = ask("ada");
    await pickRegion(opened);
    const cards = await watchCards(opened);
    proxy.refuse(true);
    proxy.cut();
    await press(opened, "Submit");
    await expect.poll(() => deployCard(opened).getByText("Could not send your answer. Retrying…").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await deployCard(opened).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    await opened.screenshot({ path: join(tmpdir(), "rme-relay-retrying.png") });
    proxy.refuse(false);
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west" } });
    await deployCard(opened).waitFor({ state: "detached", timeout: 15_000 });
    expect(await cards()).toEqual({ added: 0, removed: 1 });
  }, 60_000);

  it("Redis restarted empty, its holder slow to open the request again: the same card stays, and the answer given meanwhile is taken", async () => {
    let slow = false;
    const { events, origin, ask, restartEmpty } = await start((store) => ({
      ...store,
      open: async (record, maxOpen) => {
        if (slow) await new Promise((resolve) => setTimeout(resolve, 3_000));
        return store.open(record, maxOpen);
      },
    }));
    const opened = await openPage(origin, "grace");
    const answer = ask("grace");
    await pickRegion(opened);
    const cards = await watchCards(opened);
    slow = true;
    await restartEmpty();
    await expect.poll(() => events.some((event) => event.type === "store-reset"), { timeout: 15_000 }).toBe(true);
    await press(opened, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west" } });
    // The store did not know it when the answer came: 404s, tried again until its holder opened it.
    expect(events.some((event) => event.type === "answer-refused" && event.status === 404)).toBe(true);
    await deployCard(opened).waitFor({ state: "detached", timeout: 15_000 });
    // One card from the first look to the answer: it never closed and came back.
    expect(await cards()).toEqual({ added: 0, removed: 1 });
  }, 60_000);
});

describe("the person's own network", () => {
  it("drops while they answer on a phone: the card keeps the answer and retries; back online, it is taken once", async () => {
    const { origin, ask, events } = await start();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const opened = await openPage(origin, "hedy");
    const answer = ask("hedy");
    await deployCard(opened).waitFor();
    await opened.waitForTimeout(1_000);
    await tap(opened, "eu-west", "radio");
    const cards = await watchCards(opened);
    await context.setOffline(true);
    await tap(opened, "Submit");
    await expect.poll(() => deployCard(opened).getByText("Could not send your answer. Retrying…").isVisible(), { timeout: 15_000 }).toBe(true);
    await opened.waitForTimeout(2_000);
    await context.setOffline(false);
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west" } });
    await deployCard(opened).waitFor({ state: "detached", timeout: 20_000 });
    expect(await cards()).toEqual({ added: 0, removed: 1 });
    expect(events.filter((event) => event.type === "answered")).toHaveLength(1);
  }, 60_000);
});

describe("a dev proxy in front of the relay", () => {
  /** Vite's preview server with the fixture's pages, its proxy carrying /api to the relay as `proxyOptions` say. */
  async function vitePreview(relayOrigin: string, changeOrigin: boolean): Promise<string> {
    const port = await freePort();
    const server: PreviewServer = await preview({
      configFile: false,
      logLevel: "error",
      build: { outDir: page.outDir },
      preview: { host: "127.0.0.1", port, strictPort: true, proxy: { "/api": { target: relayOrigin, changeOrigin } } },
    });
    cleanup.push(() => server.close());
    return `http://127.0.0.1:${port}`;
  }

  it("that rewrites Host: the answer is refused (403) and the card keeps it, saying it was not sent; through a proxy that keeps Host the same question is answered", async () => {
    const { origin: relayOrigin, ask } = await start();
    const answer = ask("alan");
    const rewriting = await openPage(await vitePreview(relayOrigin, true), "alan");
    await pickRegion(rewriting);
    await press(rewriting, "Submit");
    await expect.poll(() => deployCard(rewriting).getByText("Your answer could not be sent. Try again.").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await deployCard(rewriting).getByRole("radio", { name: "eu-west" }).isChecked()).toBe(true);
    await rewriting.screenshot({ path: join(tmpdir(), "rme-relay-forbidden.png") });

    const keeping = await openPage(await vitePreview(relayOrigin, false), "alan");
    await pickRegion(keeping);
    await press(keeping, "Submit");
    expect(await answer).toEqual({ action: "accept", content: { region: "eu-west" } });
    await deployCard(keeping).waitFor({ state: "detached", timeout: 15_000 });
    // The first window hears it was answered elsewhere, through the proxy that still streams fine.
    await deployCard(rewriting).waitFor({ state: "detached", timeout: 15_000 });
  }, 60_000);
});
