// In Chromium at laptop and phone sizes: who is asking stays in view. Header and actions stay in
// place while the body scrolls; a long message scrolls in its own bounded area; on a phone the
// title and all three actions fit on screen and in one row.
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands, page, userEvent } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}

afterEach(async () => {
  cleanup();
  await page.viewport(1280, 800);
});

function fields(count: number): ElicitFormParams["requestedSchema"] {
  const kinds = [
    { type: "string" },
    { type: "string", format: "email" },
    { type: "integer", minimum: 0 },
    { type: "string", enum: ["a", "b", "c"] },
    { type: "boolean" },
    { type: "string", format: "date" },
    { type: "array", items: { type: "string", enum: ["x", "y"] } },
    { type: "string", description: "A little help under the label." },
  ];
  return {
    type: "object",
    properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`field_number_${i + 1}`, kinds[i % kinds.length]])),
  } as ElicitFormParams["requestedSchema"];
}

async function open(request: ElicitFormParams) {
  await commands.emulateMedia({ reducedMotion: "reduce" });
  render(<ElicitationDialog serverName="Acme" request={request} onResponse={vi.fn()} />);
  const dialog = document.querySelector<HTMLElement>("dialog.rme-dialog")!;
  const title = dialog.querySelector<HTMLElement>(".rme-dialog__title")!;
  const actions = [...dialog.querySelectorAll<HTMLElement>(".rme-actions .rme-button")];
  return { dialog, title, actions };
}

/** The element is drawn on screen and nothing covers its centre. */
function expectOnScreen(element: HTMLElement) {
  const box = element.getBoundingClientRect();
  expect(box.top, `${element.textContent} top`).toBeGreaterThanOrEqual(0);
  expect(box.bottom, `${element.textContent} bottom`).toBeLessThanOrEqual(window.innerHeight);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  expect(element.contains(hit), `${element.textContent} is not covered`).toBe(true);
}

describe("on a 390×700 phone", () => {
  it("an 8-field form shows the title and all three actions without scrolling, in one row, full width", async () => {
    await page.viewport(390, 700);
    const { dialog, title, actions } = await open({ message: "Set up the project.", requestedSchema: fields(8) });
    expect(actions.map((button) => button.textContent)).toEqual(["Cancel", "Decline", "Submit"]);
    expectOnScreen(title);
    for (const button of actions) expectOnScreen(button);
    expect(new Set(actions.map((button) => Math.round(button.getBoundingClientRect().top))).size).toBe(1);
    for (const button of actions) expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
    expect(dialog.getBoundingClientRect().width).toBe(390);
    expect(document.scrollingElement!.scrollTop).toBe(0);
  });
});

describe("who is asking stays in view", () => {
  for (const [width, height] of [[1280, 800], [390, 700]] as const) {
    it(`a message of 60 blank lines cannot push the title away, not even when a field takes focus (${width}×${height})`, async () => {
      await page.viewport(width, height);
      const { dialog, title } = await open({
        message: `${"\n".repeat(60)}GitHub (verified) is asking for your password.`,
        requestedSchema: fields(3),
      });
      const before = title.getBoundingClientRect().top;
      expectOnScreen(title);
      const message = dialog.querySelector<HTMLElement>(".rme-dialog__message")!;
      // Bounded: the message scrolls inside its own area, which the keyboard can reach.
      expect(message.scrollHeight).toBeGreaterThan(message.clientHeight);
      await expect.poll(() => message.tabIndex).toBe(0);
      dialog.querySelector<HTMLInputElement>("input")!.focus();
      await userEvent.keyboard("{Tab}{Tab}");
      expect(title.getBoundingClientRect().top).toBe(before);
      expectOnScreen(title);
      expect(dialog.querySelector(".rme-dialog__surface")!.scrollTop).toBe(0);
    });
  }

  it("header and actions stay put while the body scrolls (50 fields, laptop)", async () => {
    await page.viewport(1280, 800);
    const { dialog, title, actions } = await open({ message: "A long questionnaire.", requestedSchema: fields(50) });
    const body = dialog.querySelector<HTMLElement>(".rme-form__body")!;
    expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    const titleTop = title.getBoundingClientRect().top;
    const submitTop = actions[2]!.getBoundingClientRect().top;
    body.scrollTop = body.scrollHeight;
    // The last field is reachable and focusing it moves neither the title nor the actions.
    const inputs = body.querySelectorAll<HTMLElement>("input, select");
    inputs[inputs.length - 1]!.focus();
    expect(title.getBoundingClientRect().top).toBe(titleTop);
    expect(actions[2]!.getBoundingClientRect().top).toBe(submitTop);
    expectOnScreen(title);
    for (const button of actions) expectOnScreen(button);
  });
});
