// A server's `pattern` runs on the person's input on every keystroke, and JavaScript's backtracking
// engine can take exponential time (`^(a+)+$` against "aaaa…!"). In a browser every pattern check
// of the forms therefore runs in a small Worker, with the exact semantics the server uses
// (`new RegExp(pattern, "u")`), under a deadline: the page's main thread never runs a server's
// pattern. A check that misses the deadline ends the worker and leaves that pattern to the server
// for the rest of the page's life; so does a page where no worker can start (a CSP without `blob:`
// in worker-src). Where there is no Worker at all (Node, SSR, test DOMs) patterns run in place, as
// the server itself runs them.

/** The verdict on one input: matches, does not match, or undefined when the server must decide. */
export type PatternVerdict = boolean | undefined;

/** How long one check may take before the pattern is left to the server. */
const PATTERN_DEADLINE_MS = 500;

const WORKER_SOURCE = `const cache = new Map();
onmessage = (event) => {
  const { id, pattern, input } = event.data;
  let regExp = cache.get(pattern);
  if (regExp === undefined) {
    try { regExp = new RegExp(pattern, "u"); } catch { regExp = null; }
    if (cache.size > 256) cache.clear();
    cache.set(pattern, regExp);
  }
  postMessage({ id, matches: regExp === null ? null : regExp.test(input) });
};`;

interface Waiting {
  resolve: (verdict: PatternVerdict) => void;
  timer: ReturnType<typeof setTimeout>;
}

let worker: Worker | undefined;
let unavailable = false;
let nextId = 1;
const waiting = new Map<number, Waiting>();
const slow = new Set<string>();
const inPlace = new Map<string, RegExp | null>();

const hasWorkers = () => typeof Worker === "function" && typeof Blob === "function" && typeof URL?.createObjectURL === "function";

/** Settles every waiting check with "left to the server" and drops the worker. */
function abandon(): void {
  worker?.terminate();
  worker = undefined;
  for (const [id, entry] of waiting) {
    clearTimeout(entry.timer);
    entry.resolve(undefined);
    waiting.delete(id);
  }
}

function startWorker(): Worker | undefined {
  if (worker !== undefined || unavailable) return worker;
  let url: string | undefined;
  try {
    url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
    const started = new Worker(url);
    started.onmessage = (event: MessageEvent<{ id: number; matches: boolean | null }>) => {
      const entry = waiting.get(event.data.id);
      if (entry === undefined) return;
      waiting.delete(event.data.id);
      clearTimeout(entry.timer);
      entry.resolve(event.data.matches ?? undefined);
    };
    // A worker the page's policy blocks reports it here: patterns go to the server from now on.
    started.onerror = () => {
      unavailable = true;
      abandon();
    };
    worker = started;
  } catch {
    unavailable = true;
  } finally {
    if (url !== undefined) URL.revokeObjectURL(url);
  }
  return worker;
}

/** Starts the pattern worker ahead of the first check (preloadValidation calls it). */
export function startPatternWorker(): void {
  if (hasWorkers()) startWorker();
}

/** Tests `input` against a JSON Schema `pattern` (ECMAScript, unicode mode) without blocking the page. */
export function testPattern(pattern: string, input: string): Promise<PatternVerdict> {
  if (!hasWorkers()) {
    let regExp = inPlace.get(pattern);
    if (regExp === undefined) {
      try {
        regExp = new RegExp(pattern, "u");
      } catch {
        regExp = null;
      }
      if (inPlace.size > 256) inPlace.clear();
      inPlace.set(pattern, regExp);
    }
    return Promise.resolve(regExp === null ? undefined : regExp.test(input));
  }
  if (slow.has(pattern)) return Promise.resolve(undefined);
  const running = startWorker();
  if (running === undefined) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      // This pattern on this input outran the deadline: end the worker (the only way to stop a
      // running RegExp) and leave the pattern to the server; the next check starts a new worker.
      slow.add(pattern);
      abandon();
    }, PATTERN_DEADLINE_MS);
    waiting.set(id, { resolve, timer });
    running.postMessage({ id, pattern, input });
  });
}
