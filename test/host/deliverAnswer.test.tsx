// An answer handed to something that may refuse it (queue.request's `deliver`): the card stays,
// says it is sending, takes refusals back onto its fields, retries failures, and answers once.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationAnswerStore } from "../../src/form/createElicitationAnswerStore";
import { ElicitationAnswerRefused } from "../../src/client/queue/ElicitationAnswerRefused";
import { ElicitationRequestClosed } from "../../src/client/queue/ElicitationRequestClosed";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet, type ElicitationOutletProps } from "../../src/host/ElicitationOutlet";
import { contactInfo, githubUsernameTitled } from "../fixtures/seedRequests";

/** A deliver whose every call waits for the test to settle it. */
function manualDeliver() {
  const calls: { result: ElicitResult; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const deliver = vi.fn(
    (result: ElicitResult) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ result, resolve, reject });
      }),
  );
  return { deliver, calls };
}

function setup(outlet: Partial<ElicitationOutletProps> = {}) {
  const queue = createElicitationQueue();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<ElicitationOutlet queue={queue} presentation="inline" {...outlet} />);
  const ask = (params: unknown, deliver: (result: ElicitResult) => Promise<void>, signal?: AbortSignal) => {
    const answer: { results: ElicitResult[]; error?: unknown } = { results: [] };
    act(() => {
      queue.request({ serverName: "GitHub", params, deliver, signal }).then(
        (result) => answer.results.push(result),
        (error) => (answer.error = error),
      );
    });
    return answer;
  };
  return { queue, user, ask };
}

const card = () => screen.queryByRole("region", { name: /GitHub/ });
const deliveryStatus = () => card()!.querySelector(".rme-dialog__delivery")!;
const settle = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

