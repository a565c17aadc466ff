// Outlets with a `filter`: one queue, each tool call's card drawn under that call, side by side.
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import type { ElicitationQueueEvent } from "../../src/client/types";
import { githubUsernameTitled } from "../fixtures/seedRequests";

const byCall = (toolCallId: string) => (entry: { context?: Record<string, string> }) => entry.context?.toolCallId === toolCallId;

/** A thread with two tool calls, each with its own outlet on the one queue. */
function setup(options: Parameters<typeof createElicitationQueue>[0] = {}) {
  const queue = createElicitationQueue(options);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <ol aria-label="Thread">
      <li data-testid="call-a">
        Tool call: deploy web
        <ElicitationOutlet queue={queue} presentation="inline" filter={byCall("a")} />
      </li>
      <li data-testid="call-b">
        Tool call: deploy api
        <ElicitationOutlet queue={queue} presentation="inline" filter={byCall("b")} />
      </li>
    </ol>,
  );
  const ask = (serverName: string, toolCallId: string) => {
    const answer: { result?: ElicitResult } = {};
    act(() => {
      void queue.request({ serverName, params: githubUsernameTitled, context: { toolCallId } }).then((result) => (answer.result = result));
    });
    return answer;
  };
  return { queue, user, ask };
}

describe("ElicitationOutlet filter", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws each tool call's request under that call, both at once, and each answer goes to its own request", async () => {
    const { user, ask } = setup();
    const first = ask("Web", "a");
    const second = ask("Api", "b");
    const a = within(screen.getByTestId("call-a")).getByRole("region", { name: /Web is asking/ });
    const b = within(screen.getByTestId("call-b")).getByRole("region", { name: /Api is asking/ });
    // Each outlet counts only its own requests.
    expect(within(a).queryByText(/of 2/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(600)); // the protection interval
    await user.type(within(b).getByRole("textbox", { name: /GitHub Username/ }), "api-bot");
    await user.click(within(b).getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(second.result).toEqual({ action: "accept", content: { username: "api-bot" } }));
    expect(first.result).toBeUndefined();
    expect(within(screen.getByTestId("call-b")).queryByRole("region")).toBeNull();
    await user.click(within(a).getByRole("button", { name: "Decline" }));
    await vi.waitFor(() => expect(first.result).toEqual({ action: "decline" }));
  });

  it("a request drawn before its turn in the queue starts its turn then: its shown event and its time limit", async () => {
    const events: ElicitationQueueEvent[] = [];
    const { ask } = setup({ timeoutMs: 60_000, onEvent: (event) => events.push(event) });
    ask("Web", "a");
    const second = ask("Api", "b");
    expect(events.filter((event) => event.type === "shown").map((event) => event.serverName)).toEqual(["Web", "Api"]);
    await act(() => vi.advanceTimersByTimeAsync(60_500));
    expect(second.result).toEqual({ action: "cancel" });
  });
});
