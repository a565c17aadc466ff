// A server's `pattern` runs on the person's input on every keystroke, and JavaScript's backtracking
// engine can take exponential time (`^(a+)+$` against "aaaa…!"). The page's main thread therefore
// never runs a server's pattern with that engine. In a browser a check takes the first path this page
// allows, always with the server's semantics (`new RegExp(pattern, "u")`):
//   1. a worker started from the package's own module file (patternWorkerModule.ts, emitted by the
//      host's bundler beside its scripts), running the native engine under a deadline. First, because
//      `script-src 'self'` (or `worker-src 'self'`) allows it: a way the page refuses files a CSP
//      violation report, and a strict page should get none from a worker that could have started;
//   2. the same worker from a `blob:` URL, for policies that allow `blob:` workers but not
//      same-origin ones (`worker-src blob:`), or a bundler that did not emit the file;
//   3. for a pattern that missed the deadline, or on a page where no worker can start, RE2 (re2js:
//      linear time, loaded on demand) — only when the pattern translates to RE2 with the same
//      meaning (toRe2Syntax.ts). RE2 runs in a worker of its own where one can start, else on the
//      main thread in short tasks (createRe2Checker.ts);
//   4. otherwise (backreferences or lookaround, too slow or without a worker) the server decides.
// Where there is no Worker at all (Node, SSR, test DOMs) patterns run in place, as a server runs them.
import type { Re2Checker } from "./createRe2Checker";
import { patternWorkerMain } from "./patternWorkerMain";
import { besideWorkerFiles } from "./besideWorkerFiles";
import { startPatternWorker, type StartedPatternWorker } from "./startPatternWorker";

/** The verdict on one input: matches, does not match, or undefined when the server must decide. */
export type PatternVerdict = boolean | undefined;

/** Where this page checks a pattern: in the form (off the main thread or in linear time), or at the server. */
export type PatternCheckPlace = "form" | "server";

export interface PatternTesterOptions {
  /** How long the native engine may take on one input before the pattern goes to RE2 (ms). Default 500. */
  deadlineMs?: number;
  /**
   * Ways to start a pattern worker, tried in order until one answers. Default: the package's module
   * file, then a `blob:` worker. An empty list means a page where no worker can start. Without this
   * option, a context with no `Worker` runs patterns in place.
   */
  workers?: ReadonlyArray<() => Worker>;
  /** How long a starting worker may take to answer before the next way is tried (ms). Default 5000. */
  startTimeoutMs?: number;
  /**
   * Ways to start the RE2 worker, tried in order. Default: the package's RE2 module file when
   * `workers` is left to its default, none otherwise. With none (or none that starts), RE2 runs on
   * the main thread, in short tasks.
   */
  re2Workers?: ReadonlyArray<() => Worker>;
}

export interface PatternTester {
  /** Tests `input` against a JSON Schema `pattern` (ECMAScript, unicode mode) without blocking the page. */
  test(pattern: string, input: string): Promise<PatternVerdict>;
  /** Starts the worker ahead of the first check. */
  start(): void;
  /**
   * Where `pattern` will be checked on this page, as far as can be known before any input: "server"
   * when no worker can start here and RE2 cannot read the pattern, or it already proved too slow.
   */
  placeOf(pattern: string): Promise<PatternCheckPlace>;
  /** Ends the worker; later checks start a new one. */
  dispose(): void;
}

interface Waiting {
  pattern: string;
  input: string;
  resolve: (verdict: PatternVerdict | Promise<PatternVerdict>) => void;
  timer?: ReturnType<typeof setTimeout>;
}

