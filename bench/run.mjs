// npm run bench — react-mcp-elicitation against @rjsf/core in one Chromium, same schemas, same run.
//
// Builds bench/page.tsx for production (React's production build), serves it from 127.0.0.1, and
// alternates the two libraries form by form, so that whatever else the machine is doing weighs on
// both alike. Prints medians as Markdown tables.
//
//   npm run bench -- [--reps 15] [--sizes 5,20,50,200] [--keys 5] [--first 7]
import { launchChromium } from "../scripts/launchChromium.mjs";
import { jsHeapUsed, openBenchPage } from "./openBenchPage.mjs";
import { runPageBench } from "./runPageBench.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg, i, all) => [arg.replace(/^--/, ""), all[i + 1]?.startsWith("--") ? true : (all[i + 1] ?? true)]),
);
const REPS = Number(args.reps ?? 15);
const WARMUP = 2;
const SIZES = String(args.sizes ?? "5,20,50,200").split(",").map(Number);
const KEYS = Number(args.keys ?? 5);
const FIRST = Number(args.first ?? 7);
// The JS heap after a forced collection varies by tens of KB from one mount of the same form to
// the next: enough readings for a steady median.
const MEMORY_REPS = 12;
const LIBS = ["ours", "rjsf"];

async function runBrowser(url) {
  // Frames as soon as there is something to draw, so a timing is the work, not the wait for vsync.
  const browser = await launchChromium(["--disable-frame-rate-limit", "--disable-gpu-vsync"]);
  try {
    const { cdp, heap, call } = await openPage(browser, url);
    // CPU time of the page's main thread (Chromium's ThreadTime metric): unlike a clock, it does not
    // count the time other processes on the machine held the CPU. Includes a constant cost of
    // driving the page, measured on an empty frame and taken off.
    const threadTime = async () => {
      const { metrics } = await cdp.send("Performance.getMetrics");
      return metrics.find((m) => m.name === "ThreadTime").value * 1000;
    };
    const cpu = async (action) => {
      const start = await threadTime();
      const result = await action();
      return { result, cpu: (await threadTime()) - start - overhead };
    };
    let overhead = 0;
    const overheads = [];
    for (let i = 0; i < 30; i++) overheads.push((await cpu(() => call("frame"))).cpu);
    overhead = median(overheads);

    const started = Date.now();
    const version = browser.version();
    const frames = [];
    for (let i = 0; i < 20; i++) frames.push(await call("frame"));
    const tables = [];
    for (const size of SIZES) {
      const samples = Object.fromEntries(LIBS.map((lib) => [lib, { mount: [], mountCpu: [], mountScript: [], mountBrowser: [], mountStyled: [], drawn: [], drawnCpu: [], key: [], keyCpu: [], keyScript: [], keyBrowser: [], submit: [], submitBrowser: [], heap: [], heapFresh: [], nodes: [] }]));
      for (let rep = 0; rep < WARMUP + REPS; rep++) {
        const order = rep % 2 === 0 ? LIBS : [...LIBS].reverse();
        for (const lib of order) {
          const s = samples[lib];
          const keep = rep >= WARMUP;
          await call("unmount");
          // One span of thread time from the mount until every field is drawn: work that runs
          // between the two calls (the rest of a long form, right after the first paint) is in it.
          const mountStarted = await threadTime();
          const mount = await call("mount", lib, size, `size-${size}`);
          const mountCpu = (await threadTime()) - mountStarted - overhead;
          // Until every field is drawn (ours draws a long form over a few frames), and the CPU of it all.
          const allDrawn = await call("drawn");
          const drawnCpu = (await threadTime()) - mountStarted - 2 * overhead;
          const mountScript = await call("mountScript");
          const keys = [];
          const keyCpu = [];
          for (let k = 0; k < KEYS; k++) {
            const { result, cpu: used } = await cpu(() => call("keystroke"));
            keys.push(result);
            keyCpu.push(used);
          }
          const typed = await call("textValue");
          if (typed !== "a".repeat(KEYS)) throw new Error(`${lib}: typed "${typed}"`);
          const browserKeys = [await call("browserKeystroke"), await call("browserKeystroke")];
          const submit = await call("submit");
          const nodes = await call("elementCount");
          const mountBrowser = await call("browserMount");
          // On that copy, a form no library has seen: the browser's part of a first Submit.
          const browserSubmit = await call("browserSubmit");
          // Ours once more with its stylesheet on, as hosts ship it (rjsf has no stylesheet of its own).
          const mountStyled = lib === "ours" ? await call("mount", lib, size, `size-${size}`, true) : NaN;
          if (keep) {
            s.mount.push(mount);
            s.mountCpu.push(mountCpu);
            s.mountScript.push(mountScript);
            s.drawn.push(allDrawn);
            s.drawnCpu.push(drawnCpu);
            s.key.push(...keys.map((k) => k.paint));
            s.keyCpu.push(...keyCpu);
            s.keyScript.push(...keys.map((k) => k.script));
            s.keyBrowser.push(...browserKeys);
            s.submit.push(submit);
            s.submitBrowser.push(browserSubmit);
            s.nodes.push(nodes);
            s.mountBrowser.push(mountBrowser);
            s.mountStyled.push(mountStyled);
          }
        }
      }
      // Memory apart from the timings: a forced full GC also throws away compiled code that has not
      // run lately, which would make the next timed mount recompile it.
      await readHeap({ call, heap }, size, samples, "heap");
      // And on a page of its own that has drawn only a few forms, as a host's page holds its first
      // requests: after the many mounts above, both libraries' hot functions are optimised, and the
      // machine code a mounted form's closures keep alive is counted with the form.
      const fresh = await openPage(browser, url);
      for (const lib of LIBS) {
        for (let warm = 0; warm < 2; warm++) {
          await fresh.call("mount", lib, size, `size-${size}`);
          await fresh.call("drawn");
          await fresh.call("submit");
        }
      }
      await readHeap(fresh, size, samples, "heapFresh");
      await fresh.page.close();
      tables.push({ size, samples });
      printSize(size, samples);
    }

    // A first request compiles a validator; a repeated one (same schema, new object, as a new request
    // arrives off the wire) should not. Main-thread CPU of mount and of a valid submit, with the
    // number of Ajv compilations each caused.
    const first = [];
    for (const size of [SIZES[0], SIZES.at(-1)]) {
      const rows = {};
      for (const lib of LIBS) for (const kind of ["first", "repeat"]) rows[`${lib} ${kind}`] = { mount: [], submit: [], compiles: [] };
      for (let rep = 0; rep < FIRST; rep++) {
        const order = rep % 2 === 0 ? LIBS : [...LIBS].reverse();
        for (const lib of order) {
          const salt = `first-${size}-${lib}-${rep}`;
          for (const kind of ["first", "repeat"]) {
            const row = rows[`${lib} ${kind}`];
            await call("unmount");
            const compilesBefore = await call("compiles");
            const { cpu: mounted } = await cpu(() => call("mount", lib, size, salt));
            row.mount.push(mounted + (await cpu(() => call("drawn"))).cpu);
            row.submit.push((await cpu(() => call("submit"))).cpu);
            row.compiles.push((await call("compiles")) - compilesBefore);
          }
        }
      }
      await call("unmount");
      first.push({ size, rows });
    }
    printFirst(first);
    console.log(`\nDriving the page costs ${ms(overhead)} of main-thread CPU per step; the CPU rows have it taken off.`);
    console.log(`An empty frame (the floor under every "→ paint" figure): ${ms(median(frames))}.`);
    console.log(`${version}, ${REPS} runs per library and size after ${WARMUP} warm-up runs, ` +
      `${KEYS} keystrokes per run; ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await browser.close();
  }
}

/** A new tab with the bench page: the page, its DevTools session, a heap reading and a way to call the page's bench API. */
async function openPage(browser, url) {
  const { page, cdp, call } = await openBenchPage(browser, url);
  await cdp.send("Performance.enable");
  return { page, cdp, call, heap: () => jsHeapUsed(cdp) };
}

/** JS heap with one form mounted minus without, MEMORY_REPS readings per library, alternating, into `samples[lib][key]`. */
async function readHeap({ call, heap }, size, samples, key) {
  for (let rep = 0; rep < MEMORY_REPS; rep++) {
    for (const lib of rep % 2 === 0 ? LIBS : [...LIBS].reverse()) {
      await call("unmount");
      await call("releaseLastEventTarget");
      const before = await heap();
      await call("mount", lib, size, `size-${size}`);
      await call("drawn");
      samples[lib][key].push((await heap()) - before);
    }
  }
  await call("unmount");
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ms = (v) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;
const kb = (v) => `${(v / 1024).toFixed(0)} KB`;
const ratio = (a, b) => `${(a / b).toFixed(2)}`;

function printSize(size, samples) {
  const rows = [
    ["mount → first paint", "mount", ms],
    ["  main-thread CPU time", "mountCpu", ms],
    ["  script: React render, commit, effects", "mountScript", ms],
    ["  the browser alone (same HTML, innerHTML)", "mountBrowser", ms],
    ["  with styles.css (ours only)", "mountStyled", ms],
    ["mount → every field drawn and painted", "drawn", ms],
    ["  main-thread CPU time", "drawnCpu", ms],
    ["keystroke → paint (text field)", "key", ms],
    ["  main-thread CPU time", "keyCpu", ms],
    ["  script: event handled", "keyScript", ms],
    ["  the browser alone (value set, no event)", "keyBrowser", ms],
    ["submit (valid) → validated data in onSubmit", "submit", ms],
    ["  the browser alone (click → submit event)", "submitBrowser", ms],
    ["JS heap after mount (over empty page)", "heap", kb],
    ["  on a fresh page, after 2 forms of each", "heapFresh", kb],
    ["DOM elements", "nodes", (v) => String(v)],
  ];
  console.log(`\n### ${size} fields\n`);
  console.log("| median | react-mcp-elicitation | @rjsf/core | ours / rjsf |");
  console.log("|---|--:|--:|--:|");
  for (const [label, key, format] of rows) {
    const ours = median(samples.ours[key]);
    const theirs = median(samples.rjsf[key]);
    if (Number.isNaN(theirs)) console.log(`| ${label} | ${format(ours)} | – | – |`);
    else console.log(`| ${label} | ${format(ours)} | ${format(theirs)} | ${ratio(ours, theirs)} |`);
  }
}

function printFirst(first) {
  console.log("\n### First request vs repeated request (same schema, a new object each time)\n");
  console.log("| fields | library | request | mount to every field drawn, main-thread CPU | valid submit, main-thread CPU | Ajv compilations |");
  console.log("|--:|---|---|--:|--:|--:|");
  for (const { size, rows } of first) {
    for (const lib of LIBS) {
      for (const kind of ["first", "repeat"]) {
        const r = rows[`${lib} ${kind}`];
        const name = lib === "ours" ? "react-mcp-elicitation" : "@rjsf/core";
        console.log(
          `| ${size} | ${name} | ${kind === "first" ? "first" : "repeated"} | ${ms(median(r.mount))} | ${ms(median(r.submit))} | ` +
            `${median(r.compiles)} |`,
        );
      }
    }
  }
}

await runPageBench("bench", import.meta.dirname, runBrowser);
