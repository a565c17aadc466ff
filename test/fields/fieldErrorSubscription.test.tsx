// A built-in field watches its error from the moment React attaches its input (no effect per field).
// What changes between the field's render and that moment must still be shown. In a long form the
// fields after the first screenful arrive in a later commit; an error set there by a layout effect
// earlier in the tree (which runs before the later field's input is attached, and after the form's
// own start-up broadcast) reaches the field only through the read it makes as its input attaches.
import { render, screen, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { BooleanFieldDescriptor } from "../../src/core/types";
import type { FieldComponentProps } from "../../src/fields/FieldComponentProps";
import { defaultFieldRegistry } from "../../src/fields/fieldRegistry";
import { ElicitationForm } from "../../src/form/ElicitationForm";

const SIZE = 60;

/** Text fields, with one checkbox at 45 (the field that sets the error) and the field it flags at 50. */
function schema() {
  const properties = Object.fromEntries(
    Array.from({ length: SIZE }, (_, i) => [`k${i}`, i === 45 ? { type: "boolean", title: `Tick ${i}` } : { type: "string", title: `Field ${i}` }]),
  );
  const parsed = parseElicitationSchema({ type: "object", properties }, { limits: { maxProperties: SIZE } });
  if (!parsed.ok) throw parsed.error;
  return parsed.schema;
}

/** The built-in checkbox, which as it mounts flags field 50 (a host's own component may do such a thing). */
function FlaggingCheckbox(props: FieldComponentProps) {
  const { control, field } = props;
  useLayoutEffect(() => {
    if (field.key === "k45") control.setError("f50", { type: "server", message: "That name is taken" });
  }, [control, field.key]);
  const Checkbox = defaultFieldRegistry.boolean;
  return <Checkbox {...(props as FieldComponentProps<BooleanFieldDescriptor>)} />;
}
const components = { boolean: FlaggingCheckbox };

describe("a built-in field's error", () => {
  it.each([
    ["in a production build", false],
    ["under StrictMode", true],
  ])("is shown when it was set after the field rendered but before its input was attached, %s", async (_, reactStrictMode) => {
    render(<ElicitationForm schema={schema()} onSubmit={vi.fn()} fieldComponents={components} />, { reactStrictMode });
    expect(screen.queryByRole("textbox", { name: /Field 50/ })).toBeNull();
    const late = await screen.findByRole("textbox", { name: /Field 50/ });
    await waitFor(() => expect(late).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByText("That name is taken")).toBeVisible();
  });
});
