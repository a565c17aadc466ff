import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { ElicitationOutlet, type ElicitationOutletProps } from "../../src/host/ElicitationOutlet";
import { bankTransfer, contactInfo, githubUsernameTitled } from "../fixtures/seedRequests";

const accountLink = { mode: "url", message: "Link your account", url: "https://accounts.example.com/link", elicitationId: "link-1" };

function setup(options: Parameters<typeof createElicitationQueue>[0] = {}, outlet: Partial<ElicitationOutletProps> = {}) {
  const queue = createElicitationQueue(options);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<ElicitationOutlet queue={queue} {...outlet} />);
  const ask = (serverName: string, params: unknown, signal?: AbortSignal) => {
    const answer: { result?: ElicitResult; error?: unknown } = {};
    let promise!: Promise<ElicitResult>;
    act(() => {
      promise = queue.request({ serverName, params, signal });
    });
    promise.then(
      (result) => (answer.result = result),
      (error) => (answer.error = error),
    );
    return answer;
  };
  return { queue, user, ask };
}

describe("ElicitationOutlet", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows one dialog at a time with “1 of 3” while more wait, in arrival order", async () => {
    const { user, ask } = setup();
    const first = ask("GitHub", githubUsernameTitled);
    ask("Bank", bankTransfer);
    ask("CRM", contactInfo);

    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    const dialog = screen.getByRole("dialog", { name: /GitHub/ });
    expect(within(dialog).getByTestId("rme-queue-position")).toHaveTextContent("1 of 3");

    await user.type(within(dialog).getByLabelText(/GitHub Username/), "octocat");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(first.result).toEqual({ action: "accept", content: { username: "octocat" } });

    expect(screen.getByRole("dialog", { name: /Bank/ })).toBeInTheDocument();
    expect(screen.getByTestId("rme-queue-position")).toHaveTextContent("1 of 2");
    await user.click(screen.getByRole("button", { name: "Decline" }));

    expect(screen.getByRole("dialog", { name: /CRM/ })).toBeInTheDocument();
    expect(screen.queryByTestId("rme-queue-position")).toBeNull();
  });

  it("offers a cancelled form's input again when the same server asks the same form, in the host's language", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const { user, ask } = setup({}, { drafts, locale: "de", dir: "ltr" });
    const first = ask("GitHub", githubUsernameTitled);
    // The German catalogue is a chunk of its own: the dialog waits for it rather than flash English.
    expect(await screen.findByRole("dialog")).toHaveAttribute("lang", "de");
    await user.type(screen.getByLabelText(/GitHub Username/), "octo");
    await user.click(screen.getByRole("button", { name: "Abbrechen" }));
    expect(first.result).toEqual({ action: "cancel" });

    ask("GitHub", structuredClone(githubUsernameTitled));
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octo");
  });

  it("draws each server's icon from the host's records beside the title", async () => {
    const { user, ask } = setup({}, { serverIcon: (name) => <img alt="" data-testid="server-icon" src={`/icons/${name}.png`} /> });
    ask("GitHub", githubUsernameTitled);
    ask("Bank", bankTransfer);
    const dialog = await screen.findByRole("dialog", { name: /GitHub/ });
    expect(within(dialog).getByTestId("server-icon")).toHaveAttribute("src", "/icons/GitHub.png");
    await user.click(within(dialog).getByRole("button", { name: "Decline" }));
    const next = await screen.findByRole("dialog", { name: /Bank/ });
    expect(within(next).getByTestId("server-icon")).toHaveAttribute("src", "/icons/Bank.png");
  });

  it("draws the dialog under the queue's own limits, not the defaults", async () => {
    const { user, ask } = setup({ limits: { maxMessageLength: 20_000 } });
    const answer = ask("GitHub", { ...githubUsernameTitled, message: "Why: ".repeat(2_000) });
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(answer.result).toEqual({ action: "accept", content: { username: "octocat" } });
  });

  it("closes the dialog at once when the server withdraws the request", async () => {
    const { ask } = setup();
    const controller = new AbortController();
    const withdrawn = ask("GitHub", githubUsernameTitled, controller.signal);
    ask("Bank", bankTransfer);
    expect(screen.getByRole("dialog", { name: /GitHub/ })).toBeInTheDocument();

    act(() => controller.abort(new Error("Request cancelled by the server")));
    expect(screen.queryByRole("dialog", { name: /GitHub/ })).toBeNull();
    expect(screen.getByRole("dialog", { name: /Bank/ })).toBeInTheDocument();
    await act(async () => {});
    expect(withdrawn.error).toEqual(new Error("Request cancelled by the server"));
    expect(withdrawn.result).toBeUndefined();
  });

  it("shows the time left, counts down, and answers cancel when it runs out", async () => {
    const { ask } = setup({ timeoutMs: 65_000 });
    const answer = ask("GitHub", githubUsernameTitled);
    expect(screen.getByRole("timer")).toHaveTextContent("Time left: 1:05");
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByRole("timer")).toHaveTextContent("Time left: 0:59");
    act(() => vi.advanceTimersByTime(59_000));
    await act(async () => {});
    expect(answer.result).toEqual({ action: "cancel" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("“Stop asking” cancels this request and every waiting one from the same server", async () => {
    const { user, ask } = setup();
    const a1 = ask("Spammy", githubUsernameTitled);
    const b1 = ask("Bank", bankTransfer);
    const a2 = ask("Spammy", contactInfo);
    await user.click(screen.getByRole("button", { name: "Stop asking" }));
    await act(async () => {});
    expect(a1.result).toEqual({ action: "cancel" });
    expect(a2.result).toEqual({ action: "cancel" });
    expect(b1.result).toBeUndefined();
    expect(screen.getByRole("dialog", { name: /Bank/ })).toBeInTheDocument();
    expect(screen.queryByTestId("rme-queue-position")).toBeNull();
  });

  it("offers “Stop asking” only while more than one request of the server waits", async () => {
    const { ask, queue } = setup();
    const stopAsking = () => screen.queryByRole("button", { name: "Stop asking" });
    ask("Spammy", githubUsernameTitled);
    // Its only request: Cancel does the same.
    expect(stopAsking()).toBeNull();
    ask("Bank", bankTransfer);
    expect(stopAsking()).toBeNull();
    ask("Spammy", contactInfo);
    expect(stopAsking()).toBeInTheDocument();
    act(() => void queue.close());
  });

  it("stopAsking={false} never offers it", async () => {
    const { ask } = setup({}, { stopAsking: false });
    ask("Spammy", githubUsernameTitled);
    ask("Spammy", contactInfo);
    expect(screen.getByRole("dialog", { name: /Spammy/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop asking" })).toBeNull();
  });

  it("shows nothing for an invalid request and rejects it with -32602", async () => {
    const { ask } = setup();
    const bad = ask("Bad", { message: "Where?", requestedSchema: { type: "object", properties: { at: { $ref: "#/x" } } } });
    await act(async () => {});
    expect(bad.error).toMatchObject({ code: -32602 });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Escape answers cancel and the next request appears", async () => {
    const { user, ask } = setup();
    const first = ask("GitHub", githubUsernameTitled);
    ask("Bank", bankTransfer);
    await user.keyboard("{Escape}");
    expect(first.result).toEqual({ action: "cancel" });
    expect(screen.getByRole("dialog", { name: /Bank/ })).toBeInTheDocument();
  });

  it("says a URL step is done when notifications/elicitation/complete arrives", async () => {
    vi.stubGlobal("open", vi.fn());
    const { user, ask, queue } = setup();
    const answer = ask("Accounts", accountLink);
    await user.click(await screen.findByRole("button", { name: "Open example.com" }));
    expect(answer.result).toEqual({ action: "accept" });
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for you to finish on accounts.example.com (Accounts).");

    act(() => void queue.completeElicitation("link-1", "Accounts"));
    expect(screen.getByRole("status")).toHaveTextContent("Accounts reports this step is done.");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    vi.unstubAllGlobals();
  });

  it("updates a URL dialog that is still open when the step completes", () => {
    const { ask, queue } = setup();
    ask("Accounts", accountLink);
    act(() => void queue.completeElicitation("link-1"));
    expect(within(screen.getByRole("dialog")).getByText("Accounts reports this step is done.")).toBeInTheDocument();
  });

  describe("keeps what was typed when the request leaves without an answer", () => {
    async function typeThenLose(lose: (queue: ReturnType<typeof createElicitationQueue>) => void, options = {}, signal?: AbortSignal) {
      const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
      const { user, ask, queue } = setup(options, { drafts });
      ask("GitHub", githubUsernameTitled, signal);
      await user.type(screen.getByLabelText(/GitHub Username/), "octo");
      await act(async () => lose(queue));
      expect(screen.queryByRole("dialog")).toBeNull();
      // The same server asks the same form again: it starts from what was typed.
      ask("GitHub", structuredClone(githubUsernameTitled));
      expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octo");
    }

    it("on timeout", async () => {
      await typeThenLose(() => vi.advanceTimersByTime(60_000), { timeoutMs: 60_000 });
    });

    it("on “Stop asking”", async () => {
      await typeThenLose((queue) => queue.cancelServer("GitHub"));
    });

    it("on withdrawal by the server", async () => {
      const controller = new AbortController();
      await typeThenLose(() => controller.abort(new Error("cancelled")), {}, controller.signal);
    });
  });

  it("lets the person dismiss a “Waiting for you to finish” line the server never completes", async () => {
    vi.stubGlobal("open", vi.fn());
    const { user, ask } = setup();
    ask("Accounts", accountLink);
    await user.click(await screen.findByRole("button", { name: /^Open / }));
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for you to finish on accounts.example.com (Accounts).");
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    vi.unstubAllGlobals();
  });

  it("drops the waiting line once urlStepTimeoutMs passes without word from the server", async () => {
    vi.stubGlobal("open", vi.fn());
    const { user, ask } = setup({ urlStepTimeoutMs: 30_000 });
    ask("Accounts", accountLink);
    await user.click(await screen.findByRole("button", { name: /^Open / }));
    expect(screen.getByRole("status")).toHaveTextContent("Waiting for you to finish");
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    vi.unstubAllGlobals();
  });
});

