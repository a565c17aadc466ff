// The validation engines arrive as separate chunks. When one cannot be loaded (offline, a blocked
// request) the form is still drawn and usable; on Submit the person is told, nothing is sent, and
// nothing typed is lost. Each case has a validation runtime of its own whose engine chunks fail.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { createValidationRuntime, type ValidationRuntime } from "../../src/core/validation/validationRuntime";
import type { ValidationEngine } from "../../src/core/validation/validationEngine";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ValidationRuntimeContext } from "../../src/form/ValidationRuntimeContext";
import { bankTransfer, contactInfo } from "../fixtures/seedRequests";

const unavailable = /can't be checked right now/;

/** A runtime whose `failing` engines cannot be fetched while `offline()` says so. */
function runtimeWithout(failing: ValidationEngine[], offline: () => boolean = () => true) {
  const importEngine = vi.fn(async (engine: ValidationEngine) => {
    if (failing.includes(engine) && offline()) throw new Error("Failed to fetch dynamically imported module");
    if (engine === "ajv") {
      const { createAjvCompiler } = await import("../../src/core/validation/engines/ajvEngine");
      return { createCompiler: () => createAjvCompiler() };
    }
    const { compileEvalFreeValidator } = await import("../../src/core/validation/engines/evalFreeValidator");
    return { createCompiler: () => compileEvalFreeValidator };
  });
  return { runtime: createValidationRuntime({ importEngine }), importEngine };
}

const within = (runtime: ValidationRuntime) =>
  function Provider({ children }: { children: ReactNode }) {
    return <ValidationRuntimeContext.Provider value={runtime}>{children}</ValidationRuntimeContext.Provider>;
  };

describe("when validation code fails to load", () => {
  it("a request with a pattern is drawn at once even when the engine chunk cannot load, and Decline still answers", async () => {
    const { runtime } = runtimeWithout(["ajv", "eval-free"]);
    runtime.engine.set("ajv");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="Bank" request={bankTransfer} onResponse={onResponse} />, { wrapper: within(runtime) });
    // On the first render, before anything could have loaded.
    expect(screen.getByRole("dialog", { name: /Bank/ })).toHaveAttribute("data-mode", "form");
    const account = screen.getByRole("textbox", { name: /Recipient account/ });
    await user.type(account, "12345");
    expect(account).toHaveValue("12345");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  });

  it("when Ajv's chunk cannot load on a page that allows eval, the eval-free engine checks the answer instead", async () => {
    const { runtime, importEngine } = runtimeWithout(["ajv"]);
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />, { wrapper: within(runtime) });
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: /Email/ })).toHaveAccessibleDescription(/Enter a valid email address$/));
    expect(onResponse).not.toHaveBeenCalled();
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onResponse).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", email: "ada@example.com" } }));
    // Ajv was tried, and the eval-free engine answered.
    expect(importEngine.mock.calls.map(([engine]) => engine)).toEqual(expect.arrayContaining(["ajv", "eval-free"]));
  });

  it("Submit says the form cannot be checked, sends nothing and keeps the input; the next Submit tries again", async () => {
    let failing = true;
    const { runtime } = runtimeWithout(["ajv"], () => failing);
    runtime.engine.set("ajv");
    const onResponse = vi.fn();
    const user = userEvent.setup();
    render(<ElicitationDialog serverName="CRM" request={contactInfo} onResponse={onResponse} />, { wrapper: within(runtime) });
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
  });
});
