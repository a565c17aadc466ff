// Real pointer and keyboard input at human pace in Chromium (trusted events through Playwright):
// the first press on an action counts, and input aimed at one request never answers another.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { version } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { readDialog } from "./readDialog";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than the protection interval: the person has looked at the dialog. */

afterEach(async () => {
  cleanup();
  await page.viewport(1280, 800);
});

/** Three fields, the first required and empty: the actions are in view without scrolling. */
const shortForm: ElicitFormParams = {
  message: "Name the project.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Project name", description: "Lowercase, no spaces" },
      owner: { type: "string", title: "Owner email", format: "email" },
      replicas: { type: "integer", title: "Replicas", default: 2 },
    },
    required: ["name"],
  },
};

/** Eight fields, the first required and empty: taller than a laptop's 560 px and a phone's 700 px. */
const tallForm: ElicitFormParams = {
  message: "Tell us about the deployment.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Project name", description: "Lowercase, no spaces" },
      owner: { type: "string", title: "Owner email", format: "email" },
      region: { type: "string", title: "Region", enum: ["eu", "us", "ap"] },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 9, default: 2 },
      tier: { type: "string", title: "Tier", enum: ["free", "pro", "team", "enterprise", "custom"], default: "free" },
      backups: { type: "boolean", title: "Nightly backups", default: true },
      note: { type: "string", title: "Note for the reviewer" },
      start: { type: "string", title: "Start date", format: "date" },
    },
    required: ["name", "region"],
  },
};

function rectOf(element: Element) {
  const { x, y, width, height } = element.getBoundingClientRect();
  return { x, y, width, height };
}

/** Records where `button` is at every pointerdown and pointerup, to see whether it moved under the pointer. */
function watchPosition(button: Element) {
  const seen: Array<{ type: string; rect: ReturnType<typeof rectOf> }> = [];
  const record = (event: Event) => seen.push({ type: event.type, rect: rectOf(button) });
  document.addEventListener("pointerdown", record, true);
  document.addEventListener("pointerup", record, true);
  return { seen, stop: () => (document.removeEventListener("pointerdown", record, true), document.removeEventListener("pointerup", record, true)) };
}

const sizes = [
  { name: "laptop 1280×560", width: 1280, height: 560 },
  { name: "phone 390×700", width: 390, height: 700 },
] as const;
const spots = {
  centre: (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 }),
  "bottom edge": (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.bottom - 3 }),
  "top-left corner": (r: DOMRect) => ({ x: r.left + 4, y: r.top + 3 }),
} as const;

describe(`the first press counts (React ${version})`, () => {
  for (const [formName, form] of [["short", shortForm], ["tall", tallForm]] as const)
  for (const size of sizes) {
    for (const action of ["Decline", "Cancel", "Submit"] as const) {
      for (const [spotName, spot] of Object.entries(spots)) {
        it(`${action}, pressed at its ${spotName} with a required empty field focused, ${formName} form, ${size.name}`, async () => {
          await page.viewport(size.width, size.height);
          const onResponse = vi.fn<(result: ElicitResult) => void>();
          render(<ElicitationDialog serverName="Deploy Bot" request={form} onResponse={onResponse} />);
          await readDialog();
          // The person clicks into the first (required) field and leaves it empty.
          const name = screen.getByRole("textbox", { name: /Project name/ });
          const field = name.getBoundingClientRect();
          await commands.pressAt(field.left + 10, field.top + field.height / 2, 90);
          expect(name).toHaveFocus();
          const button = screen.getByRole("button", { name: action });
          button.scrollIntoView({ block: "nearest" });
          await wait(50);
          const { x, y } = spot(button.getBoundingClientRect());
          // Nothing has been said about the untouched field yet.
          expect(document.querySelector(".rme-field__error")).toBeNull();
          const position = watchPosition(button);
          await commands.pressAt(x, y, 120);
          await wait(50);
          position.stop();
          // No layout shift between press and release.
          expect(position.seen.map((entry) => entry.type)).toEqual(["pointerdown", "pointerup"]);
          expect(position.seen[1]!.rect).toEqual(position.seen[0]!.rect);
          if (action === "Submit") {
            // Submit checked the form: errors shown, focus on the first invalid field, nothing sent.
            await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
            expect(name).toHaveFocus();
            expect(onResponse).not.toHaveBeenCalled();
          } else {
            expect(onResponse.mock.calls).toEqual([[{ action: action.toLowerCase() }]]);
          }
        });
      }
    }
  }

  it("moving by keyboard from an untouched required field to the buttons shows no error", async () => {
    render(<ElicitationDialog serverName="Deploy Bot" request={tallForm} onResponse={() => {}} />);
    await readDialog();
    // Into the first field and, Shift+Tab, round to the dialog's buttons (the × Close is last).
    await userEvent.keyboard("{Tab}");
    const name = screen.getByRole("textbox", { name: /Project name/ });
    expect(name).toHaveFocus();
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    await wait(50);
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(document.querySelector(".rme-field__error")).toBeNull();
  });
});

