// One question at a time on a 390×700 phone, with real presses and keys (trusted events through
// Playwright, at human pace): every control in reach, Next checks before it moves, and no double
// press or held key runs through the steps or submits the review unseen.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commands, page } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { DialogStatus } from "../../src/host/DialogStatus";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { defaultHostMessages } from "../../src/messages/hostMessages";
import { readDialog } from "./readDialog";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const booking: ElicitFormParams = {
  message: "Book the table.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", maxLength: 20 },
      guests: { type: "integer", title: "Guests", minimum: 1, maximum: 5, default: 2 },
      terrace: { type: "boolean", title: "Terrace", default: false },
      time: { type: "string", title: "Time", oneOf: [{ const: "19", title: "19:00" }, { const: "21", title: "21:00" }] },
    },
    required: ["name", "time"],
  },
};

beforeEach(async () => {
  await page.viewport(390, 700);
  await commands.emulateMedia({ reducedMotion: "reduce" });
});

afterEach(async () => {
  cleanup();
  await page.viewport(1280, 800);
});

function open(layout: "steps" | "auto" = "steps") {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  render(<ElicitationDialog serverName="Bistro" request={booking} onResponse={onResponse} layout={layout} />);
  return onResponse;
}

const button = (name: string) => screen.getByRole("button", { name });
const progress = () => screen.getByTestId("rme-step-progress").textContent;

/** A real press at the centre of the element (or near an edge), held like a finger. */
async function press(element: HTMLElement, at: "centre" | "edge" = "centre") {
  const box = element.getBoundingClientRect();
  const x = at === "edge" ? box.left + 4 : box.left + box.width / 2;
  const y = at === "edge" ? box.top + 4 : box.top + box.height / 2;
  await commands.pressAt(x, y, 120);
}

