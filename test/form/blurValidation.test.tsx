import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { renderDialog } from "../renderDialog";

const schema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    email: { type: "string", title: "Email", format: "email" },
  },
  required: ["name", "email"],
};
const request = { message: "Who are you?", requestedSchema: schema };
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("checking a field when the person leaves it", () => {
  it("shows the required error when the person moves on to another field", async () => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema} onSubmit={vi.fn()} />);
    await user.click(screen.getByRole("textbox", { name: /Name/ }));
    await user.tab();
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
  });

  it("moving from an untouched field to the dialog's own buttons shows no error", async () => {
    const { user } = renderDialog(request);
    await user.click(screen.getByRole("textbox", { name: /Email/ }));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    await nextTask();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("textbox", { name: /Email/ })).not.toHaveAttribute("aria-invalid");
  });

  it("a field the person changed is still checked on the way to a button", async () => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema} onSubmit={vi.fn()} />);
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "not-an-email");
    await user.tab();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
  });

  it("while a pointer is pressed the check waits until the press is over", async () => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema} onSubmit={vi.fn()} />);
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "not-an-email");
    const elsewhere = screen.getByText(/required/);
    await user.pointer({ keys: "[MouseLeft>]", target: elsewhere });
    await nextTask();
    expect(screen.queryByText("Enter a valid email address")).toBeNull();
    await user.pointer({ keys: "[/MouseLeft]", target: elsewhere });
    expect(await screen.findByText("Enter a valid email address")).toBeInTheDocument();
  });

  it("Decline answers on the first press with an untouched required field focused", async () => {
    const { user, onResponse } = renderDialog(request);
    await user.click(screen.getByRole("textbox", { name: /Name/ }));
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  });
});