const harmless: ElicitFormParams = {
  message: "Pick a colour for the badge.",
  requestedSchema: { type: "object", properties: { colour: { type: "string", title: "Colour", default: "blue" } } },
};
// Shaped like the harmless one, so its Submit sits exactly where the person just clicked.
const prefilled: ElicitFormParams = {
  message: "Confirm the transfer.",
  requestedSchema: { type: "object", properties: { iban: { type: "string", title: "To account", default: "XX00 HOSTILE" } } },
};

/** The real queue and outlet, two requests waiting; answers recorded per request. */
function queueOf(presentation: "dialog" | "inline", ...requests: Array<{ serverName: string; params: ElicitFormParams }>) {
  const queue = createElicitationQueue();
  const answers: Array<ElicitResult | undefined> = requests.map(() => undefined);
  requests.forEach((request, index) => {
    void queue.request(request).then((result) => (answers[index] = result));
  });
  render(<ElicitationOutlet queue={queue} presentation={presentation} />);
  return { queue, answers };
}

/** The request on screen: a modal dialog, or the inline card (a region named like it). */
const shown = (presentation: "dialog" | "inline", name: RegExp) => screen.getByRole(presentation === "dialog" ? "dialog" : "region", { name });

/** A person reads the request once it is on screen (a loaded machine can take a moment to draw it). */
async function readRequest(presentation: "dialog" | "inline") {
  await waitFor(() => shown(presentation, /is asking for information/), { timeout: 5_000 });
  await readDialog();
}

