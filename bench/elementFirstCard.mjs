// npm run bench:element — <mcp-elicitation-outlet>'s first card, this checkout against an earlier build
// (default `main`), side by side in Chromium: the time from a question's arrival (the page's queue.request,
// as the relay's connection calls it) to the frame that shows its card, and the bytes the page fetched
// before any question. Each side is built as a host ships it: the element's build (vite.element.config.ts),
// then the host's own app build of `export * from "…/element"` (as e2e/element/ does), served on 127.0.0.1.
//
//   cold        the question comes before the page was idle: whatever draws is fetched and run then
//               (requestIdleCallback held back in the page; an earlier build has nothing to fetch);
//   prefetched  the question comes once the page was idle (the idle callbacks run, then 500 ms);
//   opened      the page is opened with a question waiting (a reload mid-question): from the navigation's
//               start to the card's frame, the page's own loading included.
//
// A fresh browser context (empty cache) per load; sides and modes alternate; medians over --runs loads.
//
//   node bench/elementFirstCard.mjs [--base <git ref>] [--runs 11] [--rtt <ms>]
// --rtt: Chromium's network emulation with that round trip (and 20 Mbit/s) for every fetch of the page.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { launchChromium } from "../scripts/launchChromium.mjs";

const root = new URL("..", import.meta.url).pathname;
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const base = arg("base", "main");
const runs = Number(arg("runs", "11"));
const rtt = arg("rtt", undefined) === undefined ? undefined : Number(arg("rtt"));

const QUESTION = {
  message: "Where should the shop be deployed?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"] },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 10 },
      note: { type: "string", title: "Note", maxLength: 200 },
    },
    required: ["environment"],
  },
};

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>Chat</title>
<script type="module">
  import { createElicitationQueue } from "./vendor/element.js";
  const queue = createElicitationQueue();
  const outlet = document.querySelector("mcp-elicitation-outlet");
  outlet.queue = queue;
  window.__ask = (params) =>
    new Promise((resolve) => {
      const start = performance.now();
      // The card's frame: the first animation frame once it is in the page, then past its paint.
      const seen = new MutationObserver(() => {
        if (!outlet.querySelector(".rme-dialog")) return;
        seen.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const end = performance.now();
            // Scripts fetched for this question (ours, cold): until the last of them arrived.
            const scripts = performance.getEntriesByType("resource").filter((entry) => entry.name.endsWith(".js") && entry.startTime >= start);
            const fetched = scripts.length === 0 ? 0 : Math.max(...scripts.map((entry) => entry.responseEnd)) - start;
            resolve({ ms: end - start, at: end, fetched });
          };
          channel.port2.postMessage(0);
        });
      });
      seen.observe(outlet, { childList: true, subtree: true });
      void queue.request({ serverName: "Deployer", params });
    });
  // Opened with a question waiting (a reload mid-question): asked as soon as the page's code runs.
  if (location.search === "?waiting") window.__opened = window.__ask(${JSON.stringify(QUESTION)});
