// @vitest-environment node
// The soak of test/server/faults/relaySoak.ts, short: three instances, one Redis through a fault
// proxy, people with two windows each, while Redis connections are cut, Redis restarts empty and an
// instance is killed. `npm run soak:relay` runs it for a minute and prints the counts.
import { expect, it } from "vitest";
import { runRelaySoak } from "../faults/relaySoak";

it("keeps every invariant through cuts, a Redis restart and a killed instance: settled once, every 200 received, none twice, nothing invisible", async () => {
  const report = await runRelaySoak({ seconds: 25, people: 8, rate: 4 });
  expect(report.violations).toEqual([]);
  expect(report.counts.asked).toBeGreaterThan(20);
  // The windows answered through it all: most requests were answered by a person.
  expect(report.counts.answered).toBeGreaterThan(report.counts.asked! / 2);
}, 150_000);
