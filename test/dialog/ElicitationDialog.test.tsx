import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { contactInfo, githubUsernameTitled } from "../fixtures/seedRequests";
import { renderDialog } from "../renderDialog";

describe("ElicitationDialog", () => {
  it("is a dialog named after the asking server, showing the message as text", () => {
    renderDialog({
      message: "<img src=x onerror=alert(1)> Please provide\nyour <b>name</b>",
      requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    });
    const dialog = screen.getByRole("dialog", { name: /Acme Deploy/ });
    expect(dialog).toHaveAccessibleName("Acme Deploy is asking for information");
    expect(dialog).toHaveTextContent("<img src=x onerror=alert(1)> Please provide your <b>name</b>");
    expect(dialog.querySelector("img, b")).toBeNull();
    expect(dialog).toHaveAccessibleDescription(/Please provide/);
  });

  it("offers Submit, Decline and Cancel", () => {
    renderDialog(githubUsernameTitled);
    for (const name of ["Submit", "Decline", "Cancel"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
  });

  it("answers accept with the typed content once, and closes", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { username: "octocat" } });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("answers decline", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("answers cancel from the Cancel button", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
  });

  it("answers cancel on Escape, even with text typed", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    await user.type(screen.getByLabelText(/GitHub Username/), "octo");
    await user.keyboard("{Escape}");
    expect(onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
  });

  it("answers cancel on a pointer-down outside (on the backdrop)", () => {
    const { onResponse } = renderDialog(githubUsernameTitled);
    const dialog = screen.getByRole("dialog");
    fireEvent.pointerDown(screen.getByLabelText(/GitHub Username/));
    expect(onResponse).not.toHaveBeenCalled();
    fireEvent.pointerDown(dialog);
    expect(onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
  });

  it("lets the host keep the dialog open on Escape or outside pointer-down", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled, {
      onEscapeKeyDown: (event) => event.preventDefault(),
      onPointerDownOutside: (event) => event.preventDefault(),
    });
    await user.keyboard("{Escape}");
    fireEvent.pointerDown(screen.getByRole("dialog"));
    expect(onResponse).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("answers exactly once however many answers the person gives", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    await user.type(screen.getByLabelText(/GitHub Username/), "octocat");
    const submit = screen.getByRole("button", { name: "Submit" });
    const decline = screen.getByRole("button", { name: "Decline" });
    await user.dblClick(submit);
    fireEvent.click(decline);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onResponse).toHaveBeenCalledTimes(1);
    expect(onResponse.mock.calls[0]![0].action).toBe("accept");
  });

  it("closes without answering when the signal aborts", async () => {
    const controller = new AbortController();
    const { onResponse } = renderDialog(githubUsernameTitled, { signal: controller.signal });
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    act(() => controller.abort(new Error("server withdrew")));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("shows nothing for an already aborted signal", () => {
    const { onResponse } = renderDialog(githubUsernameTitled, { signal: AbortSignal.abort() });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("validates before accepting: shows errors, focuses the first invalid field, sends nothing, keeps input", async () => {
    const { user, onResponse } = renderDialog(contactInfo);
    const email = screen.getByLabelText(/email/i);
    const age = screen.getByLabelText(/age/i);
    await user.type(email, "not-an-email");
    await user.type(age, "12");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(onResponse).not.toHaveBeenCalled();
    const name = screen.getByLabelText(/name/i);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(/This field is required/);
    expect(email).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(age).toHaveAccessibleDescription(/Must be 18 or more/);
    expect(email).toHaveValue("not-an-email");
    expect(age).toHaveValue(12);

    await user.type(name, "Monalisa Octocat");
    await user.clear(email);
    await user.type(email, "monalisa@example.com");
    await user.clear(age);
    await user.type(age, "30");
    expect(email).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse.mock.calls).toEqual([
      [{ action: "accept", content: { name: "Monalisa Octocat", email: "monalisa@example.com", age: 30 } }],
    ]);
  });

  it("shows a field's error once it is touched, not before", async () => {
    const { user } = renderDialog(contactInfo);
    const email = screen.getByLabelText(/email/i);
    await user.type(email, "nope");
    expect(email).not.toHaveAttribute("aria-invalid");
    await user.tab();
    expect(email).toHaveAttribute("aria-invalid", "true");
    const errorId = email.getAttribute("aria-describedby")!.split(" ").at(-1)!;
    expect(document.getElementById(errorId)).toHaveTextContent("Enter a valid email address");
  });

  it("reports an invalid request to the host with JSON-RPC -32602 and draws nothing", () => {
    const onInvalidRequest = vi.fn();
    const { onResponse } = renderDialog(
      { message: "x", requestedSchema: { type: "object", properties: { address: { type: "object" } } } },
      { onInvalidRequest },
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onInvalidRequest).toHaveBeenCalledTimes(1);
    expect(onInvalidRequest.mock.calls[0]![0]).toMatchObject({ code: -32602 });
    expect(onInvalidRequest.mock.calls[0]![0].message).toContain("requestedSchema.properties.address");
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("without an invalid-request handler, names the problem and closes as cancel", async () => {
    const { user, onResponse } = renderDialog({
      message: "x",
      requestedSchema: { type: "object", properties: { tags: { type: "array", items: { type: "object" } } } },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("requestedSchema.properties.tags");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
  });

  it("takes replacement wording for every button and the title", () => {
    renderDialog(githubUsernameTitled, {
      messages: { submit: "Senden", decline: "Ablehnen", cancel: "Abbrechen", dialogTitle: "Anfrage von {server}" },
    });
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Anfrage von Acme Deploy");
    for (const name of ["Senden", "Ablehnen", "Abbrechen"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
  });

  it("focuses the dialog itself on open (what is typed goes nowhere), Tab reaches the first field, focus goes back on close", async () => {
    const user = userEvent.setup();
    const answers: ElicitResult[] = [];
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Run tool</button>
          {open ? (
            <ElicitationDialog
              serverName="Acme"
              request={githubUsernameTitled}
              onResponse={(result) => {
                answers.push(result);
                setOpen(false);
              }}
            />
          ) : null}
        </>
      );
    }
    render(<Host />);
    const trigger = screen.getByRole("button", { name: "Run tool" });
    await user.click(trigger);
    const dialog = screen.getByRole("dialog");
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(screen.getByLabelText(/GitHub Username/));
    await user.keyboard("typed for the chat{Enter}");
    expect(answers).toEqual([]);
    expect(screen.getByLabelText(/GitHub Username/)).toHaveValue("");
    await user.tab();
    expect(screen.getByLabelText(/GitHub Username/)).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(answers).toEqual([{ action: "cancel" }]);
    expect(trigger).toHaveFocus();
  });

  it("keeps Tab inside the dialog", async () => {
    const { user } = renderDialog(githubUsernameTitled);
    const input = screen.getByLabelText(/GitHub Username/);
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    // The × (named Close, answering cancel) comes last, then Tab wraps to the first field.
    await user.tab();
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
  });

  it("the × in the header is Cancel, named apart from the Cancel button", async () => {
    const { user, onResponse } = renderDialog(githubUsernameTitled);
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveAttribute("data-action", "close");
    await user.click(close);
    expect(onResponse).toHaveBeenCalledWith({ action: "cancel" });
  });

  it("a notice has its own Close and no ×", () => {
    renderDialog({ message: "Nested", requestedSchema: { type: "object", properties: { a: { type: "object" } } } } as never);
    expect(screen.getAllByRole("button", { name: "Close" })).toHaveLength(1);
  });

  it("an icon from the host sits in the header beside the title", () => {
    renderDialog(githubUsernameTitled, { icon: <img src="data:," alt="" data-testid="logo" /> });
    expect(screen.getByTestId("logo").closest(".rme-dialog__header")).not.toBeNull();
  });

  it("Shift+Tab from the dialog as it opens goes to its last button (the × Close), never out of it", async () => {
    const { user } = renderDialog(githubUsernameTitled);
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
  });

  it("can be completed with the keyboard alone", async () => {
    const { user, onResponse } = renderDialog({
      message: "Set up",
      requestedSchema: {
        type: "object",
        properties: {
          name: { type: "string", title: "Name" },
          size: { type: "string", title: "Size", oneOf: [{ const: "s", title: "Small" }, { const: "l", title: "Large" }] },
          agree: { type: "boolean", title: "Agree" },
        },
        required: ["name", "size"],
      },
    });
    await user.tab();
    await user.keyboard("Ada");
    await user.tab();
    await user.keyboard("{ArrowDown}");
    await user.tab();
    await user.keyboard(" ");
    await user.tab(); // Cancel
    await user.tab(); // Decline
    await user.tab(); // Submit
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { name: "Ada", size: "l", agree: true } }]]);
  });
});
