import { defineConfig } from "vitest/config";

// The example, end to end: one `next build`, one `next start`, Chromium driving it at a person's pace.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: "node",
    include: ["*.e2e.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    fileParallelism: false,
    // A person-paced app on a shared CI machine: waits are in seconds, not the default one.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
