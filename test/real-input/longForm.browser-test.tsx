// In Chromium with real key presses and pointer presses: a long form shows its first screenful with
// the first paint and the rest right after; a person who tabs on or submits at once meets every field.
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userEvent } from "vitest/browser";
import "../../src/styles.css";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../src/core/types";
import { ElicitationForm } from "../../src/form/ElicitationForm";

afterEach(() => cleanup());

const SIZE = 120;

function longSchema(required: number[] = []): ParsedElicitationSchema {
  const properties = Object.fromEntries(
    Array.from({ length: SIZE }, (_, i) => [`f${i}`, required.includes(i) ? { type: "string", title: `Field ${i}` } : { type: "string", title: `Field ${i}`, default: `v${i}` }]),
  );
  const parsed = parseElicitationSchema({ type: "object", properties, required: required.map((i) => `f${i}`) }, { limits: { maxProperties: SIZE } });
  if (!parsed.ok) throw parsed.error;
  return parsed.schema;
}

const input = (i: number) => document.querySelector<HTMLInputElement>(`input[name="f${i}"]`);
const drawnCount = () => document.querySelectorAll(".rme-field").length;

describe("a long form in a real browser", () => {
  it("Tab from the last field of the first screenful goes to the next field, even before the rest has arrived", async () => {
    render(<ElicitationForm schema={longSchema()} onSubmit={vi.fn()} />);
    const first = drawnCount();
    expect(first).toBeLessThan(SIZE);
    input(first - 1)!.focus();
    await userEvent.keyboard("{Tab}");
    expect(document.activeElement).toBe(input(first));
    await waitFor(() => expect(drawnCount()).toBe(SIZE));
  });

  it("every field is there within a few frames, in order, without a Tab or a Submit", async () => {
    render(<ElicitationForm schema={longSchema()} onSubmit={vi.fn()} />);
    const started = performance.now();
    await waitFor(() => expect(drawnCount()).toBe(SIZE), { interval: 5 });
    // Generous for a busy 2-core machine; on a laptop it is a few frames.
    expect(performance.now() - started).toBeLessThan(1_000);
    const labels = [...document.querySelectorAll(".rme-field__label")].map((label) => label.textContent);
    expect(labels).toEqual(Array.from({ length: SIZE }, (_, i) => `Field ${i}`));
  });

  it("Enter pressed at once submits, and focus moves to an invalid field far down the form, scrolled into view", async () => {
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={longSchema([110])} onSubmit={onSubmit} />);
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
});
