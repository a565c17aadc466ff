// ElicitationForm takes a schema or a controller, never both: given a controller it draws that
// form hook's fields and makes no second one.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { contactInfo } from "../fixtures/seedRequests";

const formHooks = vi.hoisted(() => ({ made: 0, formRenders: 0 }));

vi.mock("../../src/form/useFormControl", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/form/useFormControl")>();
  return {
    ...original,
    useFormControl: (...args: Parameters<typeof original.useFormControl>) => {
      formHooks.made += 1;
      return original.useFormControl(...args);
    },
  };
});

// Called once by every render of the form's view: counts the renders of the form.
vi.mock("../../src/form/useDrawnFieldCount", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/form/useDrawnFieldCount")>();
  return {
    ...original,
    useDrawnFieldCount: (...args: Parameters<typeof original.useDrawnFieldCount>) => {
      formHooks.formRenders += 1;
      return original.useDrawnFieldCount(...args);
    },
  };
});

const { ElicitationForm } = await import("../../src/form/ElicitationForm");
const { useElicitationForm } = await import("../../src/form/useElicitationForm");

describe("ElicitationForm with a controller", () => {
  it("makes no form hook of its own: one per render of the host's component", async () => {
    let hostRenders = 0;
    const onSubmit = vi.fn();
    function Host() {
      hostRenders += 1;
      const controller = useElicitationForm(contactInfo.requestedSchema);
      return <ElicitationForm controller={controller} onSubmit={onSubmit} />;
    }
    formHooks.made = 0;
    const user = userEvent.setup();
    render(<Host />);
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Ada", email: "ada@example.com" }));
    expect(hostRenders).toBeGreaterThan(0);
    expect(formHooks.made).toBe(hostRenders);
  });

  it("given a schema, makes its own hook (one per render of the form)", async () => {
    formHooks.made = 0;
    formHooks.formRenders = 0;
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    const view = render(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    // The host renders it again: the form renders again, with the same one hook.
    view.rerender(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={onSubmit} className="again" />);
    view.rerender(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={onSubmit} className="once more" />);
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: "Ada", email: "ada@example.com" }));
    expect(formHooks.formRenders).toBeGreaterThanOrEqual(3);
    expect(formHooks.made).toBe(formHooks.formRenders);
  });
});
