// What <mcp-elicitation-outlet> tells its page about the requests it draws: `mcp-elicitation-shown` as a
// card appears, `mcp-elicitation-closed` with the reason as it leaves, never what was answered.
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue, type ElicitationOutletElement, type ElicitationQueue } from "../../src/element/index";
import { ElicitationRequestClosed } from "../../src/client/queue/ElicitationRequestClosed";
import { loadOutletView } from "../../src/element/loadOutletView";

// What draws comes in a chunk loaded with the first request (a browser fetches it when idle, e2e/element/);
// loaded once here, so the first test's waits do not include transforming React.
beforeAll(() => loadOutletView(), 60_000);

const form = {
  message: "Name the note",
  requestedSchema: { type: "object", properties: { title: { type: "string", title: "Title" } }, required: ["title"] },
} as const;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(async () => {
  // The element unmounts its cards (and the dialog it drew in body) a microtask after it leaves.
  act(() => document.querySelectorAll("mcp-elicitation-outlet").forEach((outlet) => outlet.remove()));
  await act(async () => {});
  vi.useRealTimers();
  document.body.replaceChildren();
});

function place(queue: ElicitationQueue, attributes: Record<string, string> = {}) {
  const outlet = document.createElement("mcp-elicitation-outlet") as ElicitationOutletElement;
  for (const [name, value] of Object.entries(attributes)) outlet.setAttribute(name, value);
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ["mcp-elicitation-shown", "mcp-elicitation-closed"] as const) {
    outlet.addEventListener(type, (event) => events.push({ type, detail: event.detail }));
  }
  outlet.queue = queue;
  act(() => document.body.append(outlet));
  return { outlet, events, user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }) };
}

function ask(queue: ElicitationQueue, serverName: string, options: { context?: Record<string, string>; signal?: AbortSignal } = {}) {
  let answer!: Promise<unknown>;
  act(() => {
    answer = queue.request({ serverName, params: form, ...options });
  });
  answer.catch(() => {});
  return answer;
}

describe("<mcp-elicitation-outlet> events", () => {
  it("says which request it drew, then that it closed and how the person answered, never with the content", async () => {
    const queue = createElicitationQueue();
    const { events, user } = place(queue, { presentation: "inline" });
    const answer = ask(queue, "Notes", { context: { chatId: "c1", toolCallId: "t7" } });
    const card = await screen.findByRole("region", { name: /Notes/ });
    const id = queue.getSnapshot().entries[0]!.id;
    expect(events).toEqual([{ type: "mcp-elicitation-shown", detail: { id, serverName: "Notes", context: { chatId: "c1", toolCallId: "t7" } } }]);

    await user.type(within(card).getByLabelText(/Title/), "Groceries");
    await user.click(within(card).getByRole("button", { name: "Submit" }));
    await expect(answer).resolves.toEqual({ action: "accept", content: { title: "Groceries" } });
    expect(events[1]).toEqual({ type: "mcp-elicitation-closed", detail: { id, serverName: "Notes", context: { chatId: "c1", toolCallId: "t7" }, reason: "accept" } });
    expect(JSON.stringify(events)).not.toContain("Groceries");
    expect(events).toHaveLength(2);
  });

  it("names the person's decline and cancel, and a close that was not theirs", async () => {
    const queue = createElicitationQueue({ timeoutMs: 60_000 });
    const { events, user } = place(queue);
    const reasons = () => events.filter((event) => event.type === "mcp-elicitation-closed").map((event) => (event.detail as { reason: string }).reason);

    ask(queue, "Notes");
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    ask(queue, "Notes");
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    const server = new AbortController();
    ask(queue, "Notes", { signal: server.signal });
    await screen.findByRole("dialog");
    act(() => server.abort(new Error("The server cancelled.")));
    ask(queue, "Notes");
    await screen.findByRole("dialog");
    await act(async () => vi.advanceTimersByTime(60_001));
    const elsewhere = new AbortController();
    ask(queue, "Notes", { signal: elsewhere.signal });
    await screen.findByRole("dialog");
    act(() => elsewhere.abort(new ElicitationRequestClosed("answered")));

    expect(reasons()).toEqual(["decline", "cancel", "withdrawn", "timeout", "answered"]);
    expect(events.filter((event) => event.type === "mcp-elicitation-shown")).toHaveLength(5);
  });

  it("names “Stop asking” for the request it drew", async () => {
    const queue = createElicitationQueue();
    const { events, user } = place(queue);
    ask(queue, "Spammy");
    ask(queue, "Spammy");
    await user.click(await screen.findByRole("button", { name: "Stop asking" }));
    // The second was never drawn here: nothing is said of it.
    expect(events.map((event) => [event.type, (event.detail as { reason?: string }).reason])).toEqual([
      ["mcp-elicitation-shown", undefined],
      ["mcp-elicitation-closed", "stop-asking"],
    ]);
  });

  it("says nothing of the requests its filter leaves to another element", async () => {
    const queue = createElicitationQueue();
    const { events } = place(queue, { presentation: "inline", "filter-context": "chatId=c1" });
    const other = new AbortController();
    ask(queue, "Notes", { context: { chatId: "c2" }, signal: other.signal });
    ask(queue, "Notes", { context: { chatId: "c1" } });
    await screen.findByRole("region", { name: /Notes/ });
    act(() => other.abort());
    expect(events.map((event) => [event.type, (event.detail as { context: unknown }).context])).toEqual([["mcp-elicitation-shown", { chatId: "c1" }]]);
  });
});
