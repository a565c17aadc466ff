// In Chromium with real key presses (CDP), not simulated events: the whole flow by keyboard alone,
// a visible focus ring at every stop in both themes, reduced motion, the OS dark scheme, RTL layout.
import { cleanup, render, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands, userEvent } from "vitest/browser";
import "../../src/styles.css";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import type { ElicitFormParams } from "../../src/core/types";
import { readDialog } from "./readDialog";

afterEach(async () => {
  cleanup();
  document.documentElement.removeAttribute("data-theme");
  await commands.emulateMedia({ reducedMotion: "no-preference", colorScheme: "light" });
});

const everyKind: ElicitFormParams = {
  message: "Tell us about the deployment.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Project name", minLength: 2 },
      email: { type: "string", format: "email", title: "Contact email" },
      replicas: { type: "integer", title: "Replicas", minimum: 1, maximum: 5 },
      region: { type: "string", title: "Region", oneOf: [{ const: "eu", title: "Europe" }, { const: "us", title: "United States" }] },
      tier: { type: "string", title: "Tier", enum: ["free", "pro"] },
      backups: { type: "boolean", title: "Nightly backups" },
      alerts: { type: "array", title: "Alerts", items: { type: "string", enum: ["email", "sms"] } },
    },
    required: ["name", "email", "region"],
  },
};

function rgb(colour: string): [number, number, number] {
  const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0];
}

function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The focused element shows a ring of at least 2px whose colour stands 3:1 against the dialog. */
function expectVisibleFocus(dialog: HTMLElement) {
  const active = document.activeElement as HTMLElement;
  expect(dialog.contains(active), "focus stays inside the dialog").toBe(true);
  expect(active.matches(":focus-visible"), `${active.outerHTML.slice(0, 80)} matches :focus-visible`).toBe(true);
  const style = getComputedStyle(active);
  expect(style.outlineStyle).not.toBe("none");
  expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(2);
  expect(contrast(style.outlineColor, getComputedStyle(dialog).backgroundColor)).toBeGreaterThanOrEqual(3);
}

function openDialog(extra: Partial<Parameters<typeof ElicitationDialog>[0]> = {}) {
  const onResponse = vi.fn();
  render(<ElicitationDialog serverName="Deploy Bot" request={everyKind} onResponse={onResponse} {...extra} />);
  const dialog = document.querySelector<HTMLElement>("dialog.rme-dialog")!;
  return { onResponse, dialog };
}

/** A person reads the dialog before answering; keys within its protection interval are ignored. */

async function answerByKeyboard(dialog: HTMLElement) {
  // Focus starts on the dialog itself; Tab enters the first field.
  expect(dialog.contains(document.activeElement)).toBe(true);
  await readDialog();
  await userEvent.keyboard("{Tab}");
  expect(document.activeElement?.getAttribute("name")).toBe("f0");
  await userEvent.keyboard("my-app");
  expectVisibleFocus(dialog);
  await userEvent.keyboard("{Tab}ops@example.com");
  expectVisibleFocus(dialog);
  await userEvent.keyboard("{Tab}3");
  expectVisibleFocus(dialog);
  // Region: a radio group is one stop; arrows choose.
  await userEvent.keyboard("{Tab}");
  expectVisibleFocus(dialog);
  await userEvent.keyboard("{ArrowDown}");
  expect(document.activeElement).toHaveAccessibleName("United States");
  // Tier: two options are radios too, required or not; one stop, Tab past it.
  await userEvent.keyboard("{Tab}");
  expect(document.activeElement).toHaveAttribute("type", "radio");
  expectVisibleFocus(dialog);
  // Backups checkbox: Space ticks it.
  await userEvent.keyboard("{Tab} ");
  expectVisibleFocus(dialog);
  // Alerts: two checkboxes, tick the second.
  await userEvent.keyboard("{Tab}{Tab} ");
  expectVisibleFocus(dialog);
  // Cancel, Decline, Submit: each shows focus; Enter on Submit answers.
  for (const name of ["Cancel", "Decline", "Submit"]) {
    await userEvent.keyboard("{Tab}");
    expect(document.activeElement).toHaveAccessibleName(name);
    expectVisibleFocus(dialog);
  }
  // Then the × in the header's corner (Close, which is Cancel), last in Tab order.
  await userEvent.keyboard("{Tab}");
  expect(document.activeElement).toHaveAccessibleName("Close");
  expectVisibleFocus(dialog);
  // Tab from the last control wraps to the first: focus never leaves the dialog.
  await userEvent.keyboard("{Tab}");
  expect(document.activeElement?.getAttribute("name")).toBe("f0");
  await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
  expect(document.activeElement).toHaveAccessibleName("Close");
  await userEvent.keyboard("{Shift>}{Tab}{/Shift}");
  expect(document.activeElement).toHaveAccessibleName("Submit");
}

