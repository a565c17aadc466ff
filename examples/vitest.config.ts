import { defineConfig } from "vitest/config";

// The example apps end to end (`npm run test:example`): each test file installs, starts and drives its
// app; one Chromium (started once, by chromiumServer.ts) serves every file, and all install the one
// tarball of the library packed for the run (scripts/packedLibrarySetup.mjs). Two files run at once:
// one app's install and build (CPU) overlaps another's person-paced run (mostly waiting).
export default defineConfig({
  test: {
    root: import.meta.dirname,
    environment: "node",
    include: ["*/test/*.e2e.test.ts"],
    globalSetup: ["../scripts/packedLibrarySetup.mjs", "./chromiumServer.ts"],
    testTimeout: 120_000,
    hookTimeout: 900_000,
    maxWorkers: 2,
    // A person-paced app on a shared CI machine: waits are in seconds, not the default one.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
