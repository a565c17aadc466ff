import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet, type ElicitationOutletProps } from "../../src/host/ElicitationOutlet";
import { bankTransfer, githubUsernameTitled } from "../fixtures/seedRequests";

const accountLink = { mode: "url", message: "Link your account", url: "https://accounts.example.com/link", elicitationId: "link-1" };

/** A chat thread: messages, the outlet where the next message would go, and the chat input below. */
function setup(options: Parameters<typeof createElicitationQueue>[0] = {}, outlet: Partial<ElicitationOutletProps> = {}) {
  const queue = createElicitationQueue(options);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <main>
      <ol aria-label="Thread">
        <li>Deploy the app, please.</li>
        <li data-testid="outlet-slot">
          <ElicitationOutlet queue={queue} presentation="inline" {...outlet} />
        </li>
      </ol>
      <input aria-label="Chat" />
    </main>,
  );
  const ask = (serverName: string, params: unknown, signal?: AbortSignal) => {
    const answer: { result?: ElicitResult; error?: unknown } = {};
    act(() => {
      queue.request({ serverName, params, signal }).then(
        (result) => (answer.result = result),
        (error) => (answer.error = error),
      );
    });
    return answer;
  };
  return { queue, user, ask };
}

const card = (name: RegExp) => screen.getByRole("region", { name });

describe("ElicitationOutlet presentation=\"inline\"", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws the head of the queue as a card where the outlet is placed: no portal, no modal dialog", () => {
    const { ask } = setup();
    ask("GitHub", githubUsernameTitled);
    const region = card(/GitHub/);
    expect(screen.getByTestId("outlet-slot")).toContainElement(region);
    expect(region).toHaveAttribute("data-presentation", "inline");
    expect(region).toHaveAccessibleDescription("Please provide your GitHub username");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("leaves focus where the person is typing and announces itself politely", async () => {
    const { user, ask } = setup();
    const chat = screen.getByRole("textbox", { name: "Chat" });
    await user.click(chat);
    await user.keyboard("deploy the ");
    ask("GitHub", githubUsernameTitled);
    await user.keyboard("app");
    expect(chat).toHaveFocus();
    expect(chat).toHaveValue("deploy the app");
    const announcement = within(card(/GitHub/)).getByRole("status");
    expect(announcement).toHaveAttribute("role", "status");
    // Empty as the card appears, filled a moment later: the change is what screen readers announce.
    await act(async () => vi.advanceTimersByTime(200));
    expect(announcement).toHaveTextContent("GitHub is asking for information");
  });

  it("is reached by Tab in document order, after the thread and before the chat input", async () => {
    const { user, ask } = setup();
    ask("GitHub", githubUsernameTitled);
    const stops: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      stops.push(active.getAttribute("aria-label") ?? active.textContent ?? active.tagName);
    }
    // The card's own order, then on into the page: no loop back into the card. ("Stop asking" is not
    // offered for a server's only request.)
    expect(stops).toEqual(["", "Cancel", "Decline", "Submit", "Close", "Chat"]);
    expect(screen.getByRole("textbox", { name: "Chat" })).toHaveFocus();
  });

  it("Escape cancels when focus is inside the card, and does nothing from the chat input", async () => {
    const { user, ask } = setup();
    const answer = ask("GitHub", githubUsernameTitled);
    await user.click(screen.getByRole("textbox", { name: "Chat" }));
    await user.keyboard("{Escape}");
    expect(answer.result).toBeUndefined();
    await user.click(screen.getByLabelText(/GitHub Username/));
    await user.keyboard("{Escape}");
    expect(answer.result).toEqual({ action: "cancel" });
    expect(screen.queryByRole("region", { name: /GitHub/ })).toBeNull();
  });

  it("Submit, Decline and Cancel answer once each, request by request, with the queue status", async () => {
    const { user, ask } = setup();
    const first = ask("GitHub", githubUsernameTitled);
    const second = ask("Bank", bankTransfer);
    expect(within(card(/GitHub/)).getByTestId("rme-queue-position")).toHaveTextContent("1 of 2");
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(first.result).toEqual({ action: "accept", content: { username: "octocat" } });
    expect(card(/Bank/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(second.result).toEqual({ action: "decline" });
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("a card answered from inside hands focus to the next card, never to a field", async () => {
    const { user, ask } = setup();
    ask("GitHub", githubUsernameTitled);
    ask("Bank", bankTransfer);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const next = card(/Bank/);
    expect(next).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveClass("rme-dialog__surface");
  });

  it("hands focus on only at the moment of the answer: a card that comes later, or moves up when one is withdrawn, leaves the chat input alone", async () => {
    const { user, ask } = setup();
    const chat = screen.getByRole("textbox", { name: "Chat" });
    // Answered from inside with nothing waiting; the person goes back to the chat input.
    ask("GitHub", githubUsernameTitled);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(chat);
    await user.keyboard("deploy ");
    ask("Bank", bankTransfer);
    await user.keyboard("it ");
    expect(chat).toHaveFocus();

    // Answered from inside with two waiting: the next one takes focus; the person leaves it for the
    // chat input, and its server withdraws it so that the one behind mounts while they type.
    const withdraw = new AbortController();
    ask("Deploy Bot", githubUsernameTitled, withdraw.signal);
    ask("Badges", githubUsernameTitled);
    await user.click(within(card(/Bank/)).getByRole("button", { name: "Cancel" }));
    expect(card(/Deploy Bot/)).toContainElement(document.activeElement as HTMLElement);
    await user.click(chat);
    await user.keyboard("now");
    act(() => withdraw.abort());
    expect(card(/Badges/)).toBeInTheDocument();
    await user.keyboard(", please");
    expect(chat).toHaveFocus();
    expect(chat).toHaveValue("deploy it now, please");
  });

  it("“Stop asking”, withdrawal and timeouts close the card without an answer from it; drafts are kept", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const { user, ask } = setup({ timeoutMs: 60_000 }, { drafts });
    const controller = new AbortController();
    const withdrawn = ask("GitHub", githubUsernameTitled, controller.signal);
    await user.type(screen.getByLabelText(/GitHub Username/), "octo");
    act(() => controller.abort());
    expect(withdrawn.error).toBeUndefined();
    expect(screen.queryByRole("region")).toBeNull();

    ask("GitHub", githubUsernameTitled);
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octo");
    expect(within(card(/GitHub/)).getByRole("timer")).toHaveTextContent("1:00");
    const stopped = ask("GitHub", githubUsernameTitled);
    await user.click(screen.getByRole("button", { name: "Stop asking" }));
    expect(stopped.result).toEqual({ action: "cancel" });
    expect(screen.queryByRole("region")).toBeNull();

    const timedOut = ask("Bank", bankTransfer);
    await act(async () => vi.advanceTimersByTime(60_001));
    expect(timedOut.result).toEqual({ action: "cancel" });
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("shows a URL-mode request inline with its destination and consent", async () => {
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const { ask } = setup();
    ask("Accounts", accountLink);
    const region = card(/Accounts/);
    expect(region).toHaveAttribute("data-mode", "url");
    expect(await within(region).findByTestId("rme-url-domain")).toHaveTextContent("accounts.example.com");
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});
