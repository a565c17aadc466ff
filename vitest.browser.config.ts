import { defineConfig } from "vitest/config";

// Browser end-to-end tests: Node drives Debian's Chromium (playwright-core) against the running
// demo (real MCP server + host page). One file at a time, generous timeouts for a slow CI box.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
  },
});
