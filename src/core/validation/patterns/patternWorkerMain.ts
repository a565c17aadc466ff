// What the pattern worker runs. It is started two ways (createPatternTester.ts): from a `blob:` URL
// made of this function's source, and as the module file patternWorkerModule.ts. It must therefore
// stay self-contained: no imports, nothing from the enclosing module.

/** The messages between the page and the worker. */
export interface PatternWorkerRequest {
  id: number;
  pattern: string;
  input: string;
}
/** `matches` is null when the pattern does not compile; id 0 answers the start-up ping. */
export interface PatternWorkerReply {
  id: number;
  matches: boolean | null;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<PatternWorkerRequest>) => void) | null;
  postMessage(reply: PatternWorkerReply): void;
}

/** Answers every request with `new RegExp(pattern, "u").test(input)`, the server's own semantics. */
export function patternWorkerMain(scope: WorkerScope): void {
  const compiled = new Map<string, RegExp | null>();
  scope.onmessage = (event) => {
    const { id, pattern, input } = event.data;
    let regExp = compiled.get(pattern);
    if (regExp === undefined) {
      try {
        regExp = new RegExp(pattern, "u");
      } catch {
        regExp = null;
      }
      if (compiled.size > 256) compiled.clear();
      compiled.set(pattern, regExp);
    }
    scope.postMessage({ id, matches: regExp === null ? null : regExp.test(input) });
  };
  scope.postMessage({ id: 0, matches: null });
}
