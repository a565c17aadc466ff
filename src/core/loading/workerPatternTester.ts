import type { PatternTester } from "./PatternTester";

/**
 * The pattern tester of today's worker (patterns/patternWorker.ts), behind the runtime's
 * PatternTester slot. Loaded on first use, with the forms' checking code.
 */
export function createWorkerPatternTester(): PatternTester {
  const load = () => import("../validation/patterns/patternWorker");
  return {
    test: (pattern, input) => load().then((module) => module.testPattern(pattern, input)),
    start() {
      load().then((module) => module.startPatternWorker(), () => undefined);
    },
  };
}
