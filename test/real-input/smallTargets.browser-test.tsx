// In Chromium, on a host whose root font size is small (`html { font-size: 12px }`, and 10px, where
// anything sized 2rem is 20 px): the small buttons ("Stop asking", the kept draft's "Clear", "Clear
// choice", the remembered line's "Forget", the × Close, the review's "Change") and each choice's row
// (its label, the part a person presses) are still targets of at least 24×24 CSS px (WCAG 2.5.8).
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams } from "../../src/core/types";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

afterEach(() => {
  cleanup();
  document.documentElement.style.fontSize = "";
});

/** An optional choice already made ("Clear choice" shows), boxes to tick, and a note to type (a kept draft offers "Clear"). */
const form: ElicitFormParams = {
  message: "Where should the reminder go?",
  requestedSchema: {
    type: "object",
    properties: {
      channel: { type: "string", title: "Channel", enum: ["mail", "chat"], default: "mail" },
      days: { type: "array", title: "Days", items: { type: "string", enum: ["Monday", "Friday"] } },
      note: { type: "string", title: "Note" },
    },
  },
};

const rootSizes = [12, 10] as const;

/** The page's root font size set, and checked to be what the parts are sized from. */
function setRootFontSize(px: number) {
  document.documentElement.style.fontSize = `${px}px`;
  expect(getComputedStyle(document.documentElement).fontSize).toBe(`${px}px`);
}

/** Each target under 24×24 CSS px, as "name: width×height", measured as drawn once the dialog's entrance (a slight scale) has ended. */
async function under24(targets: Array<[name: string, element: Element]>) {
  await Promise.all(document.getAnimations().map((animation) => animation.finished));
  return targets
    .map(([name, element]) => ({ name, ...element.getBoundingClientRect().toJSON() }) as { name: string; width: number; height: number })
    .filter(({ width, height }) => width < 24 || height < 24)
    .map(({ name, width, height }) => `${name}: ${width.toFixed(1)}×${height.toFixed(1)}`);
}

for (const rootPx of rootSizes)
for (const presentation of ["dialog", "inline"] as const)
describe(`small targets with a ${rootPx} px root font, ${presentation}`, () => {
  it("“Stop asking”, “Clear”, “Clear choice”, “Forget”, the × Close and each choice's row are each at least 24×24 CSS px", async () => {
    setRootFontSize(rootPx);
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
    const buttons = ["Stop asking", "Clear", "Clear choice", "Forget", "Close"].map((name) => [name, screen.getByRole("button", { name })] as [string, Element]);
    // A choice's label wraps its box: the whole row is what a press lands on.
    const rows = [...screen.getAllByRole("radio"), ...screen.getAllByRole("checkbox")].map(
      (input) => [`${(input as HTMLInputElement).value} row`, (input as HTMLInputElement).labels![0]!] as [string, Element],
    );
    expect(rows.map(([name]) => name)).toEqual(["mail row", "chat row", "Monday row", "Friday row"]);
    expect(await under24([...buttons, ...rows])).toEqual([]);
    // The × keeps to its corner: the title and the line under it end before it.
    const heading = screen.getByRole("heading", { name: /is asking for information/ }).parentElement!.getBoundingClientRect();
    expect(heading.right).toBeLessThanOrEqual(screen.getByRole("button", { name: "Close" }).getBoundingClientRect().left);
  });
});

for (const rootPx of rootSizes)
describe(`one question at a time with a ${rootPx} px root font`, () => {
  it("the review's “Change” buttons are each at least 24×24 CSS px", async () => {
    setRootFontSize(rootPx);
    const request: ElicitFormParams = {
      message: "Check the reminder.",
      requestedSchema: {
        type: "object",
        properties: { channel: { type: "string", title: "Channel", enum: ["mail", "chat"], default: "mail" }, note: { type: "string", title: "Note", default: "after lunch" } },
      },
    };
    render(<ElicitationDialog serverName="Reminders" request={request} onResponse={() => {}} layout="steps" />);
    // The steps arrive in a chunk of their own: read the first once it is drawn.
    await screen.findByRole("button", { name: "Next" }, { timeout: 5_000 });
    await readDialog();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("textbox", { name: "Note" });
    await readDialog();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Check your answers" });
    const change = ["Channel", "Note"].map((field) => [`Change ${field}`, screen.getByRole("button", { name: `Change ${field}` })] as [string, Element]);
    expect(await under24(change)).toEqual([]);
  });
});
