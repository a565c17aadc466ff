import type { Meta, StoryObj } from "@storybook/react-vite";
import { Fragment, useState, type CSSProperties } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { ElicitationAttention } from "../src/host/ElicitationAttention";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";
import { githubUsernameTitled } from "../test/fixtures/seedRequests";

/**
 * A person scrolled away from the question: a long thread in its own scroll area, the inline card
 * after message 40 of 60, and `ElicitationAttention.Chip` placed between the thread and the chat
 * input. Scroll the thread: "Question from GitHub ↓" (or ↑) appears at its edge while the card is
 * out of view, and brings it back into view when pressed.
 */
function LongThread() {
  const [queue] = useState(() => {
    const created = createElicitationQueue();
    void created.request({ serverName: "GitHub", params: githubUsernameTitled }).catch(() => {});
    return created;
  });
  return (
    <div style={page.app}>
      <ol style={page.thread} aria-label="Conversation" data-testid="thread">
        {Array.from({ length: 60 }, (_, n) => (
          <Fragment key={n}>
            <li style={n % 2 ? page.assistant : page.user}>
              {n % 2 ? `Message ${n + 1}: the deployment is on its way.` : `Message ${n + 1}: deploy the app to staging, please.`}
            </li>
            {n === 39 ? (
              <li>
                <ElicitationOutlet queue={queue} presentation="inline" />
              </li>
            ) : null}
          </Fragment>
        ))}
      </ol>
      <ElicitationAttention.Chip queue={queue} />
      <label style={page.composer}>
        Message
        <input style={page.input} />
      </label>
    </div>
  );
}

const page: Record<string, CSSProperties> = {
  app: { display: "flex", flexDirection: "column", gap: "0.5rem", height: "100vh", boxSizing: "border-box", maxWidth: "44rem", margin: "0 auto", padding: "0.75rem", fontFamily: "system-ui, sans-serif" },
  thread: { flex: 1, overflowY: "auto", listStyle: "none", margin: 0, padding: "0 0.25rem", display: "grid", gap: "0.5rem", alignContent: "start" },
  assistant: { justifySelf: "start", maxWidth: "85%", padding: "0.5rem 0.75rem", borderRadius: 14, border: "1px solid color-mix(in oklab, currentColor 18%, transparent)" },
  user: { justifySelf: "end", maxWidth: "85%", padding: "0.5rem 0.75rem", borderRadius: 14, background: "color-mix(in oklab, #2456d3 16%, transparent)" },
  composer: { display: "grid", gap: "0.25rem" },
  input: { font: "inherit", padding: "0.5rem" },
};

const meta = {
  title: "Attention",
  component: LongThread,
  parameters: { layout: "fullscreen", docs: { story: { inline: false, height: "40rem" } } },
} satisfies Meta<typeof LongThread>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The thread scrolled to its top: the chip points down to the card, at the thread's bottom edge. */
export const ChipPointsToTheCard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("region", { name: /GitHub/ });
    canvas.getByTestId("thread").scrollTop = 0;
    await expect(await canvas.findByRole("button", { name: "Question from GitHub ↓" })).toBeVisible();
  },
};

export const ChipPointsToTheCardDark: Story = { ...ChipPointsToTheCard, globals: { theme: "dark" } };

/** Pressing the chip scrolls the card into view, moves no focus into it, and the chip goes. */
export const ChipBringsTheCardIntoView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("region", { name: /GitHub/ });
    canvas.getByTestId("thread").scrollTop = 0;
    await userEvent.click(await canvas.findByRole("button", { name: "Question from GitHub ↓" }));
    await waitFor(() => expect(canvas.queryByRole("button", { name: /Question from GitHub/ })).toBeNull(), { timeout: 5_000 });
    await expect(canvasElement.ownerDocument.activeElement?.closest("[data-presentation]") ?? null).toBeNull();
  },
};
