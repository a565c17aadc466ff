// npm run bench:queue — n requests arriving in one task at an outlet whose queue has no rate limit.
//
// Builds bench/queue/ for production, opens it in Chromium, and for each burst size prints the
// longest frame (main-thread block) while the requests arrive and while they are all cancelled,
// and the JavaScript heap before, at the peak and after (garbage collected), as a Markdown table.
//
//   npm run bench:queue -- [--sizes 500,5000] [--reps 3]
import { join } from "node:path";
import { launchChromium } from "../scripts/launchChromium.mjs";
import { jsHeapUsed } from "./openBenchPage.mjs";
import { runPageBench } from "./runPageBench.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg, i, all) => [arg.replace(/^--/, ""), all[i + 1]?.startsWith("--") ? true : (all[i + 1] ?? true)]),
);
const SIZES = String(args.sizes ?? "500,5000").split(",").map(Number);
const REPS = Number(args.reps ?? 3);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const mb = (x) => `${(x / 1024 / 1024).toFixed(1)} MB`;

async function runBrowser(url) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    page.on("pageerror", (error) => console.error("page error:", error));
    await page.goto(url);
    await page.waitForFunction(() => "burst" in window);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    console.log("| requests | send (one task) | longest frame, arriving | longest frame, cancelling all | heap before | heap after (GC) |");
    console.log("| --: | --: | --: | --: | --: | --: |");
    await page.evaluate(() => window.burst(50)); // warm-up: code compiled, chunks loaded
    for (const n of SIZES) {
      const runs = [];
      for (let r = 0; r < REPS; r++) {
        await page.evaluate(() => window.reset());
        const before = await jsHeapUsed(cdp);
        const figures = await page.evaluate((count) => window.burst(count), n);
        await page.evaluate(() => window.reset());
        const after = await jsHeapUsed(cdp);
        runs.push({ ...figures, before, after });
      }
      const pick = (key) => median(runs.map((run) => run[key]));
      console.log(
        `| ${n} | ${ms(pick("sendMs"))} | ${ms(pick("longestFrameWhileArrivingMs"))} | ${ms(pick("longestFrameWhileClosingMs"))} | ${mb(pick("before"))} | ${mb(pick("after"))} |`,
      );
    }
    console.log(`\nMedians of ${REPS} runs. A frame is 16.7 ms at 60 Hz; the goal is no block over 50 ms.`);
  } finally {
    await browser.close();
  }
}

await runPageBench("bench:queue", join(import.meta.dirname, "queue"), runBrowser);
