// The validation engines arrive as separate chunks. When one cannot be loaded (offline, a blocked
// request) the form is still drawn and usable; on Submit the person is told, nothing is sent, and
// nothing typed is lost.
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
    vi.doUnmock("../../src/core/validation/engines/ajvEngine");
  });

  it("a request with a pattern is drawn at once even when the engine chunk cannot load, and Decline still answers", async () => {
    vi.doMock("../../src/core/validation/engines/ajvEngine", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { setValidationEngine } = await import("../../src/core/loading/selectValidationEngine");
    setValidationEngine("ajv");
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={onResponse} />);
    // On the first render, before anything could have loaded.
    expect(screen.getByRole("dialog", { name: /Bank/ })).toHaveAttribute("data-mode", "form");
    const account = screen.getByRole("textbox", { name: /Recipient account/ });
    await user.type(account, "12345");
    expect(account).toHaveValue("12345");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
    setValidationEngine("auto");
  });

  it("when Ajv's chunk cannot load on a page that allows eval, the eval-free engine checks the answer instead", async () => {
    vi.doMock("../../src/core/validation/engines/ajvEngine", () => {
      throw new Error("Failed to fetch dynamically imported module");
    });
    const { ElicitationDialog } = await import("../../src/dialog/ElicitationDialog");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />);
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: /Email/ })).toHaveAccessibleDescription(/Enter a valid email address$/));
    expect(onResponse).not.toHaveBeenCalled();
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
  });

  it("Submit says the form cannot be checked, sends nothing and keeps the input; the next Submit tries again", async () => {
    let failing = true;
    vi.doMock("../../src/core/validation/engines/ajvEngine", async (importOriginal) => {
      if (failing) throw new Error("Failed to fetch dynamically imported module");
      return importOriginal();
    });
    const { setValidationEngine } = await import("../../src/core/loading/selectValidationEngine");
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
