// In Chromium: colours follow the host page's colour scheme (its `color-scheme`, data-theme or a
// light/dark class), not only the system's — an inline form on a light page stays readable when the
// system is dark, and the reverse.
import { cleanup, render } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands } from "vitest/browser";
import "../../src/styles.css";
import type { ElicitFormParams } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}

const request: ElicitFormParams = {
  message: "Which plan?",
  requestedSchema: {
    type: "object",
    properties: {
      project_name: { type: "string", description: "Shown on invoices." },
      plan: { type: "string", title: "Plan", enum: ["free", "team"] },
      notify: { type: "boolean", title: "Email me" },
    },
    required: ["project_name"],
  },
};

const PAGE = { light: "#ffffff", dark: "#111318" } as const;
const DIALOG_BG = { light: "rgb(255, 255, 255)", dark: "rgb(22, 23, 27)" } as const;

afterEach(async () => {
  cleanup();
  const html = document.documentElement;
  html.removeAttribute("data-theme");
  html.className = "";
  html.style.colorScheme = "";
  document.body.style.background = "";
  await commands.emulateMedia({ colorScheme: "light", reducedMotion: "no-preference" });
});

async function contrastProblems(root: Element): Promise<string[]> {
  const result = await axe.run(root, { runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] });
  return result.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`));
}

function labelColour(root: Element): string {
  return getComputedStyle(root.querySelector(".rme-field__label")!).color;
}

describe("an inline form takes the page's scheme, not the system's", () => {
  it("on a light page (no scheme declared) it stays dark-on-light with the system dark", async () => {
    await commands.emulateMedia({ colorScheme: "dark" });
    document.body.style.background = PAGE.light;
    const { container } = render(<ElicitationForm schema={request.requestedSchema} onSubmit={vi.fn()} />);
    expect(labelColour(container)).toBe("rgb(24, 24, 27)");
    expect(await contrastProblems(container)).toEqual([]);
  });

  const darkPages: [string, () => void][] = [
    ["color-scheme: dark", () => (document.documentElement.style.colorScheme = "dark")],
    ['data-theme="dark"', () => document.documentElement.setAttribute("data-theme", "dark")],
    ['class="dark"', () => document.documentElement.classList.add("dark")],
  ];
  for (const [how, apply] of darkPages) {
    it(`on a dark page (${how}) it is light-on-dark with the system light`, async () => {
      await commands.emulateMedia({ colorScheme: "light" });
      apply();
      document.body.style.background = PAGE.dark;
      const { container } = render(<ElicitationForm schema={request.requestedSchema} onSubmit={vi.fn()} />);
      expect(labelColour(container)).toBe("rgb(244, 244, 245)");
      expect(await contrastProblems(container)).toEqual([]);
    });
  }
});

describe("the dialog takes the page's scheme", () => {
  const cases: [string, "light" | "dark", () => void, "light" | "dark"][] = [
    ["a page declaring no scheme", "dark", () => {}, "light"],
    ["color-scheme: light", "dark", () => (document.documentElement.style.colorScheme = "light"), "light"],
    ["color-scheme: dark", "light", () => (document.documentElement.style.colorScheme = "dark"), "dark"],
    ["color-scheme: light dark (follows the system)", "dark", () => (document.documentElement.style.colorScheme = "light dark"), "dark"],
    ['data-theme="light" over a page following a dark system', "dark", () => {
      document.documentElement.style.colorScheme = "light dark";
      document.documentElement.setAttribute("data-theme", "light");
    }, "light"],
    ['class="dark"', "light", () => document.documentElement.classList.add("dark"), "dark"],
  ];
  for (const [page, system, apply, expected] of cases) {
    it(`${page}, system ${system}: ${expected}`, async () => {
      await commands.emulateMedia({ colorScheme: system, reducedMotion: "reduce" });
      apply();
      render(<ElicitationDialog serverName="Acme" request={request} onResponse={vi.fn()} />);
      const dialog = document.querySelector<HTMLElement>("dialog.rme-dialog")!;
      expect(getComputedStyle(dialog).backgroundColor).toBe(DIALOG_BG[expected]);
      expect(getComputedStyle(dialog).colorScheme).not.toBe("");
      expect(await contrastProblems(dialog)).toEqual([]);
    });
  }
});