function expectInReach(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  expect(box.top, `${element.textContent} top`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${element.textContent} bottom`).toBeLessThanOrEqual(window.innerHeight);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  expect(element.contains(hit), `${element.textContent} is not covered`).toBe(true);
}

describe("layout=\"steps\" on a 390×700 phone", () => {
  it("a person answers every question with presses, reviews, and submits", async () => {
    const onResponse = open();
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    expect(progress()).toBe("1 of 4");
    for (const each of ["Cancel", "Decline", "Next"]) expectInReach(button(each));
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);

    await press(name);
    await commands.typeSlowly("Ada", 40);
    await press(button("Next"), "edge");
    await waitFor(() => expect(progress()).toBe("2 of 4"));
    expect(screen.getByRole("spinbutton", { name: /Guests/ })).toHaveValue(2);
    for (const each of ["Cancel", "Decline", "Back", "Next"]) expectInReach(button(each));
    expect(new Set(["Cancel", "Decline", "Back", "Next"].map((each) => Math.round(button(each).getBoundingClientRect().top))).size).toBe(1);

    await wait(550);
    await press(button("Next"));
    await waitFor(() => expect(progress()).toBe("3 of 4"));
    await wait(550);
    await press(screen.getByRole("checkbox", { name: "Terrace" }));
    await press(button("Next"));
    await waitFor(() => expect(progress()).toBe("4 of 4"));
    await wait(550);
    await press(screen.getByRole("radio", { name: "21:00" }));
    await press(button("Next"));
    await screen.findByRole("heading", { name: "Check your answers" });
    expect(onResponse).not.toHaveBeenCalled();
    expectInReach(button("Submit"));
    await wait(550);
    await press(button("Submit"));
    await waitFor(() => expect(onResponse).toHaveBeenCalledTimes(1));
    expect(onResponse.mock.calls[0]![0]).toEqual({ action: "accept", content: { name: "Ada", guests: 2, terrace: true, time: "21" } });
  });

  it("Next refuses a wrong answer: the step stays, marked invalid, and the press after the fix moves on", async () => {
    open();
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await press(name);
    await commands.typeSlowly("A name well over twenty", 10);
    await press(button("Next"), "edge");
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("Use at most 20 characters")).toBeVisible();
    expect(progress()).toBe("1 of 4");
    expect(name).toHaveFocus();

    await act(async () => (name as HTMLInputElement).select());
    await commands.typeSlowly("Ada", 40);
    await press(button("Next"));
    await waitFor(() => expect(progress()).toBe("2 of 4"));
  });

  it("a double press on the last Next shows the review and does not submit it", async () => {
    const onResponse = open();
    await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await press(screen.getByRole("textbox", { name: "Name" }));
    await commands.typeSlowly("Ada", 20);
    for (const expected of ["2 of 4", "3 of 4", "4 of 4"]) {
      await press(button("Next"));
      await waitFor(() => expect(progress()).toBe(expected));
      await wait(550);
    }
    await press(screen.getByRole("radio", { name: "19:00" }));
    const next = button("Next").getBoundingClientRect();
    // Both clicks sent at the person's moments, 150 ms apart, whatever the page is doing (pressOnSchedule).
    await commands.pressOnSchedule({ x: next.left + next.width / 2, y: next.top + next.height / 2 }, [0, 150], 60);
    await screen.findByRole("heading", { name: "Check your answers" });
    await wait(600);
    expect(onResponse).not.toHaveBeenCalled();
    expect(button("Submit")).toBeVisible();
  });

  it("Enter in a field is Next; held down, it moves one step only", async () => {
    open();
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await press(name);
    await commands.typeSlowly("Ada", 20);
    await commands.holdKey("Enter", 1500);
    await wait(300);
    expect(progress()).toBe("2 of 4");
    expect(screen.getByRole("spinbutton", { name: /Guests/ })).toHaveFocus();
  });

  it("an Enter in a step's first moments does nothing; one after them is Next", async () => {
    open();
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await press(name);
    await commands.typeSlowly("Ada", 20);
    // The second Enter 150 ms after the first, in the new step's first moments, however late the page
    // takes either (waiting to see the step before pressing again could make it a deliberate press).
    await commands.pressOnSchedule({ key: "Enter" }, [0, 150]);
    await waitFor(() => expect(progress()).toBe("2 of 4"));
    await wait(300);
    expect(progress()).toBe("2 of 4");
    await wait(300);
    await commands.pressKeyRepeatedly("Enter", 1);
    await waitFor(() => expect(progress()).toBe("3 of 4"));
  });

  it("what is typed as a step appears is kept: only activation waits", async () => {
    const onResponse = vi.fn<(result: ElicitResult) => void>();
    const trip: ElicitFormParams = {
      message: "Where to?",
      requestedSchema: { type: "object", properties: { name: { type: "string", title: "Name" }, city: { type: "string", title: "City" } } },
    };
    render(<ElicitationDialog serverName="Bistro" request={trip} onResponse={onResponse} layout="steps" />);
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await press(name);
    await commands.typeSlowly("Ada", 20);
    await commands.pressKeyRepeatedly("Enter", 1);
    const city = await screen.findByRole("textbox", { name: "City" }, { interval: 10 });
    await waitFor(() => expect(city).toHaveFocus(), { interval: 10 });
    await commands.typeSlowly("Oslo", 30);
    expect(city).toHaveValue("Oslo");
  });

  it("presses in the dialog's first moments do nothing, on any step's button", async () => {
    const onResponse = open();
    await screen.findByRole("textbox", { name: "Name" });
    await press(button("Decline"));
    await wait(50);
    expect(onResponse).not.toHaveBeenCalled();
    await readDialog();
    await press(button("Decline"));
    await waitFor(() => expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]));
  });

  it("auto asks one question at a time on a phone, all at once on a laptop", async () => {
    open("auto");
    expect(await screen.findByTestId("rme-step-progress")).toHaveTextContent("1 of 4");
    cleanup();
    await page.viewport(1280, 800);
    open("auto");
    expect(screen.getByRole("textbox", { name: "Name" })).toBeInTheDocument();
    expect(screen.getByRole("spinbutton", { name: /Guests/ })).toBeInTheDocument();
    expect(screen.queryByTestId("rme-step-progress")).toBeNull();
  });

  it("a field's bounds stand beside it before anything is typed", async () => {
    open();
    const name = await screen.findByRole("textbox", { name: "Name" });
    expect(name).toHaveAccessibleDescription("At most 20 characters");
    const hint = screen.getByText("At most 20 characters");
    expect(hint).toBeVisible();
    expect(hint.getBoundingClientRect().bottom).toBeLessThanOrEqual(name.getBoundingClientRect().top);
  });

  it("Stop asking is drawn as a control: a border and the text colour, not grey text", async () => {
    render(
      <ElicitationDialog
        serverName="Bistro"
        request={booking}
        onResponse={vi.fn()}
        status={<DialogStatus serverName="Bistro" position={1} total={2} now={Date.now} onStopAsking={vi.fn()} messages={defaultHostMessages} />}
      />,
    );
    const stop = await screen.findByRole("button", { name: "Stop asking" });
    const style = getComputedStyle(stop);
    const title = getComputedStyle(screen.getByRole("heading", { name: /Bistro/ }));
    expect(style.borderTopStyle).toBe("solid");
    expect(style.borderTopWidth).toBe("1px");
    expect(style.borderTopColor).not.toBe("rgba(0, 0, 0, 0)");
    expect(style.color).toBe(title.color);
  });
});