function centreOf(element: Element) {
  const r = element.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Stands in for a host that focuses each new request's field: a newly drawn request focuses its
 * surface, where Enter does nothing, and this moves focus on into its field, where Enter answers.
 * Keys carried over from the request before then reach a field, and only the input guard holds them.
 * Returns a function that stops it.
 */
function focusEachNewRequestsField() {
  const intoField = (event: FocusEvent) =>
    (event.target as Element).matches(".rme-dialog__surface") && (event.target as Element).querySelector("input")?.focus();
  document.addEventListener("focusin", intoField);
  return () => document.removeEventListener("focusin", intoField);
}

interface KeySeen {
  type: string;
  repeat: boolean;
  /** The field's label, a button's text, else the element's tag. */
  where: string;
}

/**
 * The key events the person makes: where each landed (seen first, on the way in) and which reached the
 * page past the request they landed in (the field's own handlers, the host's listeners). Until stopped.
 */
function watchKeys() {
  const landed: KeySeen[] = [];
  const reached: KeySeen[] = [];
  const seen = (list: KeySeen[]) => (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const where = (target as HTMLInputElement).labels?.[0]?.textContent ?? (target.matches("button") ? target.textContent! : target.tagName);
    list.push({ type: event.type, repeat: event.repeat, where });
  };
  const listeners = [
    ["keydown", seen(landed), true],
    ["keyup", seen(landed), true],
    ["keydown", seen(reached), false],
    ["keyup", seen(reached), false],
  ] as const;
  for (const [type, listener, capture] of listeners) document.addEventListener(type, listener, capture);
  const stop = () => {
    for (const [type, listener, capture] of listeners) document.removeEventListener(type, listener, capture);
  };
  return { landed, reached, stop };
}

// The same protections, whether the request is a modal dialog or an inline card in the page.
for (const presentation of ["dialog", "inline"] as const)
describe(`input aimed at one request never answers another, ${presentation} (React ${version})`, () => {
  it("a double-click on Submit accepts the first request only; the next one stays on screen", async () => {
    // A third waiting keeps the queue's "1 of N" row on screen for the second too: its Submit stands where the first's did.
    const { answers } = queueOf(presentation, { serverName: "Badges", params: harmless }, { serverName: "Bank", params: prefilled }, { serverName: "Later", params: harmless });
    await readRequest(presentation);
    const submit = centreOf(screen.getByRole("button", { name: "Submit" }));
    // Both clicks sent at the person's moments, 150 ms apart, whatever the page is doing (pressOnSchedule).
    await commands.pressOnSchedule(submit, [0, 150], 60);
    await wait(700);
    expect(answers[0]).toEqual({ action: "accept", content: { colour: "blue" } });
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
    // The second click landed on the next request's Submit, and did nothing.
    expect(centreOf(screen.getByRole("button", { name: "Submit" }))).toEqual(submit);
    expect(answers[1]).toBeUndefined();
    // A deliberate press once the person has read it does answer.
    await commands.pressAt(submit.x, submit.y, 100);
    await waitFor(() => expect(answers[1]).toEqual({ action: "accept", content: { iban: "XX00 HOSTILE" } }));
  });

  it("three quick Enters accept one request, not three", async () => {
    const { answers } = queueOf(
      presentation,
      { serverName: "Badges", params: harmless },
      { serverName: "Bank", params: prefilled },
      { serverName: "Bank", params: prefilled },
    );
    await readRequest(presentation);
    await act(async () => screen.getByRole("textbox", { name: "Colour" }).focus());
    const stopFocusing = focusEachNewRequestsField();
    const keys = watchKeys();
    try {
      await commands.pressOnSchedule({ key: "Enter" }, [0, 130, 260]);
      await wait(700);
    } finally {
      stopFocusing();
      keys.stop();
    }
    // The second and third landed in the Bank's field, where Enter submits: only the guard stopped them.
    expect(keys.landed.filter(({ type }) => type === "keydown").map(({ where }) => where)).toEqual(["Colour", "To account", "To account"]);
    expect(answers).toEqual([{ action: "accept", content: { colour: "blue" } }, undefined, undefined]);
    expect(screen.getByRole("textbox", { name: "To account" })).toHaveValue("XX00 HOSTILE");
  });

  it("Enter held down on Submit answers once; its auto-repeat does not reach the next request", async () => {
    const { answers } = queueOf(presentation, { serverName: "Badges", params: harmless }, { serverName: "Bank", params: prefilled });
    await readRequest(presentation);
    await act(async () => screen.getByRole("button", { name: "Submit" }).focus());
    const stopFocusing = focusEachNewRequestsField();
    const keys = watchKeys();
    try {
      // Auto-repeat starts 500 ms in, a keydown every 33 ms until the release at 1.5 s: most come after
      // the next request's interval, so only its rule on keys held since before it appeared holds them.
      await commands.holdKey("Enter", 1500);
      await wait(300);
    } finally {
      stopFocusing();
      keys.stop();
    }
    expect(answers).toEqual([{ action: "accept", content: { colour: "blue" } }, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "To account" })).toHaveValue("XX00 HOSTILE");
    // One press on the Badges' Submit, then its auto-repeat and its release in the Bank's field, where
    // Enter submits: none of them reached that field's handlers or the page beyond.
    const summary = (list: KeySeen[]) =>
      list.map(({ type, repeat, where }) => `${repeat ? "repeat" : type} in ${where}`).filter((entry, index, all) => entry !== all[index - 1]);
    expect(summary(keys.landed)).toEqual(["keydown in Submit", "repeat in To account", "keyup in To account"]);
    expect(keys.landed.filter(({ repeat }) => repeat).length).toBeGreaterThan(15);
    expect(keys.reached.filter(({ where }) => where === "To account")).toEqual([]);
    // A fresh Enter there, made once the key was let go, does answer.
    await commands.pressKeyRepeatedly("Enter", 1);
    await waitFor(() => expect(answers[1]).toEqual({ action: "accept", content: { iban: "XX00 HOSTILE" } }));
  });

  it("Enter typed into the host's chat box as a request appears does not submit it, and the typing lands in no field", async () => {
    const queue = createElicitationQueue();
    let answer: ElicitResult | undefined;
    render(
      <>
        <input aria-label="Chat" />
        <ElicitationOutlet queue={queue} presentation={presentation} />
      </>,
    );
    // Focus placement keeps this, not the input guard: the dialog focuses its surface, the card takes
    // no focus, so the sentence's Enter reaches no field whether or not the request still ignores input.
    const chat = screen.getByRole("textbox", { name: "Chat" });
    chat.focus();
    await commands.typeSlowly("deploy the ", 40);
    void queue.request({ serverName: "Bank", params: prefilled }).then((result) => (answer = result));
    await commands.typeSlowly("app now, please\n", 40);
    await wait(200);
    expect(answer).toBeUndefined();
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "To account" })).toHaveValue("XX00 HOSTILE");
    // Inline, nothing took the focus: the whole sentence is in the chat box.
    if (presentation === "inline") expect(chat).toHaveValue("deploy the app now, please");
  });

  it("a double-click on “Stop asking” stops one server, not the next", async () => {
    // Two of each server, so that each one's card offers "Stop asking".
    const { answers } = queueOf(
      presentation,
      { serverName: "Spammy", params: harmless },
      { serverName: "Spammy", params: harmless },
      { serverName: "Bank", params: prefilled },
      { serverName: "Bank", params: prefilled },
    );
    await readRequest(presentation);
    const spot = centreOf(screen.getByRole("button", { name: "Stop asking" }));
    await commands.pressOnSchedule(spot, [0, 150], 60);
    await wait(700);
    expect(answers.slice(0, 2)).toEqual([{ action: "cancel" }, { action: "cancel" }]);
    // The second click landed on the next server's "Stop asking", and did nothing.
    expect(centreOf(screen.getByRole("button", { name: "Stop asking" }))).toEqual(spot);
    expect(answers.slice(2)).toEqual([undefined, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
  });

  it("Escape pressed twice quickly cancels one request, not the next", async () => {
    const { answers } = queueOf(presentation, { serverName: "Badges", params: harmless }, { serverName: "Bank", params: prefilled });
    await readRequest(presentation);
    // Inline, Escape answers only from inside the card: the person is in its field.
    if (presentation === "inline") await act(async () => screen.getByRole("textbox", { name: "Colour" }).focus());
    // Sent at the person's moments, 150 ms apart, without waiting for the page to take the first (a loaded
    // machine made Playwright's second press 650 ms late, past the interval: a deliberate press by then).
    await commands.pressOnSchedule({ key: "Escape" }, [0, 150]);
    await wait(700);
    expect(answers).toEqual([{ action: "cancel" }, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
    // Inline, the card answered from inside handed focus to the next one: Escape reaches it.
    await commands.pressKeyRepeatedly("Escape", 1);
    await waitFor(() => expect(answers[1]).toEqual({ action: "cancel" }));
  });

  if (presentation === "dialog")
  it("a double-click on the backdrop cancels one request, not the next", async () => {
    const { answers } = queueOf(presentation, { serverName: "Badges", params: harmless }, { serverName: "Bank", params: prefilled });
    await readRequest(presentation);
    const box = screen.getByRole("dialog").getBoundingClientRect();
    await commands.pressOnSchedule({ x: box.left + box.width / 2, y: Math.max(4, box.top - 12) }, [0, 150], 60);
    await wait(700);
    expect(answers).toEqual([{ action: "cancel" }, undefined]);
    expect(shown(presentation, /Bank/)).toBeInTheDocument();
  });
});

describe(`StrictMode in a real browser (React ${version})`, () => {
  it("StrictMode's remount leaves the dialog open in a real browser, where the close event arrives a task later", async () => {
    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="Deploy Bot" request={harmless} onResponse={onResponse} />);
    await wait(100);
    expect((screen.getByRole("dialog") as HTMLDialogElement).open).toBe(true);
    expect(onResponse).not.toHaveBeenCalled();
  });
});
