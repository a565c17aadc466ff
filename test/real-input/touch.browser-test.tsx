// A finger on a 390 px phone, in Chromium with touch on and taps sent through the DevTools protocol
// (touchStart, ~100 ms, touchEnd): the field a person leaves blurs at the emulated mousedown, after the
// finger has lifted, and its error must not appear before the tap's click has landed — or the control
// tapped moves under the click. In the dialog, the inline card and the steps layout; a keyboard
// Tab-away still shows the error at once, and a mouse press held and released still lands.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { version } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  await page.viewport(390, 700);
  await commands.setTouch(true);
});

afterEach(async () => {
  cleanup();
  await commands.setTouch(false);
  await commands.emulateMedia({ colorScheme: "light" });
  await page.viewport(1280, 800);
});

/**
 * A bounded number between two questions answered with radios. On a phone the dialog is a sheet
 * anchored at the bottom, growing upwards: an error line moves what is above it; in the inline card,
 * what is below it.
 */
const trip: ElicitFormParams = {
  message: "Plan the trip.",
  requestedSchema: {
    type: "object",
    properties: {
      room: { type: "string", title: "Room", enum: ["single", "double", "suite"] },
      nights: { type: "integer", title: "Nights", minimum: 1, maximum: 4 },
      breakfast: { type: "string", title: "Breakfast", enum: ["none", "continental", "full"] },
    },
  },
};
const TOO_MANY = "Must be 4 or less";

type Presentation = "dialog" | "inline";

/** The request on screen as a modal dialog, or as an inline card in a chat column (the real queue and outlet). */
function show(presentation: Presentation, request: ElicitFormParams = trip) {
  const answers: ElicitResult[] = [];
  if (presentation === "dialog") {
    render(<ElicitationDialog serverName="Travel" request={request} onResponse={(result) => answers.push(result)} />);
  } else {
    const queue = createElicitationQueue();
    render(
      <div style={{ padding: 8 }}>
        <p>Book me a hotel.</p>
        <ElicitationOutlet queue={queue} presentation="inline" />
      </div>,
    );
    act(() => {
      void queue.request({ serverName: "Travel", params: request }).then((result) => answers.push(result));
    });
  }
  return answers;
}

