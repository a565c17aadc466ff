// One answer per request whatever the person does, and nothing typed is lost.
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { renderDialog } from "../renderDialog";
import { render } from "@testing-library/react";
import type { ElicitParams } from "../../src/core/types";

const request = {
  message: "Who are you?",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Name", minLength: 2 },
      email: { type: "string", title: "Email", format: "email" },
      age: { type: "integer", title: "Age", minimum: 18 },
      news: { type: "boolean", title: "Newsletter" },
    },
    required: ["name", "email"],
  },
};

async function fillValid(user: ReturnType<typeof renderDialog>["user"]) {
  await user.type(screen.getByLabelText(/Name/), "Ada");
  await user.type(screen.getByLabelText(/Email/), "ada@example.com");
}

describe("exactly one response", () => {
  it("double-clicking Submit answers once", async () => {
    const { user, onResponse } = renderDialog(request);
    await fillValid(user);
    await user.dblClick(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com", news: false } });
  });

  it("Enter in a field plus a click on Submit answers once", async () => {
    const { onResponse } = renderDialog(request);
    // No pause between key presses: Enter's submit is still validating when the click comes.
    const user = userEvent.setup({ delay: null });
    await fillValid(user);
    const email = screen.getByLabelText(/Email/);
    const submit = screen.getByRole("button", { name: "Submit" });
    const submits = vi.fn();
    submit.closest("form")!.addEventListener("submit", submits);
    expect(email).toHaveFocus();
    await act(async () => {
      await user.keyboard("{Enter}");
      await user.click(submit);
    });
    // Both reached the form (Enter in a field submits it), and one answer went out.
    expect(submits).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(onResponse).toHaveBeenCalled());
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { name: "Ada", email: "ada@example.com", news: false } }]]);
  });

  it("Escape while the submit is still validating answers cancel, once", async () => {
    const { user, onResponse } = renderDialog(request);
    await fillValid(user);
    const submit = screen.getByRole("button", { name: "Submit" });
    await act(async () => {
      fireEvent.submit(submit.closest("form")!);
      fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ action: "cancel" });
  });

  it("Decline then Cancel then Submit answers once", async () => {
    const { onResponse } = renderDialog(request);
    const decline = screen.getByRole("button", { name: "Decline" });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    await act(async () => {
      fireEvent.click(decline);
      fireEvent.click(cancel);
    });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ action: "decline" });
  });
});

describe("nothing typed is lost", () => {
  it("a failed validation keeps every typed value", async () => {
    const { user, onResponse } = renderDialog(request);
    await user.type(screen.getByLabelText(/Name/), "A");
    await user.type(screen.getByLabelText(/Email/), "not-an-email");
    await user.type(screen.getByLabelText(/Age/), "12");
    await user.click(screen.getByLabelText(/Newsletter/));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Name/)).toHaveValue("A");
    expect(screen.getByLabelText(/Email/)).toHaveValue("not-an-email");
    expect(screen.getByLabelText(/Age/)).toHaveValue(12);
    expect(screen.getByLabelText(/Newsletter/)).toBeChecked();
    expect(screen.getByLabelText(/Name/)).toHaveAttribute("aria-invalid", "true");
  });

  it("a cancelled form's input is offered again to the same server and schema, can be cleared, and is never stored", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const first = renderDialog(request, { drafts });
    await first.user.type(screen.getByLabelText(/Name/), "Ada L");
    await first.user.click(screen.getByLabelText(/Newsletter/));
    await first.user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(first.onResponse).toHaveBeenCalledWith({ action: "cancel" });
    first.unmount();
    expect(drafts.size).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);

    // Another server asking the same form starts fresh.
    const other = render(<ElicitationDialog serverName="Other" request={request as ElicitParams} onResponse={() => {}} drafts={drafts} />);
    expect(screen.getByLabelText(/Name/)).toHaveValue("");
    expect(screen.queryByRole("status")).toBeNull();
    other.unmount();

    // The same server, the same schema (a new object): restored, with a notice.
    const again = renderDialog(JSON.parse(JSON.stringify(request)), { drafts });
    expect(screen.getByLabelText(/Name/)).toHaveValue("Ada L");
    expect(screen.getByLabelText(/Newsletter/)).toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("Your earlier answers to this form were restored.");
    await again.user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByLabelText(/Name/)).toHaveValue("");
    expect(screen.getByLabelText(/Newsletter/)).not.toBeChecked();
    expect(screen.queryByRole("status")).toBeNull();
    expect(drafts.size).toBe(0);
  });

  it("a withdrawn request keeps the draft; submitting forgets it", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const controller = new AbortController();
    const first = renderDialog(request, { drafts, signal: controller.signal });
    await first.user.type(screen.getByLabelText(/Name/), "Ada");
    act(() => controller.abort());
    expect(first.onResponse).not.toHaveBeenCalled();
    first.unmount();
    expect(drafts.size).toBe(1);
    const again = renderDialog(request, { drafts });
    expect(screen.getByLabelText(/Name/)).toHaveValue("Ada");
    await again.user.type(screen.getByLabelText(/Email/), "ada@example.com");
    await again.user.click(screen.getByRole("button", { name: "Submit" }));
    expect(again.onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com", news: false } });
    expect(drafts.size).toBe(0);
  });

  it("an untouched form leaves no draft, and sensitive fields are never kept", async () => {
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const untouched = renderDialog(request, { drafts });
    await untouched.user.click(screen.getByRole("button", { name: "Cancel" }));
    untouched.unmount();
    expect(drafts.size).toBe(0);

    const secret = {
      message: "Log in",
      requestedSchema: { type: "object", properties: { user: { type: "string", title: "User" }, password: { type: "string", title: "Password" } } },
    };
    const first = renderDialog(secret, { drafts });
    await first.user.type(screen.getByLabelText(/User/), "ada");
    await first.user.type(screen.getByLabelText(/Password/), "hunter2");
    await first.user.click(screen.getByRole("button", { name: "Cancel" }));
    first.unmount();
    renderDialog(secret, { drafts });
    expect(screen.getByLabelText(/User/)).toHaveValue("ada");
    expect(screen.getByLabelText(/Password/)).toHaveValue("");
  });
});
