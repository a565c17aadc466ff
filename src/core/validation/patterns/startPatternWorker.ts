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

export interface StartedPatternWorker {
  readonly worker: Worker;
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
export function startPatternWorker(
  ways: ReadonlyArray<() => Worker>,
  from: number,
  startTimeoutMs: number,
  events: PatternWorkerEvents,
): StartedPatternWorker | undefined {
  for (let way = from; way < ways.length; way++) {
    let worker: Worker;
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
    worker.onmessage = (event: MessageEvent<PatternWorkerReply>) => {
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
