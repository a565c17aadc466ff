import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { FieldComponentProps } from "../../src/fields/FieldComponentProps";
import { TextField } from "../../src/fields/TextField";
import { useElicitationField } from "../../src/fields/useElicitationField";
import { ElicitationForm } from "../../src/form/ElicitationForm";

describe("render isolation", () => {
  it("typing in one field of fifty re-renders that field only", async () => {
    const user = userEvent.setup();
    const renders = new Map<string, number>();
    // Not memoised on purpose: any re-render of the form would re-render every one of these.
    function CountingText(props: FieldComponentProps) {
      renders.set(props.field.key, (renders.get(props.field.key) ?? 0) + 1);
      useElicitationField(props);
      return <TextField {...(props as FieldComponentProps<never>)} />;
    }
    const properties = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field${i}`, { type: "string" }]));
    render(
      <ElicitationForm schema={{ type: "object", properties }} onSubmit={() => undefined} fieldComponents={{ text: CountingText }} />,
    );
    expect([...renders.values()].every((count) => count === 1)).toBe(true);

    await user.type(screen.getByLabelText("field10"), "hello");

    const changed = [...renders].filter(([, count]) => count > 1).map(([key]) => key);
    expect(changed).toEqual(["field10"]);
    expect(renders.get("field10")).toBeLessThanOrEqual(1 + "hello".length * 2);
  });
});
