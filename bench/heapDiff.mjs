// Where the JS heap of a mount goes: heap snapshots before and after mounting one form in the bench
// page, and the objects that are new in the second, summed by constructor (self size).
//   node bench/heapDiff.mjs [ours|rjsf] [size]
import { launchChromium } from "../scripts/launchChromium.mjs";
import { takeHeapSnapshot } from "./heapSnapshot.mjs";
import { openBenchPage } from "./openBenchPage.mjs";
import { runPageBench } from "./runPageBench.mjs";

const LIB = process.argv[2] ?? "ours";
const SIZE = Number(process.argv[3] ?? 200);
// --props: plain objects named by their first property names.
const PROPS = process.argv.includes("--props");

const snapshot = async (cdp) => new Map((await takeHeapSnapshot(cdp, { props: PROPS ? 8 : 0 })).map((node) => [node.id, node]));

async function runBrowser(url) {
  const browser = await launchChromium();
  try {
    const { cdp, call } = await openBenchPage(browser, url);
    await cdp.send("HeapProfiler.enable");
    // Warm: mount and unmount once, so chunks, caches and compiled code are there before the first snapshot.
    for (let i = 0; i < 3; i++) {
      await call("mount", LIB, SIZE, `size-${SIZE}`);
      await call("unmount");
    }
    await new Promise((r) => setTimeout(r, 500));
    const before = await snapshot(cdp);
    await call("mount", LIB, SIZE, `size-${SIZE}`);
    await call("drawn");
    const after = await snapshot(cdp);
    const groups = new Map();
    let total = 0;
    for (const [id, node] of after) {
      if (before.has(id)) continue;
      const key = `${node.type} ${node.type === "object" || node.type === "closure" ? node.name : ""}`.slice(0, 110);
      const g = groups.get(key) ?? { count: 0, size: 0 };
      g.count++;
      g.size += node.size;
      total += node.size;
      groups.set(key, g);
    }
    console.log(`${LIB}, ${SIZE} fields: ${(total / 1024).toFixed(0)} KB in new objects`);
    for (const [key, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, 40)) {
      console.log(`${(g.size / 1024).toFixed(1).padStart(8)} KB ${String(g.count).padStart(7)}  ${key}`);
    }
  } finally {
    await browser.close();
  }
}

await runPageBench("heap-diff", import.meta.dirname, runBrowser);