function centreOf(element: Element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

async function tap(element: Element) {
  element.scrollIntoView({ block: "nearest" });
  await wait(50);
  const { x, y } = centreOf(element);
  await commands.tapAt(x, y, 100);
}

/** Where `element` was when the finger went down and when the click was aimed, and what the click hit. */
function watchTap(element: Element) {
  const seen: Array<{ type: string; top: number; target?: string }> = [];
  const nameOf = (target: EventTarget | null) => (target instanceof HTMLInputElement ? target.value : target instanceof Element ? target.className : String(target));
  const record = (event: Event) =>
    seen.push({ type: event.type, top: Math.round(element.getBoundingClientRect().top), ...(event.type === "click" && { target: nameOf(event.target) }) });
  const types = ["touchstart", "click"] as const;
  for (const type of types) document.addEventListener(type, record, true);
  return { seen, stop: () => types.forEach((type) => document.removeEventListener(type, record, true)) };
}

/** Taps (or clicks) the Nights field and types 5 (its bound is 4): no error yet, the person has not left it. */
async function typeTooMany(pointer: "touch" | "mouse" = "touch") {
  await waitFor(() => screen.getByRole("spinbutton", { name: /Nights/ }), { timeout: 5_000 });
  await readDialog();
  const nights = screen.getByRole("spinbutton", { name: /Nights/ });
  if (pointer === "touch") await tap(nights);
  else await commands.pressAt(centreOf(nights).x, centreOf(nights).y, 100);
  await waitFor(() => expect(nights).toHaveFocus());
  await commands.typeSlowly("5", 40);
  await wait(100);
  expect(screen.queryByText(TOO_MANY)).toBeNull();
  return nights;
}

describe(`a tap lands on a 390 px phone (React ${version})`, () => {
  for (const [presentation, question, scheme] of [
    ["dialog", "above", "light"],
    ["dialog", "below", "light"],
    ["dialog", "above", "dark"],
    ["inline", "above", "light"],
    ["inline", "below", "light"],
    ["inline", "below", "dark"],
  ] as const) {
    it(`${presentation}, ${scheme}: a radio of the question ${question}, tapped right after typing past the bound, is chosen; the error then shows`, async () => {
      await commands.emulateMedia({ colorScheme: scheme });
      show(presentation);
      await typeTooMany();
      const radio = screen.getByRole("radio", { name: question === "above" ? "double" : "continental" });
      const watched = watchTap(radio);
      await tap(radio);
      await waitFor(() => expect(screen.getByText(TOO_MANY)).toBeVisible());
      await wait(100);
      watched.stop();
      // The radio stayed where the finger went down until the click was aimed, and the click hit it.
      expect(watched.seen.map((entry) => entry.type)).toEqual(["touchstart", "click"]);
      expect(watched.seen[1]).toEqual({ type: "click", top: watched.seen[0]!.top, target: (radio as HTMLInputElement).value });
      expect(radio).toBeChecked();
    });
  }

  for (const presentation of ["dialog", "inline"] as const) {
    it(`${presentation}: one tap on Submit right after typing past the bound checks the form (errors shown, focus on the field)`, async () => {
      const answers = show(presentation);
      const nights = await typeTooMany();
      const submit = screen.getByRole("button", { name: "Submit" });
      await tap(submit);
      // The submit ran: it moved focus to the first field in error. A lost tap leaves it on Submit.
      await waitFor(() => expect(nights).toHaveFocus());
      expect(nights).toHaveAttribute("aria-invalid", "true");
      expect(screen.getByText(TOO_MANY)).toBeVisible();
      expect(answers).toEqual([]);
    });

    it(`${presentation}: one tap on Submit sends the answer when the value left behind is good`, async () => {
      const answers = show(presentation);
      // Typed past the bound, then fixed, leaving a dirty field whose check finds nothing.
      const nights = await typeTooMany();
      await userEvent.keyboard("{Backspace}");
      await commands.typeSlowly("3", 40);
      await tap(screen.getByRole("button", { name: "Submit" }));
      await waitFor(() => expect(answers).toEqual([{ action: "accept", content: { nights: 3 } }]));
      expect(nights).not.toHaveAttribute("aria-invalid", "true");
    });
  }

  for (const presentation of ["dialog", "inline"] as const) {
    it(`steps, ${presentation}: a tap on Back right after typing past the bound goes back`, async () => {
      const onResponse = vi.fn<(result: ElicitResult) => void>();
      render(<ElicitationDialog serverName="Travel" layout="steps" presentation={presentation} request={trip} onResponse={onResponse} />);
      const progress = () => screen.getByTestId("rme-step-progress").textContent;
      const single = await screen.findByRole("radio", { name: "single" });
      await readDialog();
      await tap(single);
      await tap(screen.getByRole("button", { name: "Next" }));
      await waitFor(() => expect(progress()).toBe("2 of 3"));
      await typeTooMany();
      await tap(screen.getByRole("button", { name: "Back" }));
      await waitFor(() => expect(progress()).toBe("1 of 3"));
      expect(onResponse).not.toHaveBeenCalled();
    });

    it(`steps, ${presentation}: a tap on Next right after typing past the bound checks the step and stays (error shown, focus on the field)`, async () => {
      render(
        <ElicitationDialog
          serverName="Travel"
          layout="steps"
          presentation={presentation}
          request={{ ...trip, requestedSchema: { type: "object", properties: { nights: trip.requestedSchema.properties.nights!, breakfast: trip.requestedSchema.properties.breakfast! } } }}
          onResponse={() => {}}
        />,
      );
      const progress = () => screen.getByTestId("rme-step-progress").textContent;
      const nights = await typeTooMany();
      expect(progress()).toBe("1 of 2");
      await tap(screen.getByRole("button", { name: "Next" }));
      await waitFor(() => expect(nights).toHaveFocus());
      expect(screen.getByText(TOO_MANY)).toBeVisible();
      expect(progress()).toBe("1 of 2");
    });
  }
});

describe(`the error on leaving a field still shows, by keyboard and by mouse (React ${version})`, () => {
  it("Tab away: the error shows at once, no waiting for a click", async () => {
    show("dialog");
    await typeTooMany();
    await userEvent.keyboard("{Tab}");
    const started = performance.now();
    await waitFor(() => expect(screen.getByText(TOO_MANY)).toBeVisible(), { interval: 10 });
    // Well within the time a tap's click may take to come.
    expect(performance.now() - started).toBeLessThan(400);
  });

  it("a tap on nothing in particular (the message) still shows the error", async () => {
    show("dialog");
    await typeTooMany();
    await tap(screen.getByText("Plan the trip."));
    await waitFor(() => expect(screen.getByText(TOO_MANY)).toBeVisible());
  });

  it("a mouse pressed on the radio, held 150 ms and released, chooses it; the error then shows", async () => {
    await commands.setTouch(false);
    show("dialog");
    await typeTooMany("mouse");
    const double = screen.getByRole("radio", { name: "double" });
    double.scrollIntoView({ block: "nearest" });
    await wait(50);
    const { x, y } = centreOf(double);
    await commands.pressAt(x, y, 150);
    await waitFor(() => expect(screen.getByText(TOO_MANY)).toBeVisible());
    expect(double).toBeChecked();
  });
});
