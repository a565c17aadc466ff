// What the RE2 worker runs (patternRe2WorkerModule.ts): the same messages as the native pattern
// worker (patternWorkerMain.ts), answered by RE2 with the pattern's ECMAScript meaning.
import type { PatternWorkerReply, PatternWorkerRequest } from "./patternWorkerMain";
import { compileWithRe2, type Re2Pattern } from "./re2Engine";

interface WorkerScope {
  onmessage: ((event: MessageEvent<PatternWorkerRequest>) => void) | null;
  postMessage(reply: PatternWorkerReply): void;
}

/** Answers every request with RE2's verdict; `matches` null when RE2 cannot read the pattern so (the server decides). */
export function patternRe2WorkerMain(scope: WorkerScope): void {
  const compiled = new Map<string, Re2Pattern | undefined>();
  scope.onmessage = (event) => {
    const { id, pattern, input } = event.data;
    if (!compiled.has(pattern)) {
      if (compiled.size > 256) compiled.clear();
      compiled.set(pattern, compileWithRe2(pattern));
    }
    const regExp = compiled.get(pattern);
    scope.postMessage({ id, matches: regExp === undefined ? null : regExp.test(input) });
  };
  scope.postMessage({ id: 0, matches: null });
}
