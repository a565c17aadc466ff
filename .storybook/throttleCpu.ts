import { beforeAll, inject } from "vitest";
import { commands } from "vitest/browser";

// STORYBOOK_CPU_THROTTLE=2: every story runs on a CPU slowed down that many times (DevTools' throttling),
// so what a story draws only after the browser paints (a measure in an effect) meets axe as a busy phone shows it.
beforeAll(async () => {
  await commands.throttleCpu(inject("cpuThrottle"));
});

declare module "vitest" {
  export interface ProvidedContext {
    cpuThrottle: number;
  }
}
