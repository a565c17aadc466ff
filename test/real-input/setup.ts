import { configure } from "@testing-library/react";
import { version } from "react";
import { beforeAll, expect, inject } from "vitest";
import { preloadValidation } from "../../src/core/loading/preloadValidation";

// As in test/setup.ts: every render is wrapped in <StrictMode>, the way development builds run,
// and the validation engine is loaded first, as it is on a page a moment after the first form appeared
// (a blur check that waits for the engine would otherwise land after the click it should test).
configure({ reactStrictMode: true });

beforeAll(async () => {
  // Each project runs the React it names (19, or 18.3 through the npm aliases).
  expect(version.startsWith(inject("reactLine")), `React ${version} in a project for ${inject("reactLine")}`).toBe(true);
  await preloadValidation();
});

declare module "vitest" {
  export interface ProvidedContext {
    reactLine: string;
  }
}
