import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium, headless, with everything that would reach the network switched off. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
