// Drafts belong to their question (`draftKey`): what was typed comes back when that question is drawn
// again (a remount, a reload with `storage: "session"`), never into another question of the same form
// unless the host opts in (`offerClosed`, by default within the same `context` only, in memory only).
// Kept as the person types; a file is never written to storage; a full, blocked or tampered storage
// costs the stored copy only.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileInputs } from "../../src/core/request/fileInputs";
import { relayDraftPrefix } from "../../src/core/values/draftKeys";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationDraftStore, DRAFT_SAVE_DELAY_MS, type ElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { githubUsernameTitled } from "../fixtures/seedRequests";

const KEY = "react-mcp-elicitation:drafts";
/** A relay request's key, as the connection files it. */
const question = (id: string) => `${relayDraftPrefix("/api/elicitation")}${id}`;

const contract = {
  message: "Attach the contract and say who signs it.",
  requestedSchema: {
    type: "object" as const,
    properties: {
      signer: { type: "string", title: "Signer" },
      document: { type: "string", format: "uri", title: "Document", "x-mcp-file": {} },
    },
  },
};

function askGitHub(drafts: ElicitationDraftStore, draftKey?: string, context?: Record<string, string>, onResponse = vi.fn()) {
  return render(<ElicitationDialog serverName="GitHub" request={githubUsernameTitled} onResponse={onResponse} drafts={drafts} draftKey={draftKey} context={context} />);
}

const username = () => screen.getByLabelText(/GitHub Username/);
/** Past the quiet time after the last key: the draft has been kept. */
const afterTyping = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));

afterEach(() => {
  // A form still open when a test ends writes its draft as it leaves the page: it leaves first.
  cleanup();
  sessionStorage.clear();
});

describe("drafts belong to their question", () => {
  it("are kept as the person types, with nothing answered and the form still open", async () => {
    const user = userEvent.setup();
    askGitHub(createElicitationDraftStore({ storage: "session" }), question("r1"));
    await user.type(username(), "octocat");
    await afterTyping();
    expect(sessionStorage.getItem(KEY)).toContain("octocat");
  });

  it("come back when the same question is drawn again (a remount without any answer, then a reload), and say so", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session" });
    const first = askGitHub(drafts, question("r1"));
    await user.type(username(), "octocat");
    // Taken off the page at once (a navigation inside the app): nothing was answered, nothing aborted.
    first.unmount();
    const again = askGitHub(drafts, question("r1"));
    expect(username()).toHaveValue("octocat");
    again.unmount();

    // The reload: everything in memory is gone, sessionStorage stays.
    askGitHub(createElicitationDraftStore({ storage: "session" }), question("r1"));
    expect(username()).toHaveValue("octocat");
    expect(screen.getByText("Your earlier answers to this form were restored.")).toBeVisible();
  });

  it("never fill another question of the same form: not after a withdrawal, not after Cancel, not after a reload", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session" });
    const stop = new AbortController();
    const first = render(
      <ElicitationDialog serverName="GitHub" request={githubUsernameTitled} onResponse={vi.fn()} drafts={drafts} draftKey={question("r1")} context={{ chatId: "a" }} signal={stop.signal} />,
    );
    await user.type(username(), "v7");
    // The chat's Stop: the server withdrew the question.
    act(() => stop.abort());
    first.unmount();

    const other = askGitHub(drafts, question("r2"), { chatId: "b" });
    expect(username()).toHaveValue("");
    expect(screen.queryByText(/earlier answers/)).toBeNull();
    // Not in the same chat either: that is the host's opt-in.
    other.unmount();
    const sameChat = askGitHub(drafts, question("r3"), { chatId: "a" });
    expect(username()).toHaveValue("");
    await user.type(username(), "v8");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    sameChat.unmount();
    askGitHub(createElicitationDraftStore({ storage: "session" }), question("r4"), { chatId: "a" });
    expect(username()).toHaveValue("");
  });

  it("a question of this page (the queue's own key) is never written to sessionStorage", async () => {
    const user = userEvent.setup();
    askGitHub(createElicitationDraftStore({ storage: "session" }), "page:0123:elicitation-1");
    await user.type(username(), "octocat");
    await afterTyping();
    expect(sessionStorage.length).toBe(0);
  });

  it("an answer sent forgets the stored draft", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session" });
    const onResponse = vi.fn();
    askGitHub(drafts, question("r1"), undefined, onResponse);
    await user.type(username(), "octocat");
    await afterTyping();
    expect(sessionStorage.getItem(KEY)).toContain("octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { username: "octocat" } }));
    await afterTyping();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(createElicitationDraftStore({ storage: "session" }).size).toBe(0);
  });

  it("clear() (sign-out) forgets every draft, in memory and in sessionStorage", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session", offerClosed: "any-context" });
    const view = askGitHub(drafts, question("r1"));
    await user.type(username(), "12 Private Lane");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    view.unmount();
    const open = askGitHub(drafts, question("r2"));
    await user.clear(username());
    await user.type(username(), "still open");
    await afterTyping();
    open.unmount();
    expect(sessionStorage.getItem(KEY)).toContain("still open");

    drafts.clear();
    expect(drafts.size).toBe(0);
    expect(sessionStorage.getItem(KEY)).toBeNull();
    askGitHub(drafts, question("r2"));
    expect(username()).toHaveValue("");
  });
});

