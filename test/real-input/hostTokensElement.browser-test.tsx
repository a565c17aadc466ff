// In Chromium: the same host theme as hostTokens.browser-test.tsx on <mcp-elicitation-outlet>, whose
// stylesheet is adopted after every sheet of the page: Submit takes the host's accent all the same.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import { createElicitationQueue, type ElicitationOutletElement } from "../../src/element/index";
import { loadOutletView } from "../../src/element/loadOutletView";
import { addHostSheet, HOST_ACCENT, HOST_ACCENT_FG, submitColours } from "./hostTokens";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}

const form = { message: "Ship it?", requestedSchema: { type: "object", properties: { note: { type: "string", title: "Note" } } } };
let removeHostSheet = () => {};

// The element draws with a chunk it loads at its first question: loaded once here (the dev server transforms
// it on first use), so each test times the drawing, not that.
beforeAll(() => loadOutletView(), 60_000);

afterEach(async () => {
  document.querySelectorAll("mcp-elicitation-outlet").forEach((outlet) => outlet.remove());
  await new Promise((resolve) => setTimeout(resolve, 0));
  cleanup();
  removeHostSheet();
  document.documentElement.style.colorScheme = "";
  await commands.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
});

describe("the host's plain .rme-dialog rule themes <mcp-elicitation-outlet>", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const presentation of ["dialog", "inline"] as const) {
      it(`${presentation}, ${scheme} page: Submit takes the host's accent`, async () => {
        await commands.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        document.documentElement.style.colorScheme = scheme;
        removeHostSheet = addHostSheet();
        const outlet = document.createElement("mcp-elicitation-outlet") as ElicitationOutletElement;
        outlet.setAttribute("presentation", presentation);
        const queue = createElicitationQueue();
        outlet.queue = queue;
        document.body.append(outlet);
        void queue.request({ serverName: "Deploy", params: form }).catch(() => {});
        await screen.findByRole("button", { name: "Submit" });
        // The host's accent and its own corner; its generic `button { border: 3px dashed … }` stays out.
        expect(submitColours(document)).toEqual({ background: HOST_ACCENT[scheme], text: HOST_ACCENT_FG[scheme], border: "solid", corner: "0px" });
      });
    }
  }
});
