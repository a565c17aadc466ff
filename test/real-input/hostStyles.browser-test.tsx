// In Chromium: the dialog and the inline form look the same on a bare page and on host pages with
// common global CSS — the Vite template's index.css and App.css, a Tailwind-style preflight, a
// Bootstrap-style reboot, and descendant rules such as `.chat h2 { … }` around where the host renders.
// The host sheets below are written for this test to do what those sheets do (element resets and
// inherited typography), not copied from them.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { commands } from "vitest/browser";
import "../../src/styles.css";
// The real sheets hosts ship, as they ship them, beside the hand-written ones below.
import bootstrapCss from "bootstrap/dist/css/bootstrap.min.css?raw";
import tailwindPreflight from "tailwindcss/preflight.css?raw";
import type { ElicitParams } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";

declare module "vitest/browser" {
  interface BrowserCommands {
    emulateMedia: (media: { reducedMotion?: "reduce" | "no-preference"; colorScheme?: "light" | "dark" }) => Promise<void>;
  }
}

const VITE_TEMPLATE = `
:root { font-family: Inter, Avenir, Helvetica, Arial, sans-serif; line-height: 1.5; font-weight: 400;
  color: rgba(255, 255, 255, 0.87); background-color: #242424; font-synthesis: none; }
body { margin: 0; display: flex; place-items: center; min-width: 320px; min-height: 100vh; }
h1 { font-size: 3.2em; line-height: 1.1; }
button { border-radius: 8px; border: 1px solid transparent; padding: 0.6em 1.2em; font-size: 1em; font-weight: 500;
  font-family: inherit; background-color: #1a1a1a; cursor: pointer; transition: border-color 0.25s; }
button:hover { border-color: #646cff; }
button:focus, button:focus-visible { outline: 4px auto -webkit-focus-ring-color; }
#root { max-width: 1280px; margin: 0 auto; padding: 2rem; text-align: center; }
`;

const PREFLIGHT = `
*, ::before, ::after { box-sizing: border-box; border-width: 0; border-style: solid; border-color: #e5e7eb; margin: 0; padding: 0; }
html { line-height: 1.5; font-family: ui-sans-serif, system-ui, sans-serif; tab-size: 4; }
h1, h2, h3, h4, h5, h6 { font-size: inherit; font-weight: inherit; }
b, strong { font-weight: bolder; }
code, kbd, pre { font-family: ui-monospace, monospace; font-size: 1em; }
button, input, select, textarea { font: inherit; color: inherit; margin: 0; padding: 0; background-color: transparent; border-radius: 0; }
ol, ul, menu { list-style: none; }
img, svg, video { display: block; vertical-align: middle; }
dialog { padding: 0; }
`;

const REBOOT = `
body { margin: 0; font-family: system-ui, "Segoe UI", Roboto, sans-serif; font-size: 1rem; font-weight: 400; line-height: 1.5;
  color: #212529; text-align: left; background-color: #fff; }
h1, h2, h3, h4, h5, h6 { margin-top: 0; margin-bottom: 0.5rem; font-weight: 500; line-height: 1.2; }
h2 { font-size: calc(1.325rem + 0.9vw); }
p { margin-top: 0; margin-bottom: 1rem; }
ul { padding-left: 2rem; margin-top: 0; margin-bottom: 1rem; }
code { font-size: 0.875em; color: #d63384; word-wrap: break-word; }
label { display: inline-block; }
button { border-radius: 0; }
input, button, select, textarea { margin: 0; font-family: inherit; font-size: inherit; line-height: inherit; }
fieldset { min-width: 0; padding: 0; margin: 0; border: 0; }
legend { float: left; width: 100%; padding: 0; margin-bottom: 0.5rem; font-size: calc(1.275rem + 0.3vw); line-height: inherit; }
legend + * { clear: left; }
`;

const CHAT = `
.chat { font: italic 20px/2 Georgia, serif; color: purple; letter-spacing: 0.1em; text-transform: uppercase; text-align: center; word-spacing: 4px; }
.chat h2 { font-size: 2.5rem; margin: 2rem; color: red; font-weight: 900; }
.chat p { margin: 1.5rem 0; font-size: 1.25rem; }
.chat div { padding: 0.5rem; margin: 0.25rem; }
.chat span, .chat strong { padding: 0 0.25rem; }
.chat button { background: hotpink; padding: 2rem; border-radius: 0; font-size: 1.5rem; }
.chat input, .chat select { padding: 1rem; border: 3px solid green; }
.chat label { display: inline; font-weight: 700; }
.chat ul { padding: 2rem; list-style: square; }
.chat code { background: yellow; font-size: 2rem; }
`;

const HOST_SHEETS = {
  "Vite template": VITE_TEMPLATE,
  "Tailwind-style preflight": PREFLIGHT,
  "Bootstrap-style reboot": REBOOT,
  ".chat descendant rules": CHAT,
  "Tailwind CSS 4 preflight (tailwindcss/preflight.css)": tailwindPreflight,
  "Bootstrap 5 (bootstrap.min.css)": bootstrapCss,
};

const PROPERTIES = [
  "display", "position", "float", "box-sizing", "vertical-align", "white-space",
  "margin-top", "margin-right", "margin-bottom", "margin-left",
  "padding-top", "padding-right", "padding-bottom", "padding-left",
  "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
  "border-top-style", "border-top-color", "border-top-left-radius",
  "background-color", "color", "font-family", "font-size", "font-weight", "font-style", "line-height",
  "letter-spacing", "word-spacing", "text-transform", "text-align", "text-decoration-line", "list-style-type",
] as const;

