import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Component and unit tests run in happy-dom, which implements HTMLDialogElement.showModal.
// Chromium has two folders with their own runners: e2e/ (whole-app scenarios against the demo,
// vitest.e2e.config.ts, `npm run test:e2e`) and test/real-input/ (components under real presses and keys,
// vitest.storybook.config.ts).
export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    restoreMocks: true,
    // Vitest's default, a worker per core but one, is a single worker on a 2-core machine, where two
    // run the suite in about two thirds of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
