import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { preloadValidation } from "../src/core/loading/preloadValidation";

// Every render is wrapped in <StrictMode>, as in a Vite or Next.js development build: effects
// mount, unmount and mount again, and the library must behave exactly as in production.
configure({ reactStrictMode: true });

// Forms start loading their validation engine as they mount; a test that types and submits at
// once could outrun that load, so the engine is loaded first, as it is on a page a moment after
// the first form appeared. Validating before it is loaded is tested in test/core/loading/lazyEngines.test.tsx;
// the pattern engine is not preloaded, so forms with a pattern go through their brief wait here.
beforeAll(async () => {
  await preloadValidation();
});

afterEach(() => {
  cleanup();
});
