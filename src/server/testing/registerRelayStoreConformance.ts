import { relayStoreConformance, type MakeRelayStores } from "./relayStoreConformance";

/**
 * Registers every case of the store conformance suite with a test runner's `it` (or `test`):
 * Vitest, Jest, Mocha and node:test all take `(name, fn)`.
 */
export function registerRelayStoreConformance(it: (name: string, run: () => Promise<void>) => unknown, makeStores: MakeRelayStores): void {
  for (const testCase of relayStoreConformance) it(testCase.name, () => testCase.run(makeStores));
}
