import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FieldComponentProps } from "../../src/fields/FieldComponentProps";
import { useElicitationField } from "../../src/fields/useElicitationField";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { useElicitationForm } from "../../src/form/useElicitationForm";
import { ElicitationField } from "../../src/fields/ElicitationField";
import { contactInfo, developmentConfiguration } from "../fixtures/seedRequests";

describe("ElicitationForm (inline)", () => {
  it("draws the same fields without a dialog and submits validated content", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={developmentConfiguration.requestedSchema} onSubmit={onSubmit} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Vim" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ editor: "vim", port: 3000, enableHotReload: true });
  });

  it("names what is wrong with an invalid schema instead of drawing fields", () => {
    const onInvalidSchema = vi.fn();
    render(
      <ElicitationForm
        schema={{ type: "object", properties: { x: { $ref: "#/defs/x" } } }}
        onSubmit={vi.fn()}
        onInvalidSchema={onInvalidSchema}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("requestedSchema.properties.x");
    expect(onInvalidSchema).toHaveBeenCalledWith(expect.objectContaining({ code: -32602 }));
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("uses a host's component for one field kind and the defaults for the rest", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    function Stars(props: FieldComponentProps) {
      const { controller, ids } = useElicitationField(props);
      return (
        <button type="button" id={ids.inputId} onClick={() => controller.onChange("42")}>
          Rate {props.field.label}: {String(controller.value) || "none"}
        </button>
      );
    }
    render(<ElicitationForm schema={contactInfo.requestedSchema} onSubmit={onSubmit} fieldComponents={{ number: Stars }} />);
    await user.click(screen.getByRole("button", { name: /Rate Age/ }));
    expect(screen.getByRole("button", { name: "Rate Age: 42" })).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Ada", email: "ada@example.com", age: 42 });
  });
});

describe("useElicitationForm (headless)", () => {
  it("gives a host the descriptors and an accept handler for its own chrome", async () => {
    const user = userEvent.setup();
    const onAccept = vi.fn();
    function MyChrome() {
      const form = useElicitationForm(contactInfo.requestedSchema);
      return (
        <form onSubmit={form.handleAccept(onAccept)}>
          {form.fields.map((field) => (
            <ElicitationField key={field.key} field={field} control={form.form.control} messages={form.messages} />
          ))}
          <button type="submit">Send it</button>
        </form>
      );
    }
    render(<MyChrome />);
    await user.click(screen.getByRole("button", { name: "Send it" }));
    expect(onAccept).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveFocus();
    await user.type(screen.getByRole("textbox", { name: /Name/ }), "Ada");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send it" }));
    expect(onAccept).toHaveBeenCalledWith({ name: "Ada", email: "ada@example.com" });
  });
});
