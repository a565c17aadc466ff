// The card's remember choices: offered only where the request offers them (a relay host's `remember`),
// only on a form, in the form layout and on the review of the steps; the person's tick goes with an
// accept (the widest scope ticked), never with a decline; worded by `messages` and the locale catalogues.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import type { ElicitationAnswerChoice } from "../../src/dialog/useElicitationAnswer";
import { deMessages } from "../../src/messages/locales/de";
import { contactInfo } from "../fixtures/seedRequests";

const responses = () => vi.fn<(result: ElicitResult, choice?: ElicitationAnswerChoice) => void>();

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
  await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
}

describe("remember choices on a card", () => {
  it("the widest scope ticked goes with the accept; nothing ticked, nothing goes", async () => {
    const user = userEvent.setup();
    const onResponse = responses();
    const view = render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} remember={["chat", "server"]} />);
    await fill(user);
    await user.click(screen.getByRole("checkbox", { name: "Remember for this chat" }));
    await user.click(screen.getByRole("checkbox", { name: "Always for this server" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse.mock.calls[0]).toEqual([{ action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com" } }, { remember: "server" }]);
    view.unmount();

    const plain = responses();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={plain} remember={["chat"]} />);
    expect(screen.queryByRole("checkbox", { name: "Always for this server" })).toBeNull();
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(plain.mock.calls[0]).toHaveLength(1);
  });

  it("never goes with a decline; nothing is offered without `remember` or in URL mode", async () => {
    const user = userEvent.setup();
    const onResponse = responses();
    const view = render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} remember={["server"]} />);
    await user.click(screen.getByRole("checkbox", { name: "Always for this server" }));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onResponse.mock.calls[0]).toEqual([{ action: "decline" }]);
    view.unmount();

    const without = render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={() => {}} />);
    expect(screen.queryByRole("checkbox", { name: /Remember|Always/ })).toBeNull();
    without.unmount();
    const link = { mode: "url", message: "Connect", url: "https://accounts.example.com/link", elicitationId: "e1" } as const;
    render(<ElicitationDialog serverName="CRM" request={link} onResponse={() => {}} remember={["chat", "server"]} />);
    await screen.findByRole("button", { name: /accounts\.example\.com/ });
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("one question at a time: offered on the review, beside Submit", async () => {
    const user = userEvent.setup();
    const onResponse = responses();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} remember={["chat"]} layout="steps" />);
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
    expect(onResponse.mock.calls[0]).toEqual([{ action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com" } }, { remember: "chat" }]);
  });

  it("in the person's language", async () => {
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={() => {}} remember={["chat", "server"]} locale="de" messages={deMessages} />);
    expect(await screen.findByRole("checkbox", { name: "Für diesen Chat merken" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Immer für diesen Server" })).toBeTruthy();
  });
});
