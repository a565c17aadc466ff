// In Chromium: a host themes the React outlet with a plain `.rme-dialog { --rme-accent: … }` in its own
// sheet, before the library's, and Submit takes that colour, in a light and a dark page, as a dialog and
// inline; the host's generic `button { … }` still does not reach it. The element: hostTokensElement.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import "../../src/styles.css";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { addHostSheet, HOST_ACCENT, HOST_ACCENT_FG, submitColours } from "./hostTokens";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}

const form = { message: "Ship it?", requestedSchema: { type: "object", properties: { note: { type: "string", title: "Note" } } } };
let removeHostSheet = () => {};

afterEach(async () => {
  cleanup();
  removeHostSheet();
  document.documentElement.style.colorScheme = "";
  await commands.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
});

describe("the host's plain .rme-dialog rule themes the React outlet", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const presentation of ["dialog", "inline"] as const) {
      it(`${presentation}, ${scheme} page: Submit takes the host's accent`, async () => {
        await commands.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        document.documentElement.style.colorScheme = scheme;
        removeHostSheet = addHostSheet();
        const queue = createElicitationQueue();
        render(<ElicitationOutlet queue={queue} presentation={presentation} />);
        act(() => void queue.request({ serverName: "Deploy", params: form }).catch(() => {}));
        await screen.findByRole("button", { name: "Submit" });
        // The host's accent and its own corner; its generic `button { border: 3px dashed … }` stays out.
        expect(submitColours(document)).toEqual({ background: HOST_ACCENT[scheme], text: HOST_ACCENT_FG[scheme], border: "solid", corner: "0px" });
      });
    }
  }
});
