import type { Meta, StoryObj } from "@storybook/react-vite";
import { useEffect, useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams, ElicitResult } from "../src/core/types";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";

const deploy: ElicitFormParams = {
  message: "Which environment should the release go to?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"], default: "staging" },
      notes: { type: "string", title: "Release notes", maxLength: 200 },
      notify: { type: "boolean", title: "Notify subscribers", default: true },
    },
    required: ["environment"],
  },
};

/** A chat thread with the outlet as its latest message and the chat input below. */
function ChatThread({ presentation }: { presentation: "inline" | "dialog" }) {
  const [queue] = useState(() => createElicitationQueue());
  const [answers, setAnswers] = useState<ElicitResult[]>([]);
  useEffect(() => {
    void queue.request({ serverName: "GitHub", params: deploy }).then((answer) => setAnswers((all) => [...all, answer]));
  }, [queue]);
  return (
    <div style={{ maxWidth: "36rem", display: "flex", flexDirection: "column", gap: "0.75rem" }}>
      <ol aria-label="Conversation" style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "0.75rem" }}>
        <li>You: ship the release, please.</li>
        <li>Assistant: calling the release tool…</li>
        <li>
          <ElicitationOutlet queue={queue} presentation={presentation} />
        </li>
        {answers.map((answer, index) => (
          <li key={index} data-testid="answer">
            Tool received: {answer.action}
          </li>
        ))}
      </ol>
      <label style={{ display: "flex", flexDirection: "column", gap: "0.25rem" }}>
        Message
        <input style={{ font: "inherit", padding: "0.5rem" }} />
      </label>
    </div>
  );
}

/**
 * `<ElicitationOutlet presentation="inline" />`: the request as a card in the thread, where the
 * outlet is placed. It takes no focus (typing in the chat input continues there), announces
 * itself politely, and keeps every protection of the dialog.
 */
const meta = {
  title: "Host/Inline card",
  component: ChatThread,
  args: { presentation: "inline" },
} satisfies Meta<typeof ChatThread>;

export default meta;
type Story = StoryObj<typeof meta>;

const answerInline: Story["play"] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  const card = await canvas.findByRole("region", { name: /GitHub is asking for information/ });
  await expect(card).toHaveAttribute("data-presentation", "inline");
  // Nothing took the focus from the page.
  await expect(card.contains(canvasElement.ownerDocument.activeElement)).toBe(false);
  await userEvent.type(within(card).getByRole("textbox", { name: /Release notes/ }), "Fixes the login bug.");
  await userEvent.click(within(card).getByRole("button", { name: "Submit" }));
  await waitFor(() => expect(canvas.getByTestId("answer")).toHaveTextContent("accept"));
};

export const Light: Story = { globals: { theme: "light" }, play: answerInline };

export const Dark: Story = { globals: { theme: "dark" }, play: answerInline };
