// A busy page (a phone, a host doing its own work): the moment the next request is put in the page, a
// long task holds the main thread, and the person's presses, made on their own schedule, wait behind
// it. The protection interval must judge each press by when it was made, from when the request was
// drawn: a second press of a double-click still falls in it, however late the page takes it.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { version } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands, page } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Presses as the page took them: when each was made (its timeStamp) and when the page got to it. */
const taken: Array<{ type: string; madeAt: number; takenAt: number }> = [];
const record = (event: Event) => {
  if (event.isTrusted) taken.push({ type: event.type, madeAt: event.timeStamp, takenAt: performance.now() });
};
for (const type of ["keydown", "pointerdown"]) window.addEventListener(type, record, true);

const stops: Array<() => void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  cleanup();
  taken.length = 0;
  await page.viewport(1280, 800);
});

/**
 * A busy host page: the moment `text` is in the page, before the browser draws anything, a task of
 * `ms` runs (in the mutation's microtask, right after the commit that put it there).
 */
function busyWhenDrawn(text: string, ms: number) {
  taken.length = 0;
  const observer = new MutationObserver(() => {
    if (!document.body.textContent?.includes(text)) return;
    observer.disconnect();
    for (const end = performance.now() + ms; performance.now() < end; );
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  stops.push(() => observer.disconnect());
}

/** The scenario held: the press at `index` was made before the long task ended and taken only after it. */
function expectTakenLate(type: string, index: number, ms: number) {
  const press = taken.filter((each) => each.type === type)[index];
  expect(press, `${type} #${index + 1} reached the page`).toBeDefined();
  expect(press!.takenAt - press!.madeAt, `${type} #${index + 1} waited behind the long task`).toBeGreaterThan(ms / 3);
}

const harmless: ElicitFormParams = {
  message: "Pick a colour for the badge.",
  requestedSchema: { type: "object", properties: { colour: { type: "string", title: "Colour", default: "blue" } } },
};
// Shaped like the harmless one, so its Submit sits exactly where the person just pressed.
const prefilled: ElicitFormParams = {
  message: "Confirm the transfer.",
  requestedSchema: { type: "object", properties: { iban: { type: "string", title: "To account", default: "XX00 HOSTILE" } } },
};

/** The real queue and outlet with two requests waiting; answers recorded per request. */
function queueOf(presentation: "dialog" | "inline") {
  const queue = createElicitationQueue();
  const answers: Array<ElicitResult | undefined> = [undefined, undefined];
  void queue.request({ serverName: "Badges", params: harmless }).then((result) => (answers[0] = result));
  void queue.request({ serverName: "Bank", params: prefilled }).then((result) => (answers[1] = result));
  // A third waiting keeps the queue's "1 of N" row on screen for the second too: its Submit stands where the first's did.
  void queue.request({ serverName: "Later", params: harmless });
  render(<ElicitationOutlet queue={queue} presentation={presentation} />);
  return answers;
}

const shown = (presentation: "dialog" | "inline", name: RegExp) => screen.getByRole(presentation === "dialog" ? "dialog" : "region", { name });

async function readRequest(presentation: "dialog" | "inline") {
  await waitFor(() => shown(presentation, /Badges is asking/), { timeout: 5_000 });
  await readDialog();
}

function centreOf(element: Element) {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

const accepted = { action: "accept", content: { colour: "blue" } };

for (const presentation of ["dialog", "inline"] as const)
describe(`on a busy page, a press made in the next request's first moments answers nothing, ${presentation} (React ${version})`, () => {
  it(`a second Escape 150 ms after the first, taken after a 900 ms task, cancels nothing more${presentation === "inline" ? " (the next card took focus from the answered one)" : ""}`, async () => {
    const answers = queueOf(presentation);
    await readRequest(presentation);
    // Inline, Escape answers only from inside the card: the person is in its field.
    if (presentation === "inline") await act(async () => screen.getByRole("textbox", { name: "Colour" }).focus());
    busyWhenDrawn("Bank is asking", 900);
    await commands.pressOnSchedule({ key: "Escape" }, [0, 150]);
    await wait(300);
    expectTakenLate("keydown", 1, 900);
    expect(answers).toEqual([{ action: "cancel" }, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
    // Once read, Escape does cancel it (inline, focus was handed to it).
    await readDialog();
    await commands.pressOnSchedule({ key: "Escape" }, [0]);
    await waitFor(() => expect(answers[1]).toEqual({ action: "cancel" }), { timeout: 5_000 });
  });

  it("the second click of a double-click on Submit, taken after a 900 ms task, answers nothing", async () => {
    const answers = queueOf(presentation);
    await readRequest(presentation);
    const submit = centreOf(screen.getByRole("button", { name: "Submit" }));
    busyWhenDrawn("Bank is asking", 900);
    await commands.pressOnSchedule(submit, [0, 150], 60);
    await wait(300);
    expectTakenLate("pointerdown", 1, 900);
    expect(answers).toEqual([accepted, undefined]);
    expect(centreOf(screen.getByRole("button", { name: "Submit" }))).toEqual(submit);
    await readDialog();
    await commands.pressOnSchedule(submit, [0], 100);
    await waitFor(() => expect(answers[1]).toEqual({ action: "accept", content: { iban: "XX00 HOSTILE" } }), { timeout: 5_000 });
  });

  it("the second tap of a double tap on Submit, taken after a 900 ms task, answers nothing", async () => {
    await page.viewport(390, 700);
    const answers = queueOf(presentation);
    await readRequest(presentation);
    const submit = centreOf(screen.getByRole("button", { name: "Submit" }));
    busyWhenDrawn("Bank is asking", 900);
    await commands.pressOnSchedule({ ...submit, touch: true }, [0, 200], 60);
    await wait(300);
    expectTakenLate("pointerdown", 1, 900);
    expect(answers).toEqual([accepted, undefined]);
    await readDialog();
    await commands.pressOnSchedule({ ...submit, touch: true }, [0], 80);
    await waitFor(() => expect(answers[1]).toEqual({ action: "accept", content: { iban: "XX00 HOSTILE" } }), { timeout: 5_000 });
  });

  it("a press made 700 ms in, while a 1,500 ms task keeps the next request from being drawn, answers nothing: the screen still showed the one before", async () => {
    const answers = queueOf(presentation);
    await readRequest(presentation);
    const submit = centreOf(screen.getByRole("button", { name: "Submit" }));
    busyWhenDrawn("Bank is asking", 1_500);
    await commands.pressOnSchedule(submit, [0, 700], 60);
    await wait(300);
    expectTakenLate("pointerdown", 1, 1_500);
    expect(answers).toEqual([accepted, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
  });
});

const booking: ElicitFormParams = {
  message: "Book the table.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name" },
      guests: { type: "integer", title: "Guests", minimum: 1, maximum: 5, default: 2 },
      terrace: { type: "boolean", title: "Terrace", default: false },
    },
    required: ["name"],
  },
};

// Two text fields first: the next step is drawn as the first was, its Next where the person pressed.
const trip: ElicitFormParams = {
  message: "Where to?",
  requestedSchema: {
    type: "object",
    properties: { name: { type: "string", title: "Name" }, city: { type: "string", title: "City" }, terrace: { type: "boolean", title: "Terrace", default: false } },
    required: ["name"],
  },
};

describe(`on a busy page, one question at a time (React ${version})`, () => {
  it("a second Enter 150 ms after the one that showed the next question, taken after a 900 ms task, does not move on again", async () => {
    render(<ElicitationDialog serverName="Bistro" request={booking} onResponse={vi.fn()} layout="steps" />);
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await act(async () => name.focus());
    await commands.typeSlowly("Ada", 20);
    busyWhenDrawn("2 of 3", 900);
    await commands.pressOnSchedule({ key: "Enter" }, [0, 150]);
    await wait(300);
    expectTakenLate("keydown", 1, 900);
    expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("2 of 3");
    await readDialog();
    await commands.pressOnSchedule({ key: "Enter" }, [0]);
    await waitFor(() => expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("3 of 3"), { timeout: 5_000 });
  });

  for (const touch of [false, true])
  it(`the second ${touch ? "tap of a double tap" : "click of a double-click"} on Next, taken after a 900 ms task, does not move on again`, async () => {
    if (touch) await page.viewport(390, 700);
    render(<ElicitationDialog serverName="Bistro" request={trip} onResponse={vi.fn()} layout="steps" />);
    const name = await screen.findByRole("textbox", { name: "Name" });
    await readDialog();
    await act(async () => name.focus());
    await commands.typeSlowly("Ada", 20);
    const next = centreOf(screen.getByRole("button", { name: "Next" }));
    busyWhenDrawn("2 of 3", 900);
    await commands.pressOnSchedule({ ...next, touch }, [0, 150], 60);
    await wait(300);
    expectTakenLate("pointerdown", 1, 900);
    expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("2 of 3");
    // The second press did land on the next step's Next.
    expect(document.elementFromPoint(next.x, next.y)?.closest("button")).toBe(screen.getByRole("button", { name: "Next" }));
    await readDialog();
    await commands.pressOnSchedule({ ...next, touch }, [0], 80);
    await waitFor(() => expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("3 of 3"), { timeout: 5_000 });
  });
});
