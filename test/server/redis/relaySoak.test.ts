// @vitest-environment node
// The soak of test/server/faults/relaySoak.ts, short: three instances, one Redis (then one Postgres)
// through a fault proxy, people with two windows each, while the store's connections are cut, the
// store restarts and an instance is killed. `npm run soak:relay` runs it for a minute and prints the counts.
import { expect, it } from "vitest";
import { runRelaySoak } from "../faults/relaySoak";

it.each([
  ["Redis (restarted empty)", "redis", 25],
  ["Postgres (restarted)", "postgres", 20],
] as const)("on %s, keeps every invariant through cuts, a restart and a killed instance: settled once, every 200 received, none twice, nothing invisible", async (_name, store, seconds) => {
  const report = await runRelaySoak({ seconds, people: 8, rate: 4, store });
  expect(report.violations).toEqual([]);
  expect(report.counts.asked).toBeGreaterThan(20 * (seconds / 25));
  // The windows answered through it all: most requests were answered by a person.
  expect(report.counts.answered).toBeGreaterThan(report.counts.asked! / 2);
}, 150_000);
