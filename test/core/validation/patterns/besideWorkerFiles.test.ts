// The module worker is not tried where Vite's dev server (up to Vite 7) pre-bundled the package: the
// worker's file is not beside that copy, the request would 404 and Vite would say so for every form
// (as `react-router dev` on Vite 7 printed "The file does not exist at …/.vite/deps/
// patternWorkerModule.js?worker_file&type=module" once per card). Everywhere else it is.
import { describe, expect, it } from "vitest";
import { besideWorkerFiles } from "../../../../src/core/validation/patterns/besideWorkerFiles";

describe("besideWorkerFiles", () => {
  it("is false for the copies Vite's dev server pre-bundles, first run and later", () => {
    expect(besideWorkerFiles("http://localhost:5173/node_modules/.vite/deps/chunk-ABC123.js?v=2ccc8495")).toBe(false);
    expect(besideWorkerFiles("http://localhost:5173/node_modules/.vite/deps_temp_a1b2c3d4/react-mcp-elicitation.js")).toBe(false);
  });

  it("is true for the package as published, as served unbundled, and as any build emits it", () => {
    expect(besideWorkerFiles("file:///app/node_modules/react-mcp-elicitation/dist/core/validation/patterns/createPatternTester.js")).toBe(true);
    expect(besideWorkerFiles("http://localhost:5173/node_modules/react-mcp-elicitation/dist/index.js?v=1")).toBe(true);
    expect(besideWorkerFiles("https://chat.example.com/assets/createPatternTester-DIau3TRE.js")).toBe(true);
    expect(besideWorkerFiles("http://localhost:3000/_next/static/chunks/app/page.js")).toBe(true);
  });
});
