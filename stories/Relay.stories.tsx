import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { ElicitFormParams } from "../src/core/types";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { useElicitationRelay } from "../src/host/useElicitationRelay";

const release: ElicitFormParams = {
  message: "Which environment should the release go to?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"], default: "staging" },
      notes: { type: "string", title: "Release notes", maxLength: 200 },
    },
    required: ["environment"],
  },
};

/** One reply of the relay to a POST of an answer; the last one repeats. */
interface Reply {
  status: number;
  body: Record<string, unknown>;
  /** How long the relay takes to answer. */
  delayMs?: number;
}

/**
 * A relay speaking the wire in the page, for browsing: its stream carries one request (then `ready`) and
 * stays open; each POST of an answer gets the next of `replies`. `taken` hears every answer it took (200).
 */
function storyRelay(replies: readonly Reply[], taken: (answer: unknown) => void): typeof fetch {
  let posts = 0;
  const encoder = new TextEncoder();
  return async (_input, init) => {
    if (init?.method === "POST") {
      const reply = replies[Math.min(posts++, replies.length - 1)]!;
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs ?? 300));
      if (reply.status === 200) taken(JSON.parse(String(await new Response(init.body).text())).result);
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
    }
    const request = { id: "c3RvcnktcmVsZWFzZQ", serverName: "GitHub", params: release, receivedAt: Date.now() };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`event: request\nid: 1\ndata: ${JSON.stringify(request)}\n\nevent: ready\ndata: ${JSON.stringify({ open: [request.id] })}\n\n`));
        init?.signal?.addEventListener("abort", () => controller.error(new DOMException("closed", "AbortError")), { once: true });
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
}