/** The blob: worker: this page's worker made from patternWorkerMain's own source. */
function startBlobWorker(): Worker {
  // Some embedded browsers have workers but no blob: URLs: this way is skipped.
  if (typeof Blob !== "function" || typeof URL.createObjectURL !== "function") throw new Error("blob: URLs are not available here");
  const url = URL.createObjectURL(new Blob([`(${patternWorkerMain.toString()})(self);`], { type: "text/javascript" }));
  try {
    return new Worker(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The module worker, written the way bundlers recognise and emit as a same-origin file. */
function startModuleWorker(): Worker {
  if (!besideWorkerFiles(import.meta.url)) throw new Error("the worker's module file is not beside this pre-bundled copy");
  return new Worker(new URL("./patternWorkerModule.js", import.meta.url), { type: "module" });
}

const CACHE_LIMIT = 256;
/** Inputs up to this length keep their verdict: a form's codes and identifiers, not whole texts. */
const KEPT_INPUT_LENGTH = 512;

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  if (cache.has(key)) return cache.get(key)!;
  const value = make();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** A pattern checker holding its worker, its caches and what it has learnt about this page. */
export function createPatternTester(options: PatternTesterOptions = {}): PatternTester {
  const deadlineMs = options.deadlineMs ?? 500;
  const startTimeoutMs = options.startTimeoutMs ?? 5000;
  const ways = options.workers ?? [startModuleWorker, startBlobWorker];
  const inPlace = options.workers === undefined && typeof Worker !== "function";

  let current: StartedPatternWorker<Worker> | undefined;
  let ready = false;
  /** Index in `ways` of the way to try next; past the end, no worker can start on this page. */
  let way = 0;
  let nextId = 1;
  /** The check the worker is running, if any. */
  let inFlight: number | undefined;
  const waiting = new Map<number, Waiting>();
  /** Settled once a worker answered (true) or every way failed (false). */
  let settleWorkerKnown: (works: boolean) => void = () => undefined;
  const workerKnown = new Promise<boolean>((resolve) => (settleWorkerKnown = resolve));
  const slow = new Set<string>();
  const native = new Map<string, RegExp | null>();
  /**
   * Verdicts already known, and checks under way, by pattern and input: a Submit after a field was
   * checked as the person left it, or several fields with the same pattern and value, cost no
   * second trip to the worker. Only definite verdicts are kept: "the server decides" may change once
   * RE2 has loaded.
   */
  const verdicts = new Map<string, boolean>();
  const underWay = new Map<string, Promise<PatternVerdict>>();

  const noWorker = () => way >= ways.length && current === undefined;
  /** True once every way failed: no worker can start on this page. */
  let workerless = false;

  /** The RE2 paths (createRe2Checker.ts), a chunk loaded only when a pattern first needs RE2. */
  let re2: Promise<Re2Checker | undefined> | undefined;
  let re2Loaded: Re2Checker | undefined;
  const re2Checker = () =>
    (re2 ??= import("./createRe2Checker").then(
      (module) =>
        (re2Loaded = module.createRe2Checker({
          workers: options.re2Workers ?? (options.workers === undefined ? undefined : []),
          startTimeoutMs,
          workersMayStart: () => !workerless,
        })),
      () => {
        // Offline or blocked: tried again on the next check.
        re2 = undefined;
        return undefined;
      },
    ));
  const testWithRe2 = async (pattern: string, input: string): Promise<PatternVerdict> => (await re2Checker())?.test(pattern, input);

  /** No worker can start here: every pattern goes to RE2 on the main thread, so it loads now, while idle. */
  function learnWorkerless(): void {
    if (!noWorker() || workerless) return;
    workerless = true;
    settleWorkerKnown(false);
    re2Checker().then((checker) => checker?.preload());
  }

  function testInPlace(pattern: string, input: string): PatternVerdict {
    const regExp = remember(native, pattern, () => {
      try {
        return new RegExp(pattern, "u");
      } catch {
        return null;
      }
    });
    return regExp === null ? undefined : regExp.test(input);
  }

  /**
   * Sends the oldest waiting check, one at a time: the deadline then measures that check alone, not
   * the time it spent queued behind another pattern's.
   */
  function pump(): void {
    if (current === undefined || !ready || inFlight !== undefined) return;
    const next = waiting.entries().next();
    if (next.done) return;
    const [id, entry] = next.value;
    inFlight = id;
    entry.timer = setTimeout(() => {
      // The native engine outran the deadline on this input: end the worker (the only way to stop a
      // running RegExp); RE2 takes this pattern from now on (in its own worker where one can start),
      // and the others go to a fresh native worker.
      slow.add(entry.pattern);
      waiting.delete(id);
      entry.resolve(testWithRe2(entry.pattern, entry.input));
      drop(false);
    }, deadlineMs);
    current.worker.postMessage({ id, pattern: entry.pattern, input: entry.input });
  }

  /** Ends the worker; `failed` moves on to the next way of starting one. Waiting checks are sent again. */
  function drop(failed: boolean): void {
    current?.stop();
    current = undefined;
    ready = false;
    inFlight = undefined;
    if (failed) {
      // On to the next way at once, so that the page learns early where its patterns are checked.
      way++;
      startWorker();
    }
    const pending = [...waiting.values()];
    waiting.clear();
    for (const entry of pending) {
      clearTimeout(entry.timer);
      entry.resolve(test(entry.pattern, entry.input));
    }
    learnWorkerless();
  }

  function startWorker(): void {
    if (current === undefined && way < ways.length) {
      current = startPatternWorker(ways, way, startTimeoutMs, {
        ready() {
          ready = true;
          settleWorkerKnown(true);
          pump();
        },
        reply(id, matches) {
          const entry = waiting.get(id);
          if (entry === undefined) return;
          waiting.delete(id);
          clearTimeout(entry.timer);
          inFlight = undefined;
          entry.resolve(matches);
          pump();
        },
        failed: (beforeReady) => drop(beforeReady),
      });
      way = current?.way ?? ways.length;
    }
    learnWorkerless();
  }

  /** `test`, answered from what is known or already under way where it can be. */
  function testOnce(pattern: string, input: string): Promise<PatternVerdict> {
    if (inPlace || input.length > KEPT_INPUT_LENGTH) return test(pattern, input);
    const key = `${pattern}\u0000${input}`;
    const known = verdicts.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const pending = underWay.get(key);
    if (pending) return pending;
    const verdict = test(pattern, input).then(
      (matches) => {
        underWay.delete(key);
        if (matches !== undefined) {
          if (verdicts.size >= CACHE_LIMIT) verdicts.clear();
          verdicts.set(key, matches);
        }
        return matches;
      },
      (error: unknown) => {
        underWay.delete(key);
        throw error;
      },
    );
    underWay.set(key, verdict);
    return verdict;
  }

  function test(pattern: string, input: string): Promise<PatternVerdict> {
    if (inPlace) return Promise.resolve(testInPlace(pattern, input));
    if (slow.has(pattern)) return testWithRe2(pattern, input);
    startWorker();
    if (current === undefined) return testWithRe2(pattern, input);
    return new Promise((resolve) => {
      const id = nextId++;
      const entry: Waiting = { pattern, input, resolve };
      waiting.set(id, entry);
      pump();
    });
  }

  async function placeOf(pattern: string): Promise<PatternCheckPlace> {
    if (inPlace) return "form";
    startWorker();
    if (!slow.has(pattern) && (await workerKnown)) return "form";
    // A page that will use RE2 loads it now, so the first check does not wait for it.
    return (await testWithRe2(pattern, "")) === undefined ? "server" : "form";
  }

  return {
    test: testOnce,
    placeOf,
    start() {
      if (!inPlace) startWorker();
    },
    dispose() {
      re2Loaded?.dispose();
      current?.stop();
      current = undefined;
      ready = false;
      inFlight = undefined;
      for (const entry of waiting.values()) {
        clearTimeout(entry.timer);
        entry.resolve(undefined);
      }
      waiting.clear();
      verdicts.clear();
      underWay.clear();
    },
  };
}
