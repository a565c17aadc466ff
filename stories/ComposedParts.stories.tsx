import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams, ElicitResult } from "../src/core/types";
import { ElicitationDialogParts as Parts } from "../src/host/ElicitationDialogParts";

const contact: ElicitFormParams = {
  message: "The CRM needs a contact for this account.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name" },
      email: { type: "string", format: "email", title: "Email" },
    },
    required: ["name", "email"],
  },
};

/**
 * A host's own card, arranged from the parts `ElicitationDialog` is made of: the message first,
 * the header under it with the host's status line, the form with the host's two buttons, no ×.
 * `Parts.useAnswer` keeps every protection: one answer, withdrawal, the sensitive-field policy.
 */
function HostCard({ onResponse }: { onResponse: (result: ElicitResult) => void }) {
  const [result, setResult] = useState<ElicitResult>();
  const answer = Parts.useAnswer({
    serverName: "Acme CRM",
    request: contact,
    onResponse: (value) => {
      setResult(value);
      onResponse(value);
    },
  });
  if (result) return <p data-testid="result">Answered: {result.action}</p>;
  return (
    <div style={{ maxWidth: "30rem" }}>
      <Parts.Root answer={answer} presentation="inline">
        <Parts.Message />
        <Parts.Header status={<span>Asked while you were in Settings</span>} />
        <Parts.Body
          actions={
            <div className="rme-actions">
              <button type="button" className="rme-button rme-button--quiet" onClick={answer.decline}>
                Not this time
              </button>
              <button type="submit" className="rme-button rme-button--primary">
                Share contact
              </button>
            </div>
          }
        />
      </Parts.Root>
    </div>
  );
}

const meta = {
  title: "Host/Composed parts",
  component: HostCard,
  args: { onResponse: fn() },
} satisfies Meta<typeof HostCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const fillAndShare: Story["play"] = async ({ canvasElement, args }) => {
  const canvas = within(canvasElement);
  const card = await canvas.findByRole("region", { name: /Acme CRM is asking for information/ });
  await userEvent.type(within(card).getByRole("textbox", { name: /Name/ }), "Ada Lovelace");
  await userEvent.type(within(card).getByRole("textbox", { name: /Email/ }), "ada@example.com");
  await userEvent.click(within(card).getByRole("button", { name: "Share contact" }));
  await waitFor(() => expect(args.onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com" } }));
};

export const Light: Story = { globals: { theme: "light" }, play: fillAndShare };

export const Dark: Story = { globals: { theme: "dark" }, play: fillAndShare };
