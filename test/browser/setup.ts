import { configure } from "@testing-library/react";
import { beforeAll } from "vitest";
import { preloadValidation } from "../../src/core/loadValidation";

// As in test/setup.ts: every render is wrapped in <StrictMode>, the way development builds run,
// and the validation engine is loaded first, as it is on a page a moment after the first form appeared
// (a blur check that waits for the engine would otherwise land after the click it should test).
configure({ reactStrictMode: true });

beforeAll(async () => {
  await preloadValidation();
});