const form: ElicitParams = {
  message: "Where should the release go?",
  requestedSchema: {
    type: "object",
    properties: {
      recipient_account: { type: "string", description: "Who receives the notes." },
      api_token: { type: "string", title: "API token" },
      environment: { type: "string", title: "Environment", enum: ["staging", "production"] },
      region: { type: "string", title: "Region", enum: ["eu", "us", "ap", "sa", "af", "me"] },
      channels: { type: "array", title: "Channels", items: { type: "string", enum: ["email", "chat"] } },
      notify: { type: "boolean", title: "Notify subscribers", description: "One email each." },
    },
    required: ["recipient_account", "environment"],
  },
};

const url: ElicitParams = { mode: "url", message: "Sign in to continue.", url: "http://pay.example.com/authorize?x=1", elicitationId: "e1" };

type Snapshot = Record<string, Record<string, string>>;

/** Computed styles and boxes (relative to the root) of every part under `root`. */
function snapshot(root: HTMLElement): Snapshot {
  const origin = root.getBoundingClientRect();
  const parts: Snapshot = {};
  // <option>s are drawn by the browser's own pop-up, not the page.
  const elements = [root, ...root.querySelectorAll<HTMLElement>("*:not(option)")];
  elements.forEach((element, index) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const name = `${index} <${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
    parts[name] = Object.fromEntries([
      ...PROPERTIES.map((property) => [property, style.getPropertyValue(property)]),
      ["box", `${Math.round(box.left - origin.left)},${Math.round(box.top - origin.top)} ${Math.round(box.width)}×${Math.round(box.height)}`],
    ]);
  });
  return parts;
}

function differences(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before).flatMap((part) =>
    Object.keys(before[part]!)
      .filter((property) => before[part]![property] !== after[part]?.[property])
      .map((property) => `${part} ${property}: ${before[part]![property]} → ${after[part]?.[property]}`),
  );
}

async function settled(element: HTMLElement) {
  await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished));
}

/** URL mode's body is a chunk of its own: what is compared must include it. */
async function urlBodyArrived(request: ElicitParams) {
  if (request.mode === "url") await screen.findByTestId("rme-url-domain");
}

async function dialogSnapshot(request: ElicitParams): Promise<Snapshot> {
  render(<ElicitationDialog serverName="GitHub" request={request} onResponse={vi.fn()} />, { container: host() });
  await urlBodyArrived(request);
  const dialog = document.querySelector<HTMLElement>("dialog.rme-dialog")!;
  await settled(dialog);
  // Focus rings are not part of the comparison: nothing focused.
  (document.activeElement as HTMLElement | null)?.blur();
  return snapshot(dialog);
}

async function inlineSnapshot(request: ElicitParams): Promise<Snapshot> {
  // A chat column of fixed width: the host's sheets may move the column, not what is inside it.
  const box = document.createElement("div");
  box.style.cssText = "width: 30rem; padding: 0; margin: 0; border: 0; display: block;";
  host().append(box);
  render(<ElicitationDialog serverName="GitHub" request={request} onResponse={vi.fn()} presentation="inline" />, { container: box });
  await urlBodyArrived(request);
  return snapshot(box.querySelector<HTMLElement>('.rme-dialog[data-presentation="inline"]')!);
}

async function formSnapshot(): Promise<Snapshot> {
  const box = document.createElement("div");
  box.style.cssText = "width: 30rem; padding: 0; margin: 0; border: 0; display: block;";
  host().append(box);
  render(<ElicitationForm schema={(form as { requestedSchema: unknown }).requestedSchema} onSubmit={vi.fn()} />, { container: box });
  return snapshot(box.querySelector<HTMLElement>("form.rme-form")!);
}

/** The host's mount point: the Vite template's #root, inside a chat column. */
function host(): HTMLElement {
  let root = document.getElementById("root");
  if (!root) {
    const chat = document.createElement("div");
    chat.className = "chat";
    root = document.createElement("div");
    root.id = "root";
    chat.append(root);
    document.body.append(chat);
  }
  return root;
}

function addSheets(css: string[]) {
  for (const text of css) {
    const style = document.createElement("style");
    style.dataset.hostSheet = "";
    style.textContent = text;
    document.head.append(style);
  }
}

afterEach(() => {
  cleanup();
  document.querySelectorAll("style[data-host-sheet]").forEach((style) => style.remove());
  document.querySelector(".chat")?.remove();
});

describe("the host's CSS stays out", () => {
  const cases: [string, () => Promise<Snapshot>][] = [
    ["a form dialog", () => dialogSnapshot(form)],
    ["a URL-mode dialog", () => dialogSnapshot(url)],
    ["an inline form", () => formSnapshot()],
    ["an inline card (form)", () => inlineSnapshot(form)],
    ["an inline card (URL mode)", () => inlineSnapshot(url)],
  ];

  for (const [name, take] of cases) {
    it(`${name} looks the same with the Vite template, a preflight, a reboot and .chat rules on the page`, async () => {
      await commands.emulateMedia({ reducedMotion: "reduce", colorScheme: "light" });
      // Where an earlier test's press left the pointer, a button drawn under it would be :hover in one snapshot only.
      await commands.movePointerAway();
      const bare = await take();
      cleanup();
      document.querySelector(".chat")?.remove();
      addSheets(Object.values(HOST_SHEETS));
      const styled = await take();
      expect(differences(bare, styled)).toEqual([]);
    });
  }

  for (const [sheet, css] of Object.entries(HOST_SHEETS)) {
    it(`the host sheets do change the page: ${sheet} restyles a plain heading`, () => {
      // Guards the comparison above: the sheets are live, so "no difference" means the library held.
      const probe = document.createElement("h2");
      host().append(probe);
      const before = snapshot(probe);
      addSheets([css]);
      expect(differences(before, snapshot(probe)).length).toBeGreaterThan(0);
    });
  }
});
