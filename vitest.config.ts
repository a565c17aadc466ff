import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Component and unit tests run in happy-dom, which implements HTMLDialogElement.showModal.
// Browser tests (real Chromium) live in e2e/ and have their own runner.
export default defineConfig({
  plugins: [react()],
  test: {
    environment: "happy-dom",
    include: ["test/**/*.test.{ts,tsx}", "src/**/*.test.{ts,tsx}"],
    setupFiles: ["./test/setup.ts"],
    restoreMocks: true,
  },
});