describe("an answer handed to deliver", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps the card, saying it is sending, until deliver resolves; then the card closes and request resolves once; the answer is kept only then", async () => {
    const answers = createElicitationAnswerStore();
    const kept = vi.spyOn(answers, "set");
    const { user, ask } = setup({ answers });
    const { deliver, calls } = manualDeliver();
    const answer = ask(githubUsernameTitled, deliver);
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(deliver).toHaveBeenCalledTimes(1));
    expect(calls[0]!.result).toEqual({ action: "accept", content: { username: "octocat" } });
    expect(card()).not.toBeNull();
    expect(deliveryStatus()).toHaveAttribute("aria-live", "polite");
    expect(deliveryStatus()).toHaveTextContent("Sending…");
    for (const name of ["Submit", "Decline", "Cancel"]) expect(screen.getByRole("button", { name })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
    expect(answer.results).toEqual([]);
    expect(kept).not.toHaveBeenCalled();

    await act(async () => calls[0]!.resolve());
    await settle();
    expect(card()).toBeNull();
    expect(answer.results).toEqual([{ action: "accept", content: { username: "octocat" } }]);
    expect(kept).toHaveBeenCalledTimes(1);
  });

  it("a refusal's errors go onto the fields (aria-invalid, described-by, focus); the card stays and a corrected answer is taken once", async () => {
    const { user, ask } = setup();
    const { deliver, calls } = manualDeliver();
    const answer = ask(contactInfo, deliver);
    await user.type(screen.getByLabelText(/^name/i), "Ada");
    await user.type(screen.getByLabelText(/^email/i), "ada@example.com");
    // The form's own check takes 40 (minimum 18); the receiver, with its own rule, refuses it.
    await user.type(screen.getByLabelText(/^age/i), "40");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new ElicitationAnswerRefused([{ field: "age", message: "Must be 50 or more" }])));
    await settle();

    const age = screen.getByLabelText(/^age/i);
    expect(card()).not.toBeNull();
    // The code that reads a refusal loads with the first one.
    await waitFor(() => expect(age).toHaveAttribute("aria-invalid", "true"));
    expect(age).toHaveAccessibleDescription(expect.stringContaining("Must be 50 or more"));
    expect(age).toHaveFocus();
    expect(age).toHaveValue(40);
    expect(screen.getByLabelText(/^email/i)).toHaveValue("ada@example.com");
    expect(screen.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
    expect(deliveryStatus()).toHaveTextContent("");

    await user.clear(age);
    await user.type(age, "51");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.result).toEqual({ action: "accept", content: { name: "Ada", email: "ada@example.com", age: 51 } });
    await act(async () => calls[1]!.resolve());
    await settle();
    expect(card()).toBeNull();
    expect(answer.results).toEqual([{ action: "accept", content: { name: "Ada", email: "ada@example.com", age: 51 } }]);
  });

  it("a failure (network) says so, keeps what was typed, retries the same answer with backoff, and is answered exactly once", async () => {
    const { user, ask } = setup();
    const { deliver, calls } = manualDeliver();
    const answer = ask(githubUsernameTitled, deliver);
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new TypeError("Failed to fetch")));
    await settle();
    expect(deliveryStatus()).toHaveTextContent("Could not send your answer. Retrying…");
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
    expect(screen.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    expect(calls).toHaveLength(1);

    await act(async () => vi.advanceTimersByTime(1_300));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.result).toEqual(calls[0]!.result);
    await act(async () => calls[1]!.resolve());
    await settle();
    expect(card()).toBeNull();
    await act(async () => vi.advanceTimersByTime(20_000));
    expect(deliver).toHaveBeenCalledTimes(2);
    expect(answer.results).toEqual([{ action: "accept", content: { username: "octocat" } }]);
  });

  it("Submit pressed again (and Enter) while sending sends once", async () => {
    const { user, ask } = setup();
    const { deliver, calls } = manualDeliver();
    const answer = ask(githubUsernameTitled, deliver);
    const field = screen.getByLabelText(/GitHub Username/);
    await user.type(field, "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await user.type(field, "{Enter}");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve());
    await settle();
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(answer.results).toEqual([{ action: "accept", content: { username: "octocat" } }]);
  });

  it("Cancel while a failed answer is retried replaces it for the next try", async () => {
    const { user, ask } = setup();
    const { deliver, calls } = manualDeliver();
    const answer = ask(githubUsernameTitled, deliver);
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new Error("503")));
    await settle();
    expect(screen.getByRole("button", { name: "Cancel" })).not.toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.result).toEqual({ action: "cancel" });
    await act(async () => calls[1]!.resolve());
    await settle();
    expect(card()).toBeNull();
    expect(answer.results).toEqual([{ action: "cancel" }]);
  });

  it("a request closed elsewhere says why for a moment (a polite live region), then goes; a plain withdrawal still closes at once", async () => {
    const { user, ask } = setup();
    const { deliver } = manualDeliver();
    const closing = new AbortController();
    const first = ask(githubUsernameTitled, deliver, closing.signal);
    await user.type(screen.getByLabelText(/GitHub Username/), "oct");
    act(() => closing.abort(new ElicitationRequestClosed("answered")));
    await settle();
    expect(first.error).toBeInstanceOf(ElicitationRequestClosed);
    expect(card()).not.toBeNull();
    expect(deliveryStatus()).toHaveTextContent("Answered in another window");
    expect(screen.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    await act(async () => vi.advanceTimersByTime(2_100));
    expect(card()).toBeNull();
    expect(deliver).not.toHaveBeenCalled();

    const plain = new AbortController();
    ask(githubUsernameTitled, deliver, plain.signal);
    expect(card()).not.toBeNull();
    act(() => plain.abort());
    expect(card()).toBeNull();
  });
});

describe("a refusal in the steps layout", () => {
  it("goes back from the review to the first question the refusal names, with its error shown", async () => {
    const queue = createElicitationQueue();
    const user = userEvent.setup();
    render(<ElicitationOutlet queue={queue} presentation="inline" layout="steps" protectionInterval={0} />);
    const { deliver, calls } = manualDeliver();
    act(() => void queue.request({ serverName: "GitHub", params: contactInfo, deliver }).catch(() => undefined));
    await user.type(await screen.findByLabelText(/^name/i), "Ada{Enter}");
    await user.type(await screen.findByLabelText(/^email/i), "ada@example.com{Enter}");
    await user.type(await screen.findByLabelText(/^age/i), "40{Enter}");
    await user.click(await screen.findByRole("button", { name: "Submit" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject(new ElicitationAnswerRefused([{ field: "email", message: "Use your work address" }])));
    const email = await screen.findByLabelText(/^email/i);
    expect(email).toHaveValue("ada@example.com");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining("Use your work address"));
  });
});
