import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import type { BrowserCommand } from "vitest/node";
import { defineConfig } from "vitest/config";
import { chromiumLaunchOptions } from "./e2e/launchChromium";

// Storybook as the test suite, in Debian's Chromium (headless; nothing downloads a browser).
//  - "storybook": every story is a test: rendered, its play function run, then axe (WCAG 2.2 A/AA)
//    and the checks in .storybook/accessibilityChecks.ts. A violation fails the run.
//  - "storybook-dark-system": the same with the operating system in dark mode.
//  - "browser": real keyboard and media emulation (test/browser/*.browser-test.tsx): the flow by
//    keyboard alone with a visible focus ring at every stop, reduced motion, the OS dark scheme.

/** Emulates media features (reduced motion, colour scheme) for the page under test. */
const emulateMedia: BrowserCommand<[{ reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }]> = async (
  context,
  media,
) => {
  const page = (context as unknown as { page: { emulateMedia(options: object): Promise<void> } }).page;
  await page.emulateMedia(media);
};

/** A fresh browser block per project (Vitest names the instances it is given), in a light or dark system. */
const browser = (name: string, colorScheme: "light" | "dark" = "light") => ({
  enabled: true,
  headless: true,
  screenshotFailures: false,
  provider: playwright({
    launchOptions: chromiumLaunchOptions,
    contextOptions: { colorScheme },
  }),
  instances: [{ browser: "chromium" as const, name }],
  commands: { emulateMedia },
});

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: { testTimeout: 30_000, browser: browser("storybook") },
      },
      // Every story again with the system in dark mode: a light page stays light and readable.
      {
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: { testTimeout: 30_000, browser: browser("storybook-dark-system", "dark") },
      },
      {
        plugins: [react()],
        test: {
          include: ["test/browser/**/*.browser-test.tsx"],
          testTimeout: 30_000,
          browser: browser("browser"),
        },
      },
    ],
  },
});
