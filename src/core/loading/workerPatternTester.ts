import type { PatternTester } from "./PatternTester";

type PatternWorkerModule = typeof import("../validation/patterns/patternWorker");

/**
 * The pattern tester of today's worker (patterns/patternWorker.ts), behind the runtime's
 * PatternTester slot. Its module is loaded on first use; after that a test goes straight to it.
 */
export function createWorkerPatternTester(): PatternTester {
  let loaded: PatternWorkerModule | undefined;
  const load = async () => (loaded ??= await import("../validation/patterns/patternWorker"));
  return {
    test: (pattern, input) => (loaded ? loaded.testPattern(pattern, input) : load().then((module) => module.testPattern(pattern, input))),
    start() {
      load().then((module) => module.startPatternWorker(), () => undefined);
    },
  };
}