describe("keyboard alone", () => {
  it("fills every kind of field and submits, with a visible focus ring at every stop", async () => {
    const { onResponse, dialog } = openDialog();
    await answerByKeyboard(dialog);
    await userEvent.keyboard("{Enter}");
    expect(onResponse).toHaveBeenCalledWith({
      action: "accept",
      content: { name: "my-app", email: "ops@example.com", replicas: 3, region: "us", backups: true, alerts: ["sms"] },
    });
  });

  it("shows the focus ring in the dark theme too", async () => {
    document.documentElement.setAttribute("data-theme", "dark");
    const { dialog } = openDialog();
    expect(getComputedStyle(dialog).backgroundColor).toBe("rgb(22, 23, 27)");
    await answerByKeyboard(dialog);
  });

  it("on a failed submit moves focus to the first invalid field, whose error is announced and linked", async () => {
    const { onResponse, dialog } = openDialog();
    await readDialog();
    await userEvent.keyboard("{Tab}{Tab}not-an-email{Enter}");
    const active = document.activeElement as HTMLInputElement;
    await waitFor(() => expect(active.getAttribute("aria-invalid")).toBe("true"));
    expect(active.getAttribute("name")).toBe("f0");
    const errorId = active.getAttribute("aria-describedby")!.split(" ").pop()!;
    const error = document.getElementById(errorId)!;
    expect(error).toHaveAttribute("role", "alert");
    expect(error).toHaveTextContent("This field is required");
    expectVisibleFocus(dialog);
    expect(onResponse).not.toHaveBeenCalled();
    // Escape is cancel.
    await userEvent.keyboard("{Escape}");
    expect(onResponse).toHaveBeenCalledWith({ action: "cancel" });
  });

  it("declines with the keyboard", async () => {
    const { onResponse } = openDialog();
    await readDialog();
    await userEvent.keyboard("{Shift>}{Tab}{Tab}{Tab}{/Shift}");
    expect(document.activeElement).toHaveAccessibleName("Decline");
    await userEvent.keyboard("{Enter}");
    expect(onResponse).toHaveBeenCalledWith({ action: "decline" });
  });
});

describe("motion", () => {
  it("animates the dialog in by default and not at all with prefers-reduced-motion", async () => {
    await commands.emulateMedia({ reducedMotion: "no-preference" });
    const first = openDialog();
    expect(getComputedStyle(first.dialog).animationName).toBe("rme-enter");
    cleanup();
    await commands.emulateMedia({ reducedMotion: "reduce" });
    const second = openDialog();
    expect(getComputedStyle(second.dialog).animationName).toBe("none");
    expect(getComputedStyle(second.dialog).getPropertyValue("--rme-duration").trim()).toBe("0ms");
  });
});

describe("colour scheme", () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`meets WCAG 2.2 AA with the OS in ${scheme} mode on a page that follows it, errors shown`, async () => {
      await commands.emulateMedia({ colorScheme: scheme });
      // The page says it follows the system (as the Vite template does): so does the dialog.
      document.documentElement.style.colorScheme = "light dark";
      const { dialog } = openDialog();
      document.body.style.background = scheme === "dark" ? "#0f1115" : "#ffffff";
      expect(getComputedStyle(dialog).backgroundColor).toBe(scheme === "dark" ? "rgb(22, 23, 27)" : "rgb(255, 255, 255)");
      await readDialog();
      await userEvent.keyboard("{Tab}{Enter}");
      await waitFor(() => expect(dialog.querySelectorAll('[role="alert"]').length).toBeGreaterThan(0));
      // Measure the settled colours, not a frame of the entrance animation.
      await Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished));
      const result = await axe.run(dialog, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      });
      expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
      document.body.style.background = "";
      document.documentElement.style.colorScheme = "";
    });
  }
});

describe("right to left", () => {
  it("mirrors the layout: labels start on the right, Submit sits leftmost", () => {
    const { dialog } = openDialog({ dir: "rtl", locale: "ar" });
    const surface = dialog.getBoundingClientRect();
    const label = dialog.querySelector(".rme-field__label")!.getBoundingClientRect();
    expect(surface.right - label.right).toBeLessThan(surface.width / 4);
    const submit = dialog.querySelector('[data-action="accept"]')!.getBoundingClientRect();
    const cancel = dialog.querySelector('[data-action="cancel"]')!.getBoundingClientRect();
    expect(submit.left).toBeLessThan(cancel.left);
    const box = dialog.querySelector<HTMLElement>('input[type="checkbox"]')!.getBoundingClientRect();
    const boxLabel = dialog.querySelector('input[type="checkbox"] + label, .rme-field__inline label')!.getBoundingClientRect();
    expect(box.left).toBeGreaterThan(boxLabel.left);
  });
});
