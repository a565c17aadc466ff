// One Chromium for every example test file: started once (the repository's launcher: Debian's
// Chromium, headless, nothing reaching the network), each file connects to it (`connectChromium`).
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumLaunchOptions } from "../scripts/launchChromium.mjs";

declare module "vitest" {
  interface ProvidedContext {
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(chromiumLaunchOptions());
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