describe("offerClosed: what was typed into a closed question, offered to the next of the same form", () => {
  it('"same-context" offers it within the same chat only, in memory only', async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session", offerClosed: "same-context" });
    const first = askGitHub(drafts, question("r1"), { chatId: "a" });
    await user.type(username(), "octocat");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();

    const otherChat = askGitHub(drafts, question("r2"), { chatId: "b" });
    expect(username()).toHaveValue("");
    otherChat.unmount();
    const sameChat = askGitHub(drafts, question("r3"), { chatId: "a" });
    expect(username()).toHaveValue("octocat");
    expect(screen.getByText("Your earlier answers to this form were restored.")).toBeVisible();
    sameChat.unmount();
    // Never written down: a reload (or the next person of this tab) starts without it.
    expect(sessionStorage.getItem(KEY) ?? "").not.toContain("octocat");
    askGitHub(createElicitationDraftStore({ storage: "session", offerClosed: "same-context" }), question("r4"), { chatId: "a" });
    expect(username()).toHaveValue("");
  });

  it('"any-context" offers it in any chat; a wrong value is named', async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ offerClosed: "any-context" });
    const first = askGitHub(drafts, question("r1"), { chatId: "a" });
    await user.type(username(), "octocat");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();
    askGitHub(drafts, question("r2"), { chatId: "b" });
    expect(username()).toHaveValue("octocat");
    expect(() => createElicitationDraftStore({ offerClosed: "yes" as never })).toThrow(/offerClosed must be "same-context" or "any-context" \(got "yes"\)/);
  });
});

describe('createElicitationDraftStore({ storage: "session" })', () => {
  it("the default store keeps drafts in memory only", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore();
    const view = askGitHub(drafts, question("r1"));
    await user.type(username(), "octocat");
    await afterTyping();
    view.unmount();
    expect(sessionStorage.length).toBe(0);
    askGitHub(createElicitationDraftStore(), question("r1"));
    expect(username()).toHaveValue("");
  });

  it("never writes a file's bytes: after a reload the typed text is back and the person chooses the file again", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session" });
    const ask = (store: ElicitationDraftStore) =>
      render(<ElicitationDialog serverName="Legal" request={contract} onResponse={vi.fn()} drafts={store} draftKey={question("c1")} fileInputs={fileInputs} />);
    const first = ask(drafts);
    await waitFor(() => expect(screen.getByRole("button", { name: /Document.*Choose a file/ })).toBeEnabled());
    await user.type(screen.getByRole("textbox", { name: /Signer/ }), "Ada");
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["SECRET-BYTES"], "contract.pdf", { type: "application/pdf" }));
    await screen.findByText("contract.pdf");
    first.unmount();

    const stored = sessionStorage.getItem(KEY) ?? "";
    expect(stored).toContain("Ada");
    expect(stored).not.toContain("data:");
    expect(stored).not.toContain(btoa("SECRET-BYTES"));

    // In this page the file is still there (memory); after a reload only the text comes back.
    const again = ask(drafts);
    expect(await screen.findByText("contract.pdf")).toBeVisible();
    again.unmount();
    ask(createElicitationDraftStore({ storage: "session" }));
    expect(screen.getByRole("textbox", { name: /Signer/ })).toHaveValue("Ada");
    await waitFor(() => expect(screen.getByRole("button", { name: /Document.*Choose a file/ })).toBeEnabled());
    expect(screen.queryByText("contract.pdf")).toBeNull();
  });

  it("stays within maxBytes, dropping the oldest drafts first", () => {
    const fields = [{ key: "username", index: 0, kind: "text" }] as never;
    const drafts = createElicitationDraftStore({ storage: "session", maxBytes: 400 });
    const on = (id: string) => ({ key: question(id), serverName: "GitHub", formKey: "form" });
    for (const n of [1, 2, 3, 4]) drafts.set(on(`q-${n}`), { f0: "x".repeat(100) }, fields);
    const text = sessionStorage.getItem(KEY) ?? "";
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(400);
    expect(text).toContain("q-4");
    expect(text).not.toContain("q-1");
    // One draft larger than the bound alone is kept in memory, not stored.
    drafts.set(on("huge"), { f0: "y".repeat(1_000) }, fields);
    expect(sessionStorage.getItem(KEY) ?? "").not.toContain("yyyy");
    expect(drafts.get(on("huge"))).toEqual({ f0: "y".repeat(1_000) });
  });

  it("a full storage keeps the draft in memory, and what another script left under the key is ignored", async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify([{ serverName: 1 }, "junk", { serverName: question("k"), key: "k", values: [] }, { serverName: "GitHub", key: "form", values: { f0: "old" } }]),
    );
    const drafts = createElicitationDraftStore({ storage: "session" });
    expect(drafts.size).toBe(0);
    // Not left behind either: an earlier version's draft, filed by server and form, would fill any question of that form.
    expect(sessionStorage.getItem(KEY)).toBeNull();
    const setItem = vi.spyOn(sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const user = userEvent.setup();
    const view = askGitHub(drafts, question("r1"));
    await user.type(username(), "octocat");
    await afterTyping();
    view.unmount();
    expect(setItem).toHaveBeenCalled();
    askGitHub(drafts, question("r1"));
    expect(username()).toHaveValue("octocat");
    setItem.mockRestore();

    sessionStorage.setItem(KEY, "{not json");
    expect(createElicitationDraftStore({ storage: "session" }).size).toBe(0);
  });

  it("names a wrong storage option", () => {
    expect(() => createElicitationDraftStore({ storage: "local" as never })).toThrow(/storage must be "memory" or "session" \(got "local"\)/);
  });
});
