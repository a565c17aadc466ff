import { defineConfig } from "vitest/config";

// `npm run test:e2e`, e2e/: Node drives Debian's Chromium (playwright-core, started by
// scripts/launchChromium.mjs) against whole pages — the demo (real MCP server + host page) in
// e2e/demo/, hostile servers and CSP pages in e2e/security/, a long session in e2e/longSession/.
// One file at a time, generous timeouts for a slow CI box. The files that build host pages from the
// packed package (e2e/element/, e2e/security/packedConsumerCsp.test.ts) share one tarball, built and
// packed once for the run (scripts/packedLibrarySetup.mjs).
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.test.ts"],
    globalSetup: ["scripts/packedLibrarySetup.mjs"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
  },
});