/** The card of a request carried by a relay (`useElicitationRelay`), and what the relay took. */
function RelayedCard({ replies, locale }: { replies: readonly Reply[]; locale?: string }) {
  const [queue] = useState(() => createElicitationQueue());
  const [taken, setTaken] = useState<unknown[]>([]);
  const [relayFetch] = useState(() => storyRelay(replies, (answer) => setTaken((all) => [...all, answer])));
  useElicitationRelay({ url: "/api/elicitation", queue, fetch: relayFetch });
  return (
    <div style={{ maxWidth: "36rem", display: "flex", flexDirection: "column", gap: "0.75rem" }}>
      <ElicitationOutlet queue={queue} presentation="inline" locale={locale} />
      <ol aria-label="What the relay took" style={{ margin: 0 }}>
        {taken.map((answer, index) => (
          <li key={index}>{JSON.stringify(answer)}</li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A request carried from the host's server (`useElicitationRelay`): what the card says while the
 * answer travels and when its trip fails. The answer is never lost: the card keeps what was typed
 * until the relay has taken it, tries again where trying again can help, and says why otherwise.
 * Each story's relay answers the POST as a real one does in that case (docs/relay.md, "What the card shows").
 */
const meta = {
  title: "Host/Relay delivery",
  component: RelayedCard,
  args: { replies: [{ status: 200, body: { ok: true } }] },
} satisfies Meta<typeof RelayedCard>;

export default meta;
type Story = StoryObj<typeof meta>;

async function answer(canvasElement: HTMLElement) {
  const card = await within(canvasElement).findByRole("region", { name: /GitHub is asking for information/ });
  // Read before acting: the card ignores input in its first moments.
  await new Promise((resolve) => setTimeout(resolve, 600));
  await userEvent.type(within(card).getByRole("textbox", { name: /Release notes/ }), "Fixes the login bug.");
  await userEvent.click(within(card).getByRole("button", { name: "Submit" }));
  return card;
}

const tookOnce = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await waitFor(() => expect(canvas.queryByRole("region", { name: /GitHub is asking/ })).toBeNull(), { timeout: 10_000 });
  await expect(within(canvas.getByRole("list", { name: "What the relay took" })).getAllByRole("listitem")).toHaveLength(1);
  await expect(canvas.getByRole("list", { name: "What the relay took" })).toHaveTextContent('"environment":"staging"');
};

/** The relay takes a moment: "Sending…", the buttons waiting, then the card goes. */
export const Sending: Story = {
  args: { replies: [{ status: 200, body: { ok: true }, delayMs: 1_500 }] },
  play: async ({ canvasElement }) => {
    const card = await answer(canvasElement);
    await waitFor(() => expect(within(card).getByText("Sending…")).toBeVisible());
    await expect(within(card).getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    await tookOnce(canvasElement);
  },
};

/** Its store is down (503): the card says it is retrying and sends the same answer again; taken once the store is back. */
export const StoreUnavailable: Story = {
  args: { replies: [{ status: 503, body: { error: "store-unavailable" } }, { status: 200, body: { ok: true } }] },
  play: async ({ canvasElement }) => {
    const card = await answer(canvasElement);
    await waitFor(() => expect(within(card).getByText("Could not send your answer. Retrying…")).toBeVisible());
    await expect(within(card).getByRole("textbox", { name: /Release notes/ })).toHaveValue("Fixes the login bug.");
    await tookOnce(canvasElement);
  },
};

/** The relay does not know the request for a moment (404: its store restarted empty, its holder opening it again): tried again, taken. */
export const UnknownForAMoment: Story = {
  args: { replies: [{ status: 404, body: { error: "not-found" } }, { status: 200, body: { ok: true } }] },
  play: async ({ canvasElement }) => {
    const card = await answer(canvasElement);
    await waitFor(() => expect(within(card).getByText("Could not send your answer. Retrying…")).toBeVisible());
    await tookOnce(canvasElement);
  },
};

/** A dev proxy that rewrites Host (403 forbidden-origin): not sent, and not the person's mistake; the card stays with the answer. */
export const OriginRefused: Story = {
  args: { replies: [{ status: 403, body: { error: "forbidden-origin", origin: "http://localhost:5173", expected: "http://127.0.0.1:8787" } }] },
  play: async ({ canvasElement }) => {
    const card = await answer(canvasElement);
    await waitFor(() => expect(within(card).getByRole("alert")).toHaveTextContent("Your answer could not be sent. Try again."));
    await expect(within(card).getByRole("textbox", { name: /Release notes/ })).toHaveValue("Fixes the login bug.");
    await expect(within(canvasElement).queryAllByRole("listitem")).toHaveLength(0);
  },
};

/** The relay's own check refuses a field (400 invalid-content, in the person's language from its rule): the error goes onto the field; the corrected answer is taken. */
export const FieldRefused: Story = {
  args: {
    locale: "de",
    replies: [
      { status: 400, body: { error: "invalid-content", errors: [{ field: "notes", code: "maxLength", params: { limit: 10 }, message: "Must be at most 10 characters" }] } },
      { status: 200, body: { ok: true } },
    ],
  },
  play: async ({ canvasElement }) => {
    const card = await within(canvasElement).findByRole("region", { name: /GitHub/ });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const notes = within(card).getByRole("textbox", { name: /Release notes/ });
    await userEvent.type(notes, "Fixes the login bug.");
    await userEvent.click(await within(card).findByRole("button", { name: "Absenden" }));
    await waitFor(() => expect(notes).toHaveAttribute("aria-invalid", "true"));
    await expect(notes).toHaveAccessibleDescription(/10/);
    await expect(notes).not.toHaveAccessibleDescription(/at most/);
    await userEvent.clear(notes);
    await userEvent.type(notes, "Login fix");
    await userEvent.click(within(card).getByRole("button", { name: "Absenden" }));
    await waitFor(() => expect(within(canvasElement).queryByRole("region", { name: /GitHub/ })).toBeNull(), { timeout: 10_000 });
  },
};

/** Answered in another window first (409): the card says so, then goes. */
export const AnsweredElsewhere: Story = {
  args: { replies: [{ status: 409, body: { error: "already-closed", reason: "answered" } }] },
  play: async ({ canvasElement }) => {
    const card = await answer(canvasElement);
    await waitFor(() => expect(within(card).getByText("Answered in another window")).toBeVisible());
    await waitFor(() => expect(within(canvasElement).queryByRole("region", { name: /GitHub/ })).toBeNull(), { timeout: 10_000 });
  },
};
