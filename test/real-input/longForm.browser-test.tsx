// In Chromium with real key presses and pointer presses: a long form shows its first screenful with
// the first paint and the rest right after; a person who tabs on or submits at once meets every field.
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import "../../src/styles.css";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { longSchema } from "../fixtures/longSchema";

afterEach(() => cleanup());

const SIZE = 120;

/** A form of `size` text fields, as a server sends it. */
const rawSchema = (size: number) => ({
  type: "object" as const,
  properties: Object.fromEntries(Array.from({ length: size }, (_, i) => [`f${i}`, { type: "string", title: `Field ${i}` }])),
});

/**
 * What the first paint of the form that appears in `container` shows: read in the animation frame
 * that paints it, after React's commit and the microtasks that follow it.
 */
function atFirstPaint<T>(container: HTMLElement, read: (list: HTMLElement) => T): Promise<T> {
  return new Promise((resolve) => {
    const seen = () => {
      const list = container.ownerDocument.querySelector<HTMLElement>(".rme-form__fields");
      if (!list) return false;
      observer.disconnect();
      requestAnimationFrame(() => resolve(read(list)));
      return true;
    };
    const observer = new MutationObserver(seen);
    if (!seen()) observer.observe(container.ownerDocument.body, { childList: true, subtree: true });
  });
}

const input = (i: number) => document.querySelector<HTMLInputElement>(`input[name="f${i}"]`);
const drawnCount = () => document.querySelectorAll(".rme-field").length;

describe("a long form in a real browser", () => {
  it("Tab from the last field of the first screenful goes to the next field, even before the rest has arrived", async () => {
    render(<ElicitationForm schema={longSchema(SIZE)} onSubmit={vi.fn()} />);
    const first = drawnCount();
    expect(first).toBeLessThan(SIZE);
    input(first - 1)!.focus();
    await userEvent.keyboard("{Tab}");
    expect(document.activeElement).toBe(input(first));
    await waitFor(() => expect(drawnCount()).toBe(SIZE));
  });

  it("every field is there within a few frames, in order, without a Tab or a Submit", async () => {
    render(<ElicitationForm schema={longSchema(SIZE)} onSubmit={vi.fn()} />);
    const started = performance.now();
    await waitFor(() => expect(drawnCount()).toBe(SIZE), { interval: 5 });
    // Generous for a busy 2-core machine; on a laptop it is a few frames.
    expect(performance.now() - started).toBeLessThan(1_000);
    const labels = [...document.querySelectorAll(".rme-field__label")].map((label) => label.textContent);
    expect(labels).toEqual(Array.from({ length: SIZE }, (_, i) => `Field ${i}`));
  });

  it("Enter pressed at once submits, and focus moves to an invalid field far down the form, scrolled into view", async () => {
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={longSchema(SIZE, [110])} onSubmit={onSubmit} />);
    expect(input(110)).toBeNull();
    input(0)!.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement).toBe(input(110)), { timeout: 5_000 });
    const field = input(110)!.getBoundingClientRect();
    expect(field.top).toBeGreaterThanOrEqual(0);
    expect(field.bottom).toBeLessThanOrEqual(window.innerHeight);
    expect(input(110)).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("an inline form's first paint has fields down past the window's bottom edge, and not all of them", async () => {
    window.scrollTo(0, 0); // the test before scrolls far down a form of its own
    const shown = atFirstPaint(document.body, (list) => ({ count: drawnCount(), bottom: list.getBoundingClientRect().bottom }));
    render(<ElicitationForm schema={rawSchema(45)} onSubmit={vi.fn()} />);
    const { count, bottom } = await shown;
    expect(bottom).toBeGreaterThanOrEqual(window.innerHeight);
    expect(count).toBeLessThan(40);
    await waitFor(() => expect(drawnCount()).toBe(45));
  });

  it("a dialog's first paint fills its scrolling body with fields, although the dialog opens after the form is drawn", async () => {
    const shown = atFirstPaint(document.body, (list) => {
      const body = list.closest(".rme-form__body") ?? list;
      return { count: drawnCount(), fieldsEnd: list.getBoundingClientRect().bottom, bodyEnd: body.getBoundingClientRect().bottom };
    });
    render(<ElicitationDialog serverName="Acme" request={{ message: "Fill in", requestedSchema: rawSchema(45) }} onResponse={vi.fn()} />);
    const { count, fieldsEnd, bodyEnd } = await shown;
    expect(fieldsEnd).toBeGreaterThanOrEqual(Math.min(bodyEnd, window.innerHeight));
    expect(count).toBeLessThan(40);
    await waitFor(() => expect(drawnCount()).toBe(45));
  });
});
