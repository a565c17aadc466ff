import type { Meta, StoryObj } from "@storybook/react-vite";
import { memo } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { BooleanFieldDescriptor } from "../src/core/types";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import type { FieldComponentProps } from "../src/fields/FieldComponentProps";
import { FieldShell } from "../src/fields/FieldShell";
import { useElicitationField } from "../src/fields/useElicitationField";
import { developmentConfiguration, projectSetupWizard } from "../test/fixtures/seedRequests";
import { DialogPlayground } from "./DialogPlayground";
import { dialogMetaDefaults } from "./dialogMeta";
import "./shadcn-example.css";
import "./theme-example.css";

/** Dark theme, a host theme through custom properties alone, and a custom field renderer. */
const meta = {
  title: "Dialog/Theming",
  ...dialogMetaDefaults,
  args: { ...dialogMetaDefaults.args, serverName: "Dev Tools", request: developmentConfiguration },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `data-theme="dark"` on any ancestor (or the OS setting, through prefers-color-scheme). */
export const Dark: Story = {
  globals: { theme: "dark" },
  args: { request: projectSetupWizard },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(getComputedStyle(dialog).backgroundColor).toBe("rgb(22, 23, 27)");
  },
};

/** Dark, after a failed submit: error text keeps its contrast on the dark surface. */
export const DarkWithErrors: Story = {
  globals: { theme: "dark" },
  args: { request: projectSetupWizard },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await expect((await dialog.findAllByRole("alert")).length).toBeGreaterThan(0);
  },
};

/** stories/theme-example.css sets only `--rme-*` variables on `className="acme-theme"`. */
export const CustomTheme: Story = {
  args: { className: "acme-theme" },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await expect(getComputedStyle(dialog).backgroundColor).toBe("rgb(253, 248, 240)");
    await expect(getComputedStyle(dialog).borderRadius).toBe("0px");
    // The fields inside take the theme too: the form does not reset the dialog's variables.
    await expect(getComputedStyle(within(dialog).getByText("Preferred Editor")).color).toBe("rgb(43, 29, 14)");
  },
};

/** A switch for boolean fields: same label, description, error and ARIA wiring through FieldShell. */
const SwitchField = memo(function SwitchField(props: FieldComponentProps<BooleanFieldDescriptor>) {
  const state = useElicitationField(props);
  const { controller, ids, ariaProps } = state;
  const on = controller.value === true;
  return (
    <FieldShell field={props.field} state={state} messages={props.messages} labelAfter>
      <input
        id={ids.inputId}
        type="checkbox"
        role="switch"
        className="story-switch"
        checked={on}
        onChange={(event) => controller.onChange(event.target.checked)}
        onBlur={controller.onBlur}
        ref={controller.ref}
        {...ariaProps}
      />
    </FieldShell>
  );
});

/** `fieldComponents={{ boolean: SwitchField }}`: one kind replaced, every other kind as usual. */
export const CustomFieldRenderer: Story = {
  args: { fieldComponents: { boolean: SwitchField } },
  render: (args) => (
    <>
      <style>{`
        .story-switch { appearance: none; inline-size: 2.75rem; block-size: 1.5rem; margin: 0; border-radius: 1rem;
          border: 2px solid var(--rme-border); background: var(--rme-input-bg); position: relative; cursor: pointer; }
        .story-switch::after { content: ""; position: absolute; inset-block: 2px; inset-inline-start: 2px; inline-size: 1rem;
          border-radius: 50%; background: var(--rme-muted); transition: inset-inline-start var(--rme-duration); }
        .story-switch:checked { background: var(--rme-accent); border-color: var(--rme-accent); }
        .story-switch:checked::after { inset-inline-start: calc(100% - 1rem - 2px); background: var(--rme-accent-fg); }
      `}</style>
      <DialogPlayground {...args} />
    </>
  ),
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    const hotReload = dialog.getByRole("switch", { name: "Enable Hot Reload" });
    await expect(hotReload).toBeChecked();
    await userEvent.click(hotReload);
    await userEvent.click(dialog.getByRole("radio", { name: "Vim" }));
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(args.onResponse).toHaveBeenCalledWith({ action: "accept", content: expect.objectContaining({ editor: "vim", enableHotReload: false }) }),
    );
  },
};

/** A colour as the screen draws it (r, g, b), whatever syntax the browser reports it in. */
function drawn(colour: string): number[] {
  const context = document.createElement("canvas").getContext("2d")!;
  context.fillStyle = colour;
  context.fillRect(0, 0, 1, 1);
  return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
}

/** The dialog's primary button as drawn. */
function submitColour(): number[] {
  const dialog = document.querySelector<HTMLElement>("dialog.rme-dialog")!;
  return drawn(getComputedStyle(within(dialog).getByRole("button", { name: "Submit" })).backgroundColor);
}

/** What the page's own `--primary` token draws as, read the way the page would use it. */
function pagePrimary(use: string): number[] {
  const probe = document.createElement("span");
  probe.style.color = use;
  document.body.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return drawn(colour);
}

function expectClose(actual: number[], expected: number[]) {
  expect(actual.every((channel, i) => Math.abs(channel - expected[i]!) <= 2), `${actual} ≈ ${expected}`).toBe(true);
}

/**
 * A page with shadcn/ui tokens of the Tailwind v4 generation (full colours): the dialog takes them
 * with no configuration — surface, text, primary, borders, ring, radius (stories/shadcn-example.css).
 */
export const ShadcnTailwindV4: Story = {
  args: { request: projectSetupWizard },
  render: (args) => (
    <div className="shadcn-v4">
      <DialogPlayground {...args} />
    </div>
  ),
  play: async () => {
    expectClose(submitColour(), pagePrimary("var(--primary)"));
    await expect(getComputedStyle(document.querySelector("dialog.rme-dialog")!).borderTopLeftRadius).toBe("12px");
  },
};

/**
 * The Tailwind v3 generation (bare HSL triplets, `hsl(var(--primary))`), opted in with
 * `className="rme-tokens-hsl"` on the dialog (or `data-rme-tokens="hsl"` on the page).
 */
export const ShadcnTailwindV3: Story = {
  args: { request: projectSetupWizard, className: "rme-tokens-hsl" },
  render: (args) => (
    <div className="shadcn-v3">
      <DialogPlayground {...args} />
    </div>
  ),
  play: async () => {
    expectClose(submitColour(), pagePrimary("hsl(var(--primary))"));
  },
};

/**
 * The same v3 triplets without opting in: not colours, so nothing is adopted and the dialog keeps
 * its own palette — never the lost colours of `var(--primary, fallback)`.
 */
export const ShadcnTailwindV3WithoutOptIn: Story = {
  args: { request: projectSetupWizard },
  render: (args) => (
    <div className="shadcn-v3">
      <DialogPlayground {...args} />
    </div>
  ),
  play: async ({ globals }) => {
    expectClose(submitColour(), globals.theme === "dark" ? [122, 167, 255] : [36, 86, 211]);
  },
};
