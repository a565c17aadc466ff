// A host that runs all day must not grow with every question. Real Chromium, through the queue and
// the outlet: requests each with a new schema off the wire, shown, filled in and answered. The JS
// heap after garbage collection may grow by no more than what the validator cache is allowed to
// keep, however many requests were answered. The figures are printed for the record.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import type { Browser, CDPSession, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../scripts/launchChromium.mjs";
import { sendFileFrom } from "../sendFileFrom";

let outDir: string;
let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "rme-long-session-"));
  await build({
    configFile: false,
    root: join(import.meta.dirname, "fixture"),
    base: "/",
    logLevel: "error",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
  server = createServer((req, res) => void sendFileFrom(outDir, new URL(req.url ?? "/", "http://127.0.0.1").pathname, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The JS heap in use after full garbage collection, in bytes. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

// What the validator cache may hold: 64 compiled validators, and the Ajv instances that compiled
// them (a new one every 64 schemas, so at most two at a time) — well under 1.5 MB for these
// five-field forms, heap noise included. Were Ajv's instance kept for good, 1,000 requests would
// grow the heap by about 10 MB (10 KB per request, measured).
const CACHE_BOUND = 1.5 * 1024 * 1024;

// The heap is read where a generation of the Ajv compiler starts (a multiple of 64 requests), so
// both readings find the current instance equally full; of two readings a generation apart the
// lower is kept, so a collection V8 leaves for later (compiled code it ages out across collections)
// does not pass for growth. What is left between the start and 1,024 requests on is what stays.
const GENERATION = 64;

describe("a long session", () => {
  it.each(["ajv", "eval-free"])("%s: 1,024 answered requests, each a new schema, grow the heap by no more than the cache's bound", async (engine) => {
    const page: Page = await browser.newPage();
    await page.goto(`${url}?engine=${engine}`);
    await page.waitForFunction(() => window.__ready === true);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("HeapProfiler.enable");

    let answered = 0;
    const figures: string[] = [];
    const answerUpTo = async (total: number) => {
      const count = total - answered;
      expect(await page.evaluate(([count, from]) => window.answerRequests(count!, from!), [count, answered])).toBe(count);
      answered = total;
    };
    /** The lower heap of the readings at `total` and a generation later. */
    const floorFrom = async (total: number) => {
      const readings: number[] = [];
      for (const at of [total, total + GENERATION]) {
        await answerUpTo(at);
        const heap = await heapAfterGc(cdp);
        readings.push(heap);
        figures.push(`after ${at}: ${kb(heap)}`);
      }
      return Math.min(...readings);
    };

    // Warm up well past the cache's size, so it is full and Ajv has retired several instances
    // before the first reading.
    const warm = await floorFrom(6 * GENERATION);
    await answerUpTo(14 * GENERATION);
    figures.push(`after ${answered}: ${kb(await heapAfterGc(cdp))}`);
    const last = await floorFrom(22 * GENERATION);
    const growth = last - warm;
    console.log(`long session (${engine}), JS heap after GC: ${figures.join(", ")}; growth over 1,024 requests: ${kb(growth)} (${(growth / 1024).toFixed(0)} B per request)`);
    expect(growth).toBeLessThan(CACHE_BOUND);
    await page.close();
  }, 600_000);
});
