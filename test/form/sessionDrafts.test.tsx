// Drafts kept in the tab's sessionStorage (`createElicitationDraftStore({ storage: "session" })`): a
// store made after a reload (a new store, the same sessionStorage) offers what was typed; a file is
// never written there; a full, blocked or tampered storage costs the stored copy only.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileInputs } from "../../src/core/request/fileInputs";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationDraftStore, type ElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { githubUsernameTitled } from "../fixtures/seedRequests";

const KEY = "react-mcp-elicitation:drafts";

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

/** Types `text` into the GitHub form and cancels: the draft is kept. */
async function typeAndCancel(drafts: ElicitationDraftStore, text: string) {
  const user = userEvent.setup();
  const view = render(<ElicitationDialog serverName="GitHub" request={githubUsernameTitled} onResponse={vi.fn()} drafts={drafts} />);
  await user.type(screen.getByLabelText(/GitHub Username/), text);
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  view.unmount();
}

function askGitHub(drafts: ElicitationDraftStore) {
  return render(<ElicitationDialog serverName="GitHub" request={githubUsernameTitled} onResponse={vi.fn()} drafts={drafts} />);
}

afterEach(() => {
  sessionStorage.clear();
});

describe('createElicitationDraftStore({ storage: "session" })', () => {
  it("a store made after a reload offers what was typed, and says so", async () => {
    await typeAndCancel(createElicitationDraftStore({ storage: "session" }), "octocat");
    // The reload: everything in memory is gone, sessionStorage stays.
    askGitHub(createElicitationDraftStore({ storage: "session" }));
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
    expect(screen.getByText("Your earlier answers to this form were restored.")).toBeVisible();
  });

  it("the default store keeps drafts in memory only", async () => {
    await typeAndCancel(createElicitationDraftStore(), "octocat");
    expect(sessionStorage.length).toBe(0);
    askGitHub(createElicitationDraftStore());
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("");
  });

  it("an answer sent forgets the stored draft too", async () => {
    const drafts = createElicitationDraftStore({ storage: "session" });
    await typeAndCancel(drafts, "octocat");
    const user = userEvent.setup();
    const onResponse = vi.fn();
    render(<ElicitationDialog serverName="GitHub" request={githubUsernameTitled} onResponse={onResponse} drafts={drafts} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { username: "octocat" } }));
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(createElicitationDraftStore({ storage: "session" }).size).toBe(0);
  });

  it("never writes a file's bytes: after a reload the typed text is back and the person chooses the file again", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ storage: "session" });
    const ask = (store: ElicitationDraftStore) =>
      render(<ElicitationDialog serverName="Legal" request={contract} onResponse={vi.fn()} drafts={store} fileInputs={fileInputs} />);
    const first = ask(drafts);
    await waitFor(() => expect(screen.getByRole("button", { name: /Document.*Choose a file/ })).toBeEnabled());
    await user.type(screen.getByRole("textbox", { name: /Signer/ }), "Ada");
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["SECRET-BYTES"], "contract.pdf", { type: "application/pdf" }));
    await screen.findByText("contract.pdf");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();

    const stored = sessionStorage.getItem(KEY) ?? "";
    expect(stored).toContain("Ada");
    expect(stored).not.toContain("data:");
    expect(stored).not.toContain(btoa("SECRET-BYTES"));

    // In this page the file is still offered (memory); after a reload only the text comes back.
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
    for (const n of [1, 2, 3, 4]) drafts.set("GitHub", `form-${n}`, { f0: "x".repeat(100) }, fields);
    const text = sessionStorage.getItem(KEY) ?? "";
    expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(400);
    expect(text).toContain("form-4");
    expect(text).not.toContain("form-1");
    // One draft larger than the bound alone is kept in memory, not stored.
    drafts.set("GitHub", "huge", { f0: "y".repeat(1_000) }, fields);
    expect(sessionStorage.getItem(KEY) ?? "").not.toContain("yyyy");
    expect(drafts.get("GitHub", "huge")).toEqual({ f0: "y".repeat(1_000) });
  });

  it("a full storage keeps the draft in memory, and what another script left under the key is ignored", async () => {
    sessionStorage.setItem(KEY, JSON.stringify([{ serverName: 1 }, "junk", { serverName: "GitHub", key: "k", values: [] }]));
    const drafts = createElicitationDraftStore({ storage: "session" });
    expect(drafts.size).toBe(0);
    const setItem = vi.spyOn(sessionStorage, "setItem").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    await typeAndCancel(drafts, "octocat");
    expect(setItem).toHaveBeenCalled();
    askGitHub(drafts);
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("octocat");
    setItem.mockRestore();

    sessionStorage.setItem(KEY, "{not json");
    expect(createElicitationDraftStore({ storage: "session" }).size).toBe(0);
  });

  it("names a wrong storage option", () => {
    expect(() => createElicitationDraftStore({ storage: "local" as never })).toThrow(/storage must be "memory" or "session" \(got "local"\)/);
  });
});
