import type { PatternWorkerReply } from "./patternWorkerMain";

/** What a started pattern worker reports to its owner, until the owner stops it. */
export interface PatternWorkerEvents {
  /** It answered its greeting (id 0): checks may be sent. */
  ready(): void;
  /** Its verdict on check `id`; undefined when it could not run the pattern. */
  reply(id: number, matches: boolean | undefined): void;
  /** An error event (`beforeReady` false once it had greeted), or no greeting within the time allowed. */
  failed(beforeReady: boolean): void;
}

/**
 * What this needs of a worker (a DOM worker has it). Named apart from the DOM's type so that core
 * names no browser global here: the ways to start one are the caller's.
 */
export interface PatternWorkerPort {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<PatternWorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export interface StartedPatternWorker<W extends PatternWorkerPort = PatternWorkerPort> {
  readonly worker: W;
  /** The index in `ways` of the way that started it. */
  readonly way: number;
  /** Ends it: it reports nothing more. */
  stop(): void;
}

/**
 * Starts the first of `ways`, from index `from`, that does not throw at once (some browsers refuse a
 * worker the page's policy blocks by throwing rather than reporting). Undefined when none is left.
 * Shared by the native pattern worker (createPatternTester.ts) and the RE2 worker (createRe2Checker.ts).
 */
export function startPatternWorker<W extends PatternWorkerPort>(
  ways: ReadonlyArray<() => W>,
  from: number,
  startTimeoutMs: number,
  events: PatternWorkerEvents,
): StartedPatternWorker<W> | undefined {
  for (let way = from; way < ways.length; way++) {
    let worker: W;
    try {
      worker = ways[way]!();
    } catch {
      continue;
    }
    let live = true;
    let ready = false;
    const timer = setTimeout(() => {
      if (live && !ready) events.failed(true);
    }, startTimeoutMs);
    worker.onmessage = (event) => {
      if (!live) return;
      const { id, matches } = event.data;
      if (id !== 0) return events.reply(id, matches ?? undefined);
      ready = true;
      clearTimeout(timer);
      events.ready();
    };
    // A worker the page's policy blocks, or a module file the host's bundler did not emit.
    worker.onerror = (event) => {
      event.preventDefault?.();
      if (live) events.failed(!ready);
    };
    const started = worker;
    return {
      worker: started,
      way,
      stop() {
        live = false;
        clearTimeout(timer);
        started.terminate();
      },
    };
  }
  return undefined;
}
