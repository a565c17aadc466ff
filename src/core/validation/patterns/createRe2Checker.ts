// RE2's verdicts for the pattern tester (createPatternTester.ts): for a pattern that outran the native
// worker's deadline, and on a page where no worker can start — a chunk loaded only then. RE2 runs in linear time, but loading it
// (≈ 46 KB gzipped), compiling a pattern and its first runs are work the page's main thread must not
// do in one go. So:
//   - where workers can start, RE2 runs in a worker of its own (patternRe2WorkerModule.ts), which
//     loads RE2 itself: the page's main thread never runs it;
//   - where none can (or the RE2 worker's file is missing or refused), RE2 is a chunk of the page,
//     loaded and warmed up in small tasks while the page is idle, and each check runs in tasks of its
//     own, none of them long.
import type { Re2Pattern } from "./re2Engine";
import { besideWorkerFiles } from "./besideWorkerFiles";
import { startPatternWorker, type StartedPatternWorker } from "./startPatternWorker";

export interface Re2Checker {
  /** RE2's verdict on `input`, or undefined when RE2 cannot read `pattern` with its ECMAScript meaning. */
  test(pattern: string, input: string): Promise<boolean | undefined>;
  /** Loads RE2 on the main thread while the page is idle: for a page where no worker can start. */
  preload(): void;
  dispose(): void;
}

export interface Re2CheckerOptions {
  /** Ways to start the RE2 worker, tried in order (default: the package's file); an empty list runs RE2 on the main thread. */
  workers?: ReadonlyArray<() => Worker>;
  /** How long a starting worker may take to answer before the next way is tried (ms). */
  startTimeoutMs: number;
  /** False once the page has shown that no worker can start here: RE2 then stays on the main thread. */
  workersMayStart(): boolean;
}

type Re2Module = typeof import("./re2Engine");

interface Pending {
  pattern: string;
  input: string;
  resolve: (verdict: boolean | undefined | Promise<boolean | undefined>) => void;
}

/** The RE2 worker, written the way bundlers recognise and emit as a same-origin file. */
export function startRe2ModuleWorker(): Worker {
  // Without Worker (Node, SSR) the next way is tried, and RE2 runs in place.
  if (typeof Worker !== "function") throw new Error("workers are not available here");
  if (!besideWorkerFiles(import.meta.url)) throw new Error("the worker's module file is not beside this pre-bundled copy");
  return new Worker(new URL("./patternRe2WorkerModule.js", import.meta.url), { type: "module" });
}

const CACHE_LIMIT = 256;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

export function createRe2Checker(options: Re2CheckerOptions): Re2Checker {
  const ways = options.workers ?? [startRe2ModuleWorker];
  let current: StartedPatternWorker<Worker> | undefined;
  let ready = false;
  let way = 0;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** The last verdict per pattern: a keystroke in one field does not check the others' unchanged values again. */
  const last = new Map<string, { input: string; verdict: Promise<boolean | undefined> }>();

  let module: Promise<Re2Module | undefined> | undefined;
  const compiled = new Map<string, Re2Pattern | undefined>();

  /** RE2 as a chunk of the page: evaluated in one short task, then warmed up step by step. */
  function loadOnMainThread(): Promise<Re2Module | undefined> {
    return (module ??= import("./re2Engine").then(
      async (loaded) => {
        for (const step of loaded.re2WarmUpSteps()) {
          await nextTask();
          step();
        }
        return loaded;
      },
      () => {
        // Offline or blocked: tried again on the next check.
        module = undefined;
        return undefined;
      },
    ));
  }

  async function testOnMainThread(pattern: string, input: string): Promise<boolean | undefined> {
    const loaded = await loadOnMainThread();
    if (loaded === undefined) return undefined;
    // Compiling, a new pattern's first (short) run and the full run: each in a task of its own.
    await nextTask();
    if (!compiled.has(pattern)) {
      if (compiled.size >= CACHE_LIMIT) compiled.clear();
      compiled.set(pattern, loaded.compileWithRe2(pattern));
      const fresh = compiled.get(pattern);
      if (fresh === undefined) return undefined;
      if (input.length > 256) {
        await nextTask();
        fresh.test(input.slice(0, 256));
      }
      await nextTask();
    }
    return compiled.get(pattern)?.test(input);
  }

  function noWorker(): boolean {
    return current === undefined && (way >= ways.length || !options.workersMayStart());
  }

  /** Ends the RE2 worker; `failed` moves on to the next way. Checks it had not answered are checked again. */
  function drop(failed: boolean): void {
    current?.stop();
    current = undefined;
    ready = false;
    if (failed) way++;
    const again = [...pending.values()];
    pending.clear();
    for (const entry of again) entry.resolve(check(entry.pattern, entry.input));
  }

  function startWorker(): void {
    if (current !== undefined || way >= ways.length || !options.workersMayStart()) return;
    const started = startPatternWorker(ways, way, options.startTimeoutMs, {
      ready() {
        ready = true;
        for (const [id, entry] of pending) started?.worker.postMessage({ id, pattern: entry.pattern, input: entry.input });
      },
      reply(id, matches) {
        const entry = pending.get(id);
        if (entry === undefined) return;
        pending.delete(id);
        entry.resolve(matches);
      },
      // The page's policy refuses it, or the host's bundler did not emit its file: RE2 then runs here.
      failed: () => drop(true),
    });
    current = started;
    way = started?.way ?? ways.length;
  }

  function check(pattern: string, input: string): Promise<boolean | undefined> {
    startWorker();
    if (noWorker()) return testOnMainThread(pattern, input);
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, { pattern, input, resolve });
      if (ready) current!.worker.postMessage({ id, pattern, input });
    });
  }

  return {
    test(pattern, input) {
      const known = last.get(pattern);
      if (known !== undefined && known.input === input) return known.verdict;
      const verdict = check(pattern, input);
      if (last.size >= CACHE_LIMIT) last.clear();
      last.set(pattern, { input, verdict });
      // No verdict (RE2 could not load, or cannot read the pattern) is not kept: the next check tries again.
      verdict.then((matches) => {
        if (matches === undefined && last.get(pattern)?.verdict === verdict) last.delete(pattern);
      });
      return verdict;
    },
    preload() {
      if (module === undefined) whenIdle().then(loadOnMainThread);
    },
    dispose() {
      current?.stop();
      current = undefined;
      ready = false;
      for (const entry of pending.values()) entry.resolve(undefined);
      pending.clear();
      last.clear();
    },
  };
}
