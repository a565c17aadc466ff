import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { createElicitationAnswerStore, type ElicitationAnswerRecord } from "../../src/dialog/createElicitationAnswerStore";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationQueue } from "../../src/host/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { contactInfo } from "../fixtures/seedRequests";

const login = {
  message: "Sign in to the registry",
  requestedSchema: {
    type: "object",
    properties: { user: { type: "string", title: "User name" }, password: { type: "string", title: "Password" } },
  },
} as const;

function ask(answers: ReturnType<typeof createElicitationAnswerStore>, request: object = contactInfo, serverName = "CRM") {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  const view = render(<ElicitationDialog serverName={serverName} request={request as never} onResponse={onResponse} answers={answers} />);
  return { onResponse, unmount: view.unmount };
}

describe("answer again", () => {
  it("the same server asking the same form again offers “Use my last answer”, which fills the form and sends nothing", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(first.onResponse).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = ask(answers);
    expect(screen.getByLabelText(/^Name/)).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("ada@example.com");
    expect(second.onResponse).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
  });

  it("one question at a time offers the last answer too, and it fills the steps without sending", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    first.unmount();

    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} answers={answers} layout="steps" />);
    await user.click(await screen.findByRole("button", { name: "Use my last answer" }));
    expect(await screen.findByLabelText(/^Name/)).toHaveValue("Ada Lovelace");
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("is not offered to another server, for another message, or after a cancel", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const first = ask(answers);
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();
    const afterCancel = ask(answers);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    afterCancel.unmount();

    render(<ElicitationDialog serverName="Other server" request={contactInfo} onResponse={() => {}} answers={answers} />);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    render(<ElicitationDialog serverName="CRM" request={{ ...contactInfo, message: "Something else" }} onResponse={() => {}} answers={answers} />);
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
  });

  it("never keeps a field flagged sensitive", async () => {
    const user = userEvent.setup();
    let saved = "";
    const answers = createElicitationAnswerStore({ storage: { load: () => [], save: (records) => void (saved = JSON.stringify(records)) } });
    const first = ask(answers, login, "Registry");
    await user.type(screen.getByLabelText(/User name/), "ada");
    await user.type(screen.getByLabelText(/Password/), "hunter2");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(first.onResponse).toHaveBeenCalledWith({ action: "accept", content: { user: "ada", password: "hunter2" } });
    first.unmount();
    ask(answers, login, "Registry");
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/User name/)).toHaveValue("ada");
    expect(screen.getByLabelText(/Password/)).toHaveValue("");
    expect(saved).toContain("ada");
    expect(saved).not.toContain("hunter2");
  });

  it("“Stop asking” forgets that server's answers", async () => {
    const user = userEvent.setup();
    const answers = createElicitationAnswerStore();
    const queue = createElicitationQueue();
    render(<ElicitationOutlet queue={queue} answers={answers} />);
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(answers.size).toBe(1);
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    expect(screen.getByRole("button", { name: "Use my last answer" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Stop asking" }));
    expect(answers.size).toBe(0);
    act(() => void queue.request({ serverName: "CRM", params: contactInfo }));
    expect(screen.queryByRole("button", { name: "Use my last answer" })).toBeNull();
    queue.close();
  });

  it("a host can persist answers through load and save", async () => {
    const user = userEvent.setup();
    let saved: readonly ElicitationAnswerRecord[] = [];
    const storage = { load: () => saved, save: (records: readonly ElicitationAnswerRecord[]) => void (saved = JSON.parse(JSON.stringify(records))) };
    const first = ask(createElicitationAnswerStore({ storage }));
    await user.type(screen.getByLabelText(/^Name/), "Ada");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    first.unmount();
    expect(saved).toHaveLength(1);
    // A new page: a new store, loaded from what was saved.
    ask(createElicitationAnswerStore({ storage }));
    await user.click(screen.getByRole("button", { name: "Use my last answer" }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue("Ada");
  });
});