</script></head>
<body><main><h1>Support chat</h1><mcp-elicitation-outlet presentation="inline"></mcp-elicitation-outlet></main></body></html>`;


/** Builds the element of the checkout at `source`, then a host page of it in `out`. */
async function buildSide(source, out) {
  execFileSync("npx", ["vite", "build", "-c", "vite.element.config.ts", "--outDir", join(out, "lib"), "--logLevel", "error"], { cwd: source, stdio: "inherit" });
  await writeFile(join(out, "vendor.js"), `export * from "./lib/element/index.js";\n`);
  await build({
    configFile: false,
    root: out,
    logLevel: "error",
    resolve: { alias: [{ find: /^(ajv|ajv-formats|@cfworker\/json-schema|tldts|re2js)(\/.*)?$/, replacement: `${root}node_modules/$1$2` }] },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: join(out, "page", "vendor"),
      emptyOutDir: true,
      rollupOptions: { input: join(out, "vendor.js"), preserveEntrySignatures: "strict", output: { entryFileNames: "element.js" } },
    },
  });
  await writeFile(join(out, "page", "index.html"), PAGE);
  return join(out, "page");
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
function serve(dirs) {
  const server = createServer(async (req, res) => {
    const [, side, ...rest] = new URL(req.url, "http://x").pathname.split("/");
    const dir = dirs[side];
    const path = rest.join("/") || "index.html";
    if (dir === undefined || path.includes("..")) return res.writeHead(404).end();
    try {
      const body = await readFile(join(dir, path));
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "cache-control": "no-store" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Before the page's code: idle callbacks are held (cold) or run at once when the test says (prefetched). */
function holdIdle() {
  const held = [];
  window.requestIdleCallback = (callback) => held.push(callback);
  window.__runIdle = () => held.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
}

async function measure(browser, origin, side, mode) {
  if (mode === "opened") return opened(browser, origin, side);
  const context = await browser.newContext();
  await context.addInitScript(holdIdle);
  const page = await context.newPage();
  await emulate(context, page);
  const scripts = [];
  page.on("response", (response) => {
    // A body still being read as the context closes counts nothing (it came after the question).
    if (response.url().endsWith(".js")) scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await page.goto(`${origin}/${side}/`, { waitUntil: "load" });
  await page.waitForFunction(() => "__ask" in window);
  await page.waitForTimeout(300);
  const upFront = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  if (mode === "prefetched") {
    await page.evaluate(() => window.__runIdle());
    await page.waitForTimeout(500);
  }
  const { ms, fetched } = await page.evaluate((params) => window.__ask(params), QUESTION);
  await context.close();
  return { ms, upFront, fetched };
}

/** Navigation start → the card's frame, on a page opened with a question waiting. */
async function opened(browser, origin, side) {
  const context = await browser.newContext();
  await context.addInitScript(holdIdle);
  const page = await context.newPage();
  await emulate(context, page);
  await page.goto(`${origin}/${side}/?waiting`, { waitUntil: "load" });
  await page.waitForFunction(() => "__opened" in window);
  const { at } = await page.evaluate(() => window.__opened);
  await context.close();
  return { ms: at };
}

async function emulate(context, page) {
  if (rtt === undefined) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: rtt, downloadThroughput: 20e6 / 8, uploadThroughput: 20e6 / 8 });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const work = await mkdtemp(join(tmpdir(), "rme-element-bench-"));
try {
  // The earlier build, from its own files (git archive), with this checkout's node_modules.
  const baseSource = join(work, "base-source");
  await mkdir(baseSource);
  execFileSync("sh", ["-c", `git archive ${JSON.stringify(base)} | tar -x -C ${JSON.stringify(baseSource)}`], { cwd: root });
  await symlink(join(root, "node_modules"), join(baseSource, "node_modules"));
  const commit = execFileSync("git", ["rev-parse", "--short", base], { cwd: root, encoding: "utf8" }).trim();
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  const dirs = { today: await buildSide(baseSource, join(work, "today")), ours: await buildSide(root, join(work, "ours")) };
  const server = await serve(dirs);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  const results = { today: { cold: [], prefetched: [], opened: [], upFront: [], fetched: [] }, ours: { cold: [], prefetched: [], opened: [], upFront: [], fetched: [] } };
  try {
    // One warm-up load per side, not counted.
    for (const side of ["today", "ours"]) await measure(browser, origin, side, "cold");
    for (let run = 0; run < runs; run++) {
      for (const mode of run % 2 ? ["opened", "prefetched", "cold"] : ["cold", "prefetched", "opened"]) {
        for (const side of run % 2 ? ["ours", "today"] : ["today", "ours"]) {
          const { ms, upFront, fetched } = await measure(browser, origin, side, mode);
          results[side][mode].push(ms);
          if (mode === "cold") results[side].fetched.push(fetched);
          if (upFront !== undefined) results[side].upFront.push(upFront);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(`\n<mcp-elicitation-outlet>, question arrived → its card's frame, medians of ${runs} loads (fresh cache each)${rtt === undefined ? ", 127.0.0.1" : `, ${rtt} ms round trip, 20 Mbit/s`}:`);
  console.log(`today: ${base} (${commit}); ours: this checkout (${head}${execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() ? ", with changes" : ""})\n`);
  console.log("| | today | ours | ours / today |");
  console.log("|---|--:|--:|--:|");
  const up = { today: median(results.today.upFront), ours: median(results.ours.upFront) };
  console.log(`| scripts fetched before the first question (gzipped) | ${kb(up.today)} | ${kb(up.ours)} | ${(up.ours / up.today).toFixed(2)} |`);
  const MODES = {
    cold: "question arrived → card, before the page was idle",
    prefetched: "question arrived → card, after the idle prefetch",
    opened: "page opened with a question waiting: navigation → card",
  };
  for (const [mode, label] of Object.entries(MODES)) {
    const today = median(results.today[mode]);
    const ours = median(results.ours[mode]);
    console.log(`| ${label} | ${ms(today)} | ${ms(ours)} | ${(ours / today).toFixed(2)}× |`);
  }
  console.log(`\nOf the cold figure, fetching what draws (question → its last script received): today ${ms(median(results.today.fetched))}, ours ${ms(median(results.ours.fetched))}; the rest is running it and drawing.`);
  const every = (r) => Object.fromEntries(Object.keys(MODES).map((mode) => [mode, r[mode].map((v) => Math.round(v))]));
  console.log(`\nEvery load (ms): ${JSON.stringify({ today: every(results.today), ours: every(results.ours) })}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
