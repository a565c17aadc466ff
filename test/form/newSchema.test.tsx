import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ElicitationForm } from "../../src/form/ElicitationForm";

// A host that keeps one form on screen and hands it the next request's schema: the inputs, which
// hold their own values, must show the new defaults and report what is typed into them next.
const first = {
  type: "object" as const,
  properties: {
    name: { type: "string", title: "Name", default: "Ada" },
    age: { type: "integer", title: "Age", default: 36 },
    tea: { type: "boolean", title: "Tea", default: true },
    region: { type: "string", title: "Region", enum: ["eu", "us", "ap", "af", "sa", "me"], default: "eu" },
    colour: { type: "string", title: "Colour", enum: ["red", "blue"], default: "red" },
    extra: { type: "string", title: "Extra" },
  },
};
const second = {
  type: "object" as const,
  properties: {
    name: { type: "string", title: "Name", default: "Grace" },
    age: { type: "integer", title: "Age", default: 45 },
    tea: { type: "boolean", title: "Tea", default: false },
    region: { type: "string", title: "Region", enum: ["eu", "us", "ap", "af", "sa", "me"], default: "us" },
    colour: { type: "string", title: "Colour", enum: ["red", "blue"], default: "blue" },
    // The same place in the form, another kind of input.
    extra: { type: "number", title: "Extra" },
  },
};

describe("a new schema in the same form", () => {
  it("shows the new defaults and sends what is typed afterwards", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const view = render(<ElicitationForm schema={first} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Name"), " Lovelace");
    await user.type(screen.getByLabelText("Extra"), "text");
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");

    view.rerender(<ElicitationForm schema={second} onSubmit={onSubmit} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Grace");
    expect(screen.getByLabelText("Age")).toHaveValue(45);
    expect(screen.getByLabelText("Tea")).not.toBeChecked();
    expect(screen.getByLabelText("Region")).toHaveValue("us");
    expect(screen.getByRole("radio", { name: "blue" })).toBeChecked();
    expect(screen.getByLabelText("Extra")).toHaveValue(null);

    await user.type(screen.getByLabelText("Name"), " Hopper");
    await user.clear(screen.getByLabelText("Age"));
    await user.type(screen.getByLabelText("Age"), "85");
    await user.click(screen.getByLabelText("Tea"));
    await user.selectOptions(screen.getByLabelText("Region"), "ap");
    await user.click(screen.getByRole("radio", { name: "red" }));
    await user.type(screen.getByLabelText("Extra"), "2.5");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Grace Hopper", age: 85, tea: true, region: "ap", colour: "red", extra: 2.5 });
  });
});
