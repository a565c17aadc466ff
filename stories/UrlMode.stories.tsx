import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, spyOn, userEvent, within } from "storybook/test";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { dialogMetaDefaults } from "./dialogMeta";

/**
 * URL mode (`mode: "url"`): the full address with its real domain set apart, warnings, and
 * consent. Nothing is fetched or opened until the person chooses to open it.
 */
const meta = {
  title: "Dialog/URL mode",
  ...dialogMetaDefaults,
  args: { ...dialogMetaDefaults.args, serverName: "Payments" },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const url = (address: string, message = "Authorize the payment provider to continue.") => ({
  mode: "url" as const,
  message,
  url: address,
  elicitationId: "550e8400-e29b-41d4-a716-446655440000",
});

/** A plain https link: the domain, the whole address, and Open as the consent. */
export const SecureLink: Story = {
  args: { request: url("https://pay.example.com/authorize?session=abc123&return=%2Fdone") },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(await dialog.findByTestId("rme-url-domain")).toHaveTextContent("pay.example.com");
    // Opening is the consent; the stub keeps the test from opening a window.
    const open = spyOn(window, "open").mockImplementation(() => null);
    await userEvent.click(await dialog.findByRole("button", { name: /Open example\.com/ }));
    await expect(open).toHaveBeenCalledWith(expect.stringContaining("https://pay.example.com/authorize"), "_blank", "noopener,noreferrer");
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "accept" });
    open.mockRestore();
  },
};

/** Not https: a warning, announced. */
export const InsecureLink: Story = {
  args: { request: url("http://pay.example.com/authorize") },
  play: async ({ canvasElement }) => {
    await expect(await within(within(canvasElement.ownerDocument.body).getByRole("dialog")).findByRole("alert")).toHaveTextContent(/not secure/);
  },
};

/** A punycode domain is shown as it would be drawn, with a warning. */
export const InternationalDomain: Story = {
  args: { request: url("https://xn--pypal-4ve.com/login") },
};

/** "user@host" links: the part before @ is not the site. */
export const CredentialsInLink: Story = {
  args: { request: url("https://pay.example.com@evil.example.net/authorize") },
  play: async ({ canvasElement }) => {
    await expect(await within(within(canvasElement.ownerDocument.body).getByRole("dialog")).findByTestId("rme-url-domain")).toHaveTextContent("evil.example.net");
  },
};

/** Not a web address (`javascript:`): refused as an invalid request (-32602); Close answers cancel. */
export const UnsafeScheme: Story = {
  args: { request: url("javascript:alert(1)") },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.queryByRole("button", { name: /Open/ })).toBeNull();
    await expect(dialog.getByRole("alert")).toHaveTextContent(/must use https: or http:/);
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await expect(args.onResponse).toHaveBeenCalledWith({ action: "cancel" });
  },
};

/** The server reported the step complete: only Close. */
export const StepDone: Story = {
  args: { request: url("https://pay.example.com/authorize"), urlStepDone: true },
};
