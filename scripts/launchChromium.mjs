// The one way Chromium is started here — e2e tests, Vitest's browser projects (real input,
// Storybook), the example's test, screenshots and benchmarks: Debian's Chromium (`CHROMIUM_PATH` points elsewhere;
// nothing downloads its own browser), headless, with everything that would reach the network off.
import { chromium } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** Options for `chromium.launch` and for Vitest's playwright provider; `extraArgs` come after the shared flags. */
export function chromiumLaunchOptions(extraArgs = []) {
  return { executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] };
}

/** Chromium, started with `chromiumLaunchOptions(extraArgs)`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch(chromiumLaunchOptions(extraArgs));
}
