// What a mounted form keeps, ours beside rjsf's: for each library, a heap snapshot with one form
// mounted and another after it is unmounted (and React has let go of the last event's target), and
// the difference summed by kind. Sorted by how much more (or less) ours keeps than rjsf.
//   node bench/heapCompare.mjs [size] [--props]
// --props names plain objects by their properties; BENCH_MINIFY=0 keeps function names;
// BENCH_JS_FLAGS="--no-sparkplug --max-opt=0" runs the page interpreted only, so compiled code
// (which V8 makes and drops by its own measure) leaves the objects alone in the figures.
import { launchChromium } from "../scripts/launchChromium.mjs";
import { takeHeapSnapshot } from "./heapSnapshot.mjs";
import { openBenchPage } from "./openBenchPage.mjs";
import { runPageBench } from "./runPageBench.mjs";

const SIZE = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 5);
const PROPS = process.argv.includes("--props");
const JS_FLAGS = process.env.BENCH_JS_FLAGS;

/** Self sizes by kind ("type name"), from a snapshot taken after a forced collection. */
async function snapshot(cdp) {
  const kinds = new Map();
  for (const node of await takeHeapSnapshot(cdp, { props: PROPS ? 6 : 0 })) {
    const name = node.name.startsWith("system / Context") ? "system / Context" : node.name;
    const key = `${node.type} ${["object", "closure", "native", "code"].includes(node.type) ? name : ""}`.slice(0, 100);
    const kind = kinds.get(key) ?? { count: 0, size: 0 };
    kind.count++;
    kind.size += node.size;
    kinds.set(key, kind);
  }
  return kinds;
}

function difference(without, mounted) {
  const out = new Map();
  for (const key of new Set([...without.keys(), ...mounted.keys()])) {
    const a = without.get(key) ?? { count: 0, size: 0 };
    const b = mounted.get(key) ?? { count: 0, size: 0 };
    out.set(key, { count: b.count - a.count, size: b.size - a.size });
  }
  return out;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function runBrowser(url) {
  const browser = await launchChromium(JS_FLAGS ? [`--js-flags=${JS_FLAGS}`] : []);
  try {
    const { cdp, call } = await openBenchPage(browser, url);
    await cdp.send("HeapProfiler.enable");
    // Warm, as the bench's memory pass is: chunks loaded, caches filled, code compiled.
    for (let i = 0; i < 20; i++) {
      for (const lib of ["ours", "rjsf"]) {
        await call("mount", lib, SIZE, `size-${SIZE}`);
        await call("drawn");
      }
    }
    const kept = {};
    for (const lib of ["ours", "rjsf"]) {
      await call("mount", lib, SIZE, `size-${SIZE}`);
      await call("drawn");
      const mounted = await snapshot(cdp);
      await call("unmount");
      await call("releaseLastEventTarget");
      const without = await snapshot(cdp);
      kept[lib] = difference(without, mounted);
      const total = (pick) => [...kept[lib]].filter(([key]) => pick(key)).reduce((sum, [, k]) => sum + k.size, 0);
      console.log(`${lib}, ${SIZE} fields: ${kb(total((key) => !key.startsWith("native")))} KB of JS heap, ${kb(total((key) => key.startsWith("native")))} KB of the browser's own objects`);
    }
    const rows = [...new Set([...kept.ours.keys(), ...kept.rjsf.keys()])]
      .map((key) => ({ key, ours: kept.ours.get(key) ?? { count: 0, size: 0 }, rjsf: kept.rjsf.get(key) ?? { count: 0, size: 0 } }))
      .filter((row) => row.ours.size !== row.rjsf.size)
      .sort((a, b) => Math.abs(b.ours.size - b.rjsf.size) - Math.abs(a.ours.size - a.rjsf.size));
    console.log("ours − rjsf KB | ours: count, KB | rjsf: count, KB | kind");
    for (const { key, ours, rjsf } of rows.slice(0, 40)) {
      console.log(`${kb(ours.size - rjsf.size).padStart(8)} | ${String(ours.count).padStart(6)} ${kb(ours.size).padStart(7)} | ${String(rjsf.count).padStart(6)} ${kb(rjsf.size).padStart(7)} | ${key}`);
    }
  } finally {
    await browser.close();
  }
}

await runPageBench("heap-compare", import.meta.dirname, runBrowser);
