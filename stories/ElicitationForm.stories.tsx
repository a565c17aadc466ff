import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ElicitationForm } from "../src/form/ElicitationForm";
import { contactInfo, developmentConfiguration, projectSetupWizard } from "../test/fixtures/seedRequests";

/** The same fields inline, for hosts that draw their own chrome. */
const meta = {
  title: "Form/ElicitationForm",
  component: ElicitationForm,
  args: { onSubmit: fn() },
  argTypes: {
    schema: { control: "object" },
    content: { control: "object" },
    readOnly: { control: "boolean" },
    locale: { control: "text" },
    dir: { control: "inline-radio", options: ["ltr", "rtl", "auto"] },
    fieldComponents: { control: false },
    controller: { control: false },
  },
} satisfies Meta<typeof ElicitationForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = { args: { schema: developmentConfiguration.requestedSchema } };
export const InlineWizard: Story = { args: { schema: projectSetupWizard.requestedSchema } };

/** `readOnly` with `content`: a preview of an answer (e.g. before the host sends it); edits are ignored, no Submit. */
export const ReadOnlyPreview: Story = {
  args: {
    schema: developmentConfiguration.requestedSchema,
    content: { editor: "vim", port: 8080, enableHotReload: false },
    readOnly: true,
  },
  play: async ({ canvasElement, args }) => {
    const form = within(canvasElement);
    const port = form.getByRole("spinbutton", { name: /Development Port/ });
    await expect(port).toHaveAttribute("readonly");
    await userEvent.type(port, "1");
    await expect(port).toHaveValue(8080);
    await userEvent.click(form.getByRole("radio", { name: "Emacs" }));
    await expect(form.getByRole("radio", { name: "Vim" })).toBeChecked();
    await expect(form.queryByRole("button", { name: "Submit" })).toBeNull();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Inline, after a failed submit: the same errors, announcements and focus as in the dialog. */
export const InlineErrors: Story = {
  args: { schema: contactInfo.requestedSchema },
  play: async ({ canvasElement, args }) => {
    const form = within(canvasElement);
    await userEvent.click(form.getByRole("button", { name: "Submit" }));
    await expect(await form.findAllByRole("alert")).toHaveLength(2);
    await expect(form.getByRole("textbox", { name: /Name/ })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Inline on a dark page. */
export const InlineDark: Story = { globals: { theme: "dark" }, args: { schema: projectSetupWizard.requestedSchema } };
