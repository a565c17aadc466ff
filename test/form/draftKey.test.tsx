// Drafts are filed under the form as drawn (`formKey`): a file field (`fileInputs`) and the URL field
// with the same key and title validate alike, yet a draft of one is never restored into the other.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fileInputs } from "../../src/core/request/fileInputs";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";

const request = (withFile: boolean) => ({
  message: "Attach the contract.",
  requestedSchema: {
    type: "object" as const,
    properties: { document: { type: "string", format: "uri", title: "Document", ...(withFile && { "x-mcp-file": {} }) } },
  },
});

describe("drafts and file fields", () => {
  it("a cancelled file is offered again to the same file field, in memory, and never to a URL field of the same key and title", async () => {
    const user = userEvent.setup();
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const ask = (withFile: boolean) =>
      render(<ElicitationDialog serverName="Legal" request={request(withFile)} onResponse={vi.fn()} drafts={drafts} fileInputs={fileInputs} />);

    const first = ask(true);
    await waitFor(() => expect(screen.getByRole("button", { name: /Document.*Choose a file/ })).toBeEnabled());
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["SECRET"], "contract.pdf", { type: "application/pdf" }));
    await screen.findByText("contract.pdf");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();

    // The same server, the same key and title, as a plain URL field: it starts empty.
    const asUrl = ask(false);
    expect(screen.getByRole("textbox", { name: /Document/ })).toHaveValue("");
    expect(screen.queryByText(/earlier answers/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    asUrl.unmount();

    // The file form again: the person's file is back (drafts live in memory only).
    ask(true);
    expect(await screen.findByText("contract.pdf")).toBeInTheDocument();
  });
});
