import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState, type CSSProperties } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams } from "../src/core/types";
import type { ElicitationLayout } from "../src/form/useElicitationLayout";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";

/**
 * A question in a chat host, as people meet it: a thread, a tool call, and the server's question
 * drawn by the outlet in each presentation and layout. The page around it is the host's.
 */
interface ChatThreadProps {
  presentation: "dialog" | "inline";
  layout: ElicitationLayout;
}

const meta = {
  title: "Chat thread",
  component: ChatThread,
  parameters: { layout: "fullscreen", docs: { story: { inline: false, height: "44rem" } } },
} satisfies Meta<typeof ChatThread>;

export default meta;
type Story = StoryObj<typeof meta>;

const trip: ElicitFormParams = {
  message: "To book the table I need a few details.",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name on the booking", maxLength: 20 },
      guests: { type: "integer", title: "Guests", minimum: 1, maximum: 8, default: 2 },
      time: {
        type: "string",
        title: "Time",
        oneOf: [
          { const: "19:00", title: "19:00" },
          { const: "20:30", title: "20:30" },
        ],
      },
      terrace: { type: "boolean", title: "Terrace if the weather allows", default: true },
      note: { type: "string", title: "Note for the restaurant", maxLength: 200 },
    },
    required: ["name", "time"],
  },
};

const page: Record<string, CSSProperties> = {
  app: { display: "grid", gap: "0.75rem", maxWidth: "44rem", margin: "0 auto", padding: "1.25rem 1rem 6rem", fontFamily: "system-ui, sans-serif" },
  thread: { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.75rem" },
  assistant: { justifySelf: "start", maxWidth: "85%", padding: "0.625rem 0.875rem", borderRadius: 14, border: "1px solid color-mix(in oklab, currentColor 18%, transparent)" },
  user: { justifySelf: "end", maxWidth: "85%", padding: "0.625rem 0.875rem", borderRadius: 14, background: "color-mix(in oklab, #2456d3 16%, transparent)" },
  tool: { padding: "0.5rem 0.875rem", borderRadius: 10, border: "1px dashed color-mix(in oklab, currentColor 30%, transparent)", fontSize: "0.875rem" },
};

/** The host's chat page with the outlet where the conversation continues. */
function ChatThread({ presentation, layout }: ChatThreadProps) {
  const [queue] = useState(() => {
    const created = createElicitationQueue({ timeoutMs: 5 * 60_000 });
    void created.request({ serverName: "Bistro", params: trip }).catch(() => {});
    return created;
  });
  return (
    <div style={page.app}>
      <ol style={page.thread} aria-label="Conversation">
        <li style={page.user}>Book us a table at Bistro tonight.</li>
        <li style={page.assistant}>Sure — I'll ask Bistro for a table.</li>
        <li style={page.tool}>
          Tool call <code>book_table</code> · Bistro
        </li>
      </ol>
      <ElicitationOutlet queue={queue} layout={layout} presentation={presentation} />
    </div>
  );
}

const questionIn = async (canvasElement: HTMLElement) => within(await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: /Bistro/ }));

/** Every field at once, in a dialog over the thread; bounds are said beside the fields before typing. */
export const DialogForm: Story = {
  args: { presentation: "dialog", layout: "form" },
  play: async ({ canvasElement }) => {
    const dialog = await questionIn(canvasElement);
    await expect(dialog.getByRole("textbox", { name: /Name on the booking/ })).toHaveAccessibleDescription("At most 20 characters");
    await expect(dialog.getByRole("spinbutton", { name: "Guests" })).toHaveAccessibleDescription("A whole number from 1 to 8");
  },
};

export const DialogFormDark: Story = { ...DialogForm, globals: { theme: "dark" } };

/** One question at a time in a dialog: "1 of 5", Back and Next, Cancel and Decline on every step. */
export const DialogSteps: Story = {
  args: { presentation: "dialog", layout: "steps" },
  play: async ({ canvasElement }) => {
    const dialog = await questionIn(canvasElement);
    // The steps load on demand: the first story of a run may wait for their chunk.
    await waitFor(() => expect(dialog.getByTestId("rme-step-progress")).toHaveTextContent("1 of 5"), { timeout: 10_000 });
    await expect(dialog.getByRole("button", { name: "Next" })).toBeInTheDocument();
    await expect(dialog.getByRole("button", { name: "Decline" })).toBeInTheDocument();
  },
};

export const DialogStepsDark: Story = { ...DialogSteps, globals: { theme: "dark" } };

/** The last step: every answer listed for review, each with a way back to its question, then Submit. */
export const DialogStepsReview: Story = {
  args: { presentation: "dialog", layout: "steps" },
  play: async ({ canvasElement }) => {
    const dialog = await questionIn(canvasElement);
    await userEvent.type(await dialog.findByRole("textbox", { name: /Name on the booking/ }, { timeout: 10_000 }), "Ada{Enter}");
    await userEvent.click(await dialog.findByRole("button", { name: "Next" }));
    await userEvent.click(await dialog.findByRole("radio", { name: "20:30" }));
    await userEvent.click(dialog.getByRole("button", { name: "Next" }));
    await userEvent.click(await dialog.findByRole("button", { name: "Next" }));
    await userEvent.click(await dialog.findByRole("button", { name: "Next" }));
    await expect(await dialog.findByRole("heading", { name: "Check your answers" })).toBeInTheDocument();
  },
};

const cardIn = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole("region", { name: /Bistro/ }));

/** Every field at once, as a card in the thread where the conversation is; focus stays where it was. */
export const InlineForm: Story = {
  args: { presentation: "inline", layout: "form" },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement);
    await expect(card.getByRole("textbox", { name: /Name on the booking/ })).toHaveAccessibleDescription("At most 20 characters");
    await expect(card.getByRole("button", { name: "Submit" })).toBeInTheDocument();
    await expect(canvasElement.ownerDocument.activeElement?.closest("[data-presentation]")).toBeNull();
  },
};

export const InlineFormDark: Story = { ...InlineForm, globals: { theme: "dark" } };

/** One question at a time in the thread's card: progress, Back and Next, Cancel and Decline on every step. */
export const InlineSteps: Story = {
  args: { presentation: "inline", layout: "steps" },
  play: async ({ canvasElement }) => {
    const card = await cardIn(canvasElement);
    await waitFor(() => expect(card.getByTestId("rme-step-progress")).toHaveTextContent("1 of 5"), { timeout: 10_000 });
    await expect(card.getByRole("button", { name: "Next" })).toBeInTheDocument();
    await expect(card.getByRole("button", { name: "Decline" })).toBeInTheDocument();
  },
};

export const InlineStepsDark: Story = { ...InlineSteps, globals: { theme: "dark" } };
