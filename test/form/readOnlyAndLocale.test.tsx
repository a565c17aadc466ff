import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { contactInfo, developmentConfiguration, userPreferences } from "../fixtures/seedRequests";

describe("read-only preview", () => {
  it("shows an answer in the fields, ignores edits and offers no Submit", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <ElicitationForm
        schema={contactInfo.requestedSchema}
        content={{ name: "Ada Lovelace", email: "ada@example.com", age: 36 }}
        readOnly
        onSubmit={onSubmit}
      />,
    );
    const name = screen.getByRole("textbox", { name: /Name/ });
    expect(name).toHaveValue("Ada Lovelace");
    expect(name).toHaveAttribute("readonly");
    expect(screen.getByRole("spinbutton", { name: /Age/ })).toHaveValue(36);
    await user.type(name, "xyz");
    expect(name).toHaveValue("Ada Lovelace");
    expect(screen.queryByRole("button", { name: "Submit" })).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("keeps choices as they were and marks them read-only", async () => {
    const user = userEvent.setup();
    render(
      <ElicitationForm
        schema={developmentConfiguration.requestedSchema}
        content={{ editor: "vim", port: 8080, enableHotReload: false }}
        readOnly
        onSubmit={vi.fn()}
      />,
    );
    const vim = screen.getByRole("radio", { name: "Vim" });
    expect(vim).toBeChecked();
    expect(screen.getByRole("radiogroup")).toHaveAttribute("aria-readonly", "true");
    await user.click(screen.getByRole("radio", { name: "Emacs" }));
    expect(vim).toBeChecked();
    const hotReload = screen.getByRole("checkbox");
    expect(hotReload).not.toBeChecked();
    expect(hotReload).toHaveAttribute("aria-readonly", "true");
    await user.click(hotReload);
    expect(hotReload).not.toBeChecked();
  });

  it("starts from an earlier answer and still submits edits when not read-only", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <ElicitationForm schema={userPreferences.requestedSchema} content={{ notifications: true, maxFileSize: 20 }} onSubmit={onSubmit} />,
    );
    const size = screen.getByRole("spinbutton", { name: /Max File Size/ });
    expect(size).toHaveValue(20);
    await user.clear(size);
    await user.type(size, "25");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ notifications: true, maxFileSize: 25 });
  });
});

describe("locale and direction", () => {
  it("sets lang and dir on the inline form", () => {
    const { container } = render(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={vi.fn()} locale="ar" dir="rtl" />);
    const form = container.querySelector("form")!;
    expect(form).toHaveAttribute("lang", "ar");
    expect(form).toHaveAttribute("dir", "rtl");
  });

  it("sets lang and dir on the dialog, so every input inherits them", async () => {
    render(<ElicitationDialog serverName="Srv" request={contactInfo} onResponse={vi.fn()} locale="de-DE" dir="ltr" />);
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveAttribute("lang", "de-DE");
    expect(dialog).toHaveAttribute("dir", "ltr");
    expect(screen.getByRole("spinbutton").closest("[lang]")).toBe(dialog);
  });
});
