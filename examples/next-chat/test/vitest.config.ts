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
  },
});
