// The card's remember choices, drawn by the outlet: offered only where the request offers them (a relay
// host's `remember`, through the queue entry), only on a form, in the form layout and on the review of
// the steps; the person's tick goes to `deliver` with an accept (the widest scope ticked), never with a
// decline; worded by `messages` and the locale catalogues.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import type { ElicitationAnswerOptions, ElicitationQueueRequest } from "../../src/client/types";
import type { ElicitResult } from "../../src/core/types";
import { ElicitationOutlet, type ElicitationOutletProps } from "../../src/host/ElicitationOutlet";
import { deMessages } from "../../src/messages/locales/de";
import { contactInfo } from "../fixtures/seedRequests";

/** One request through a queue drawn by an outlet; `deliver` takes every answer and records what went with it. */
function ask(request: Partial<ElicitationQueueRequest> = {}, outlet: Partial<ElicitationOutletProps> = {}) {
  const queue = createElicitationQueue();
  const deliver = vi.fn<(result: ElicitResult, options?: ElicitationAnswerOptions) => Promise<void>>(async () => undefined);
  const answered = queue.request({ serverName: "CRM", params: contactInfo, deliver, ...request });
  const view = render(<ElicitationOutlet queue={queue} presentation="inline" protectionInterval={0} {...outlet} />);
  return { deliver, answered, view };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name/), "Ada Lovelace");
  await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
}
const content = { name: "Ada Lovelace", email: "ada@example.com" };

describe("remember choices on a card", () => {
  it("the widest scope ticked goes with the accept; nothing ticked, nothing goes", async () => {
    const user = userEvent.setup();
    const first = ask({ remember: ["chat", "server"] });
    await fill(user);
    await user.click(screen.getByRole("checkbox", { name: "Remember for this chat" }));
    await user.click(screen.getByRole("checkbox", { name: "Always for this server" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await first.answered).toEqual({ action: "accept", content });
    expect(first.deliver.mock.calls).toEqual([[{ action: "accept", content }, { remember: "server" }]]);
    first.view.unmount();

    const plain = ask({ remember: ["chat"] });
    expect(screen.queryByRole("checkbox", { name: "Always for this server" })).toBeNull();
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await plain.answered;
    expect(plain.deliver.mock.calls).toEqual([[{ action: "accept", content }]]);
  });

  it("never goes with a decline; nothing is offered without `remember`, without `deliver`, or in URL mode", async () => {
    const user = userEvent.setup();
    const declined = ask({ remember: ["server"] });
    await user.click(await screen.findByRole("checkbox", { name: "Always for this server" }));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    await declined.answered;
    expect(declined.deliver.mock.calls).toEqual([[{ action: "decline" }]]);
    declined.view.unmount();

    for (const request of [{}, { remember: ["chat"] as const, deliver: undefined }]) {
      const { view } = ask(request);
      await screen.findByLabelText(/^Name/);
      expect(screen.queryByRole("checkbox", { name: /Remember|Always/ })).toBeNull();
      view.unmount();
    }
    const link = { mode: "url", message: "Connect", url: "https://accounts.example.com/link", elicitationId: "e1" };
    ask({ params: link, remember: ["chat", "server"] });
    await screen.findByRole("button", { name: /accounts\.example\.com/ });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("one question at a time: offered on the review, beside Submit", async () => {
    const user = userEvent.setup();
    const { deliver, answered } = ask({ remember: ["chat"] }, { layout: "steps" });
    await user.type(await screen.findByLabelText(/^Name/), "Ada Lovelace");
    expect(screen.queryByRole("checkbox", { name: "Remember for this chat" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(await screen.findByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Next" }));
    // The age, optional: left empty.
    await screen.findByLabelText(/^Age/);
    expect(screen.queryByRole("checkbox", { name: "Remember for this chat" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByRole("checkbox", { name: "Remember for this chat" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await answered;
    expect(deliver.mock.calls).toEqual([[{ action: "accept", content }, { remember: "chat" }]]);
  });

  it("in the person's language", async () => {
    ask({ remember: ["chat", "server"] }, { locale: "de", messages: deMessages });
    expect(await screen.findByRole("checkbox", { name: "Für diesen Chat merken" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Immer für diesen Server" })).toBeTruthy();
  });
});
