import type { PatternCheckPlace, PatternTester, PatternVerdict } from "./createPatternTester";

type PatternTesterModule = typeof import("./createPatternTester");

/**
 * The runtime's pattern tester, made on first use: its code (the worker source, the paths to RE2)
 * loads on demand, so a page whose forms have no pattern never fetches it. After the first load a
 * check goes straight to the one tester this runtime owns.
 */
export function createLazyPatternTester(load: () => Promise<PatternTesterModule> = () => import("./createPatternTester")): PatternTester {
  let tester: PatternTester | undefined;
  let loading: Promise<PatternTester> | undefined;
  const get = (): Promise<PatternTester> =>
    (loading ??= load().then(
      (module) => (tester = module.createPatternTester()),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    test: (pattern, input): Promise<PatternVerdict> => (tester ? tester.test(pattern, input) : get().then((ready) => ready.test(pattern, input))),
    start() {
      get().then((ready) => ready.start(), () => undefined);
    },
    placeOf: (pattern): Promise<PatternCheckPlace> => get().then((ready) => ready.placeOf(pattern)),
    dispose() {
      tester?.dispose();
    },
  };
}
