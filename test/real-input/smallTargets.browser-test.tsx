// In Chromium, on a host whose root font size is small (`html { font-size: 12px }`): the small quiet
// buttons inside text ("Stop asking", the kept draft's "Clear", "Clear choice", the remembered line's
// "Forget") are still targets of at least 24×24 CSS px (WCAG 2.5.8), as a dialog and inline.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams } from "../../src/core/types";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

afterEach(() => {
  cleanup();
  document.documentElement.style.fontSize = "";
});

/** An optional choice already made ("Clear choice" shows) and a note to type (a kept draft offers "Clear"). */
const form: ElicitFormParams = {
  message: "Where should the reminder go?",
  requestedSchema: {
    type: "object",
    properties: {
      channel: { type: "string", title: "Channel", enum: ["mail", "chat"], default: "mail" },
      note: { type: "string", title: "Note" },
    },
  },
};

for (const presentation of ["dialog", "inline"] as const)
describe(`small quiet buttons with a 12 px root font, ${presentation}`, () => {
  it("“Stop asking”, “Clear”, “Clear choice” and “Forget” are each at least 24×24 CSS px", async () => {
    document.documentElement.style.fontSize = "12px";
    const queue = createElicitationQueue();
    const drafts = createElicitationDraftStore();
    queue.addRemembered({ serverName: "Calendar", params: form, rememberedAt: Date.now(), decision: "calendar-reminders", forget: async () => {} });
    // Two from one server: its card offers "Stop asking".
    for (let i = 0; i < 2; i++) void queue.request({ serverName: "Reminders", params: form }).catch(() => {});
    const outlet = () => <ElicitationOutlet queue={queue} drafts={drafts} presentation={presentation} />;
    const first = render(outlet());
    const note = await screen.findByRole("textbox", { name: "Note" });
    await readDialog();
    await userEvent.type(note, "after lunch");
    // Drawn again (the host's page remounted it): the note comes back as a draft, with "Clear".
    first.unmount();
    render(outlet());
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("after lunch"));
    expect(getComputedStyle(document.documentElement).fontSize).toBe("12px");
    // Measured as drawn once the dialog's entrance (a slight scale) has ended.
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
    const sizes = ["Stop asking", "Clear", "Clear choice", "Forget"].map((name) => {
      const { width, height } = screen.getByRole("button", { name }).getBoundingClientRect();
      return { name, width, height };
    });
    const under24 = sizes.filter(({ width, height }) => width < 24 || height < 24).map(({ name, width, height }) => `${name}: ${width.toFixed(1)}×${height.toFixed(1)}`);
    expect(under24).toEqual([]);
  });
});
