import type { Browser } from "playwright-core";

/** `CHROMIUM_PATH`, or Debian's `/usr/bin/chromium`. */
export declare const chromiumPath: string;
/** The headless flags every launch shares. */
export declare const chromiumArgs: readonly string[];
export declare function chromiumLaunchOptions(extraArgs?: readonly string[]): { executablePath: string; args: string[] };
export declare function launchChromium(extraArgs?: readonly string[]): Promise<Browser>;
