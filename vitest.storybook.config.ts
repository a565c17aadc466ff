import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { chromiumLaunchOptions } from "./scripts/launchChromium.mjs";
import { browserCommands } from "./test/real-input/commands";
import { react18Aliases } from "./test/react18";

// Storybook as the test suite, in Debian's Chromium (headless; nothing downloads a browser).
//  - "storybook": every story is a test: rendered, its play function run, then axe (WCAG 2.2 A/AA)
//    and the checks in .storybook/accessibilityChecks.ts. A violation fails the run.
//  - "storybook-dark-system": the same with the operating system in dark mode.
//  - "browser": real input through Playwright (test/real-input/*.browser-test.tsx, commands in
//    test/real-input/commands.ts): keyboard alone, presses at human pace, double-clicks, held keys,
//    phone and laptop sizes, reduced motion, the OS dark scheme. Every render under StrictMode.
//  - "browser-react-18": the same files once more against React 18.3 (npm aliases react-18 / react-dom-18).

/** Everything the browser tests import from node_modules that React code reaches. */
const browserDeps = ["react", "react-dom", "react-dom/client", "react-dom/server", "react/jsx-dev-runtime", "react-hook-form", "@testing-library/react"];

/** A fresh browser block per project (Vitest names the instances it is given), in a light or dark system. */
const browser = (name: string, colorScheme: "light" | "dark" = "light") => ({
  enabled: true,
  headless: true,
  screenshotFailures: false,
  provider: playwright({
    launchOptions: chromiumLaunchOptions(),
    contextOptions: { colorScheme },
  }),
  instances: [{ browser: "chromium" as const, name }],
  commands: browserCommands,
});

/** STORYBOOK_CPU_THROTTLE=2: the stories on a CPU slowed down that many times (.storybook/throttleCpu.ts). */
const cpuThrottle = Number(process.env.STORYBOOK_CPU_THROTTLE ?? 1);
const throttled = cpuThrottle > 1 ? { setupFiles: ["./.storybook/throttleCpu.ts"], provide: { cpuThrottle } } : {};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: { testTimeout: 30_000, browser: browser("storybook"), ...throttled },
      },
      // Every story again with the system in dark mode: a light page stays light and readable.
      {
        plugins: [storybookTest({ configDir: ".storybook" })],
        test: { testTimeout: 30_000, browser: browser("storybook-dark-system", "dark"), ...throttled },
      },
      {
        plugins: [react()],
        // Known up front, so the optimizer never reloads a test halfway (two copies of React).
        optimizeDeps: { include: browserDeps },
        test: {
          include: ["test/real-input/**/*.browser-test.tsx"],
          setupFiles: ["./test/real-input/setup.ts"],
          provide: { reactLine: "19." },
          testTimeout: 30_000,
          browser: browser("browser"),
        },
      },
      {
        plugins: [react()],
        resolve: { alias: react18Aliases },
        optimizeDeps: { include: browserDeps },
        test: {
          include: ["test/real-input/**/*.browser-test.tsx"],
          setupFiles: ["./test/real-input/setup.ts"],
          provide: { reactLine: "18.3." },
          testTimeout: 30_000,
          browser: browser("browser-react-18"),
        },
      },
    ],
  },
});
