import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { useEffect, useState } from "react";
import { ElicitationDialog, type ElicitationDialogProps } from "../src/dialog/ElicitationDialog";
import { contactInfo } from "../test/fixtures/seedRequests";
import { dialogMetaDefaults } from "./dialogMeta";

/** Each way out of the dialog, played: fill and submit, fix errors, decline, cancel, Escape, outside, keyboard. */
const meta = {
  title: "Dialog/Interactions",
  ...dialogMetaDefaults,
  args: { ...dialogMetaDefaults.args, serverName: "Contacts", request: contactInfo },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (canvasElement: HTMLElement) => within(within(canvasElement.ownerDocument.body).getByRole("dialog"));

export const FillAndSubmit: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement);
    await userEvent.type(dialog.getByRole("textbox", { name: /Name/ }), "Ada Lovelace");
    await userEvent.type(dialog.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await userEvent.type(dialog.getByRole("spinbutton", { name: /Age/ }), "36");
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({
      action: "accept",
      content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 },
    }));
    await expect(within(canvasElement).getByTestId("elicit-result")).toHaveTextContent('"action": "accept"');
  },
};

export const SubmitSeeErrorsThenFix: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement);
    await userEvent.type(dialog.getByRole("textbox", { name: /Email/ }), "ada@");
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    const name = dialog.getByRole("textbox", { name: /Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    await expect(name).toHaveAccessibleDescription(/Your full name.*This field is required/);
    await expect(dialog.getByRole("textbox", { name: /Email/ })).toHaveAccessibleDescription(/Enter a valid email address/);
    await expect(args.onResponse).not.toHaveBeenCalled();
    await userEvent.type(name, "Ada");
    await userEvent.type(dialog.getByRole("textbox", { name: /Email/ }), "example.com");
    // Errors clear as the person fixes them.
    await waitFor(() => expect(dialog.queryAllByRole("alert")).toHaveLength(0));
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
  },
};

export const Decline: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialogOf(canvasElement).getByRole("button", { name: "Decline" }));
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "decline" });
    await expect(args.onResponse).toHaveBeenCalledTimes(1);
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(dialogOf(canvasElement).getByRole("button", { name: "Cancel" }));
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "cancel" });
  },
};

export const EscapeCancels: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement);
    await userEvent.type(dialog.getByRole("textbox", { name: /Name/ }), "Half typed");
    await userEvent.keyboard("{Escape}");
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "cancel" });
    await expect(within(canvasElement.ownerDocument.body).queryByRole("dialog")).toBeNull();
  },
};

export const PointerDownOutsideCancels: Story = {
  play: async ({ canvasElement, args }) => {
    // The <dialog> box itself (not its surface) is what the backdrop hands pointer events to.
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    await userEvent.pointer({ keys: "[MouseLeft>]", target: dialog });
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "cancel" });
  },
};

/** Keyboard alone: type, Tab between fields, Enter submits. */
export const KeyboardOnly: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement);
    // Focus opens on the dialog itself; Tab enters the first field.
    await userEvent.tab();
    await waitFor(() => expect(dialog.getByRole("textbox", { name: /Name/ })).toHaveFocus());
    await userEvent.keyboard("Grace Hopper");
    await userEvent.tab();
    await expect(dialog.getByRole("textbox", { name: /Email/ })).toHaveFocus();
    await userEvent.keyboard("grace@example.com");
    await userEvent.tab();
    await userEvent.keyboard("85{Enter}");
    await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({
      action: "accept",
      content: { name: "Grace Hopper", email: "grace@example.com", age: 85 },
    }));
  },
};

/** Withdrawn by the server (`signal` aborts after two seconds): the dialog closes and nothing is answered. */
export const WithdrawnByServer: Story = {
  render: (args) => <WithdrawAfter {...args} ms={2000} />,
  play: async ({ canvasElement, args }) => {
    await expect(within(canvasElement.ownerDocument.body).getByRole("dialog")).toBeInTheDocument();
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole("dialog")).toBeNull(), { timeout: 5000 });
    await expect(args.onResponse).not.toHaveBeenCalled();
  },
};

function WithdrawAfter({ ms, ...props }: ElicitationDialogProps & { ms: number }) {
  const [controller] = useState(() => new AbortController());
  useEffect(() => {
    const timer = setTimeout(() => controller.abort(), ms);
    return () => clearTimeout(timer);
  }, [controller, ms]);
  return <ElicitationDialog {...props} signal={controller.signal} />;
}
