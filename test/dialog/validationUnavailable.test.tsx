// The validation engines arrive as separate chunks. When one cannot be loaded (offline, a blocked
// request) the person is told, nothing is sent, and nothing typed is lost.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bankTransfer, contactInfo } from "../fixtures/seedRequests";

const unavailable = /can't be checked right now/;

describe("when validation code fails to load", () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.doUnmock("re2js");
    vi.doUnmock("../../src/core/ajvEngine");
  });

  it("a request with a pattern says it cannot be shown, and Close answers cancel", async () => {
    vi.doMock("re2js", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={onResponse} />);
    const dialog = await screen.findByRole("dialog", { name: /Bank/ });
    expect(dialog).toHaveAttribute("data-mode", "unavailable");
    expect(screen.getByRole("alert")).toHaveTextContent(unavailable);
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "cancel" }]]);
  });

  it("Submit says the form cannot be checked, sends nothing and keeps the input; the next Submit tries again", async () => {
    let failing = true;
    vi.doMock("../../src/core/ajvEngine", async (importOriginal) => {
      if (failing) throw new Error("Failed to fetch dynamically imported module");
      return importOriginal();
    });
    const { setValidationEngine } = await import("../../src/core/validationEngine");
    setValidationEngine("ajv");
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />);
    const name = screen.getByRole("textbox", { name: /Name/ });
    await user.type(name, "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(unavailable);
    expect(onResponse).not.toHaveBeenCalled();
    expect(name).toHaveValue("Ada");

    failing = false;
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
    setValidationEngine("auto");
  });
});
