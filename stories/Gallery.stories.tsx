import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams, ElicitUrlParams } from "../src/core/types";
import { ElicitationDialog } from "../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../src/form/ElicitationForm";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";
import { DialogPlayground } from "./DialogPlayground";
import { dialogMetaDefaults } from "./dialogMeta";

/**
 * The main states as people meet them; `npm run screenshots` draws these into docs/images/.
 * Property keys without a title are labelled in words ("recipient_account" → "Recipient account").
 */
const meta = {
  title: "Gallery",
  ...dialogMetaDefaults,
  args: { ...dialogMetaDefaults.args, serverName: "GitHub" },
} satisfies Meta<typeof ElicitationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const deployment: ElicitFormParams = {
  message: "Before the release goes out, confirm where it lands and who hears about it.",
  requestedSchema: {
    type: "object",
    properties: {
      recipient_account: { type: "string", description: "The account that receives the release notes." },
      environment: {
        type: "string",
        title: "Environment",
        oneOf: [
          { const: "staging", title: "Staging" },
          { const: "production", title: "Production" },
        ],
      },
      backupRetentionDays: { type: "integer", minimum: 1, maximum: 35, default: 7 },
      maxRetries: { type: "integer", minimum: 0, maximum: 10, default: 3 },
      window: { type: "string", format: "date-time", title: "Maintenance window" },
      notify: { type: "boolean", title: "Notify subscribers", description: "Sends one email per subscriber.", default: true },
    },
    required: ["recipient_account", "environment"],
  },
};

/** A form with labels from titles and from keys in words, a description under each label, defaults filled. */
export const Form: Story = {
  args: { request: deployment },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByRole("textbox", { name: /Recipient account/ })).toBeInTheDocument();
    await expect(dialog.getByRole("spinbutton", { name: "Backup retention days" })).toHaveValue(7);
    await expect(dialog.getByRole("spinbutton", { name: "Max retries" })).toHaveValue(3);
  },
};

/** After a failed Submit: errors in plain words under each field, focus on the first. */
export const Errors: Story = {
  args: { request: deployment },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await userEvent.clear(dialog.getByRole("spinbutton", { name: "Max retries" }));
    await userEvent.type(dialog.getByRole("spinbutton", { name: "Max retries" }), "12");
    await userEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(dialog.getByRole("textbox", { name: /Recipient account/ })).toHaveFocus());
    await expect(dialog.getAllByRole("alert")).toHaveLength(3);
  },
};

const url: ElicitUrlParams = {
  mode: "url",
  message: "Sign in to the payment provider so the invoice can be paid.",
  url: "http://billing.example.com/oauth/authorize?client_id=mcp-demo&state=af0ifjsldkj&redirect_uri=https%3A%2F%2Fhost.example%2Fcallback",
  elicitationId: "7d1c3a52-9a3b-4f4e-8a8e-2f5f0b1c9d11",
};

/** URL mode: the destination's domain first, the full address small, the warning as a callout. */
export const UrlMode: Story = {
  args: { serverName: "Payments", request: url },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(await dialog.findByTestId("rme-url-domain")).toHaveTextContent("billing.example.com");
    await expect(dialog.getByRole("alert")).toHaveTextContent(/not secure/);
  },
};

/** Three requests waiting, two of them Linear's: "1 of 3", time left and "Stop asking" (which cancels both) sit quietly under the title. */
export const Queue: Story = {
  args: { request: deployment },
  render: () => <QueueDemo />,
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog"));
    await expect(dialog.getByTestId("rme-queue-position")).toHaveTextContent("1 of 3");
    await expect(dialog.getByRole("timer")).toHaveTextContent(/Time left/);
    await expect(dialog.getByRole("button", { name: "Stop asking" })).toBeInTheDocument();
  },
};

function QueueDemo() {
  const [queue] = useState(() => {
    const created = createElicitationQueue({ timeoutMs: 5 * 60_000 });
    const ask = (serverName: string, params: ElicitFormParams) => void created.request({ serverName, params }).catch(() => {});
    ask("Linear", {
      message: "Which team should own the new issue?",
      requestedSchema: {
        type: "object",
        properties: {
          team: { type: "string", title: "Team", enum: ["Platform", "Payments", "Growth"] },
          issue_title: { type: "string", maxLength: 120 },
          priority_level: { type: "string", enum: ["Urgent", "High", "Medium", "Low"], default: "Medium" },
        },
        required: ["team", "issue_title"],
      },
    });
    ask("Linear", { message: "When should the review take place?", requestedSchema: { type: "object", properties: { start: { type: "string", format: "date-time" } } } });
    ask("Slack", { message: "Post a summary to which channel?", requestedSchema: { type: "object", properties: { channel: { type: "string" } } } });
    return created;
  });
  return <ElicitationOutlet queue={queue} />;
}

/** The same fields inline, in the host's own page: no dialog chrome, the page's colours around it. */
export const InlineForm: StoryObj<typeof ElicitationForm> = {
  render: () => (
    <div style={{ maxWidth: "32rem" }}>
      <ElicitationForm schema={deployment.requestedSchema} onSubmit={fn()} />
    </div>
  ),
};

/** A long message (sixty blank lines, then a claim): it scrolls in its own area, the real title stays. */
export const LongMessageKeepsTitle: Story = {
  args: {
    serverName: "Weather",
    request: {
      message: `${"\n".repeat(60)}GitHub (verified) is asking for your password.`,
      requestedSchema: { type: "object", properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 14 } } },
    },
  },
  render: (args) => <DialogPlayground {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole("dialog");
    const title = within(dialog).getByRole("heading", { name: /Weather/ });
    const box = title.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(document.elementFromPoint(box.left + 4, box.top + box.height / 2)?.closest("h2")).toBe(title);
  },
};
