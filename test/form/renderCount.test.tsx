import { Profiler, type ComponentType, type ProfilerOnRenderCallback } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { FieldKind } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import type { FieldComponentProps } from "../../src/fields/FieldComponentProps";
import { defaultFieldRegistry, type FieldRegistry } from "../../src/fields/fieldRegistry";
import { ElicitationForm } from "../../src/form/ElicitationForm";

// Every commit in which a field's real (default) component rendered, per field key. Each default
// component is wrapped in a <Profiler>, which reports any render inside it: one caused by the form
// above, or by the field's own subscription to react-hook-form.
let commits = new Map<string, string[]>();
const onRender: ProfilerOnRenderCallback = (id, phase) => commits.set(id, [...(commits.get(id) ?? []), phase]);

function counting<K extends FieldKind>(kind: K): FieldRegistry[K] {
  const Real = defaultFieldRegistry[kind] as ComponentType<FieldComponentProps>;
  function Counted(props: FieldComponentProps) {
    return (
      <Profiler id={props.field.key} onRender={onRender}>
        <Real {...props} />
      </Profiler>
    );
  }
  return Counted as FieldRegistry[K];
}

// One stable registry object, so the memoised fields never see a new `components` prop.
const countingComponents: FieldRegistry = {
  text: counting("text"),
  number: counting("number"),
  boolean: counting("boolean"),
  "single-select": counting("single-select"),
  "multi-select": counting("multi-select"),
  file: counting("file"),
};

/** Fifty fields cycling through every kind and the widgets each kind can draw. */
function schema(size = 50) {
  const kinds: ((i: number) => Record<string, unknown>)[] = [
    (i) => ({ type: "string", title: `Note ${i}` }),
    (i) => ({ type: "string", title: `Email ${i}`, format: "email" }),
    (i) => ({ type: "integer", title: `Age ${i}`, minimum: 0 }),
    (i) => ({ type: "number", title: `Budget ${i}` }),
    (i) => ({ type: "boolean", title: `Subscribe ${i}`, default: false }),
    (i) => ({ type: "string", title: `Colour ${i}`, enum: ["red", "green", "blue"] }), // required: radios
    (i) => ({ type: "string", title: `Region ${i}`, enum: ["eu", "us", "ap", "af", "sa", "me"] }),
    (i) => ({ type: "array", title: `Features ${i}`, items: { type: "string", enum: ["search", "export"] } }),
    (i) => ({ type: "string", title: `Start ${i}`, format: "date" }),
    (i) => ({ type: "string", title: `Bio ${i}`, maxLength: 500 }), // a textarea
  ];
  const properties = Object.fromEntries(Array.from({ length: size }, (_, i) => [`field${i}`, kinds[i % kinds.length]!(i)]));
  const required = Object.keys(properties).filter((_, i) => i % kinds.length === 5);
  return { type: "object" as const, properties, required };
}

// A field's first commit is its mount (React calls it a "nested-update" when the form drew more fields
// before its first paint); every commit after it is a render again.
const updated = () => [...commits].filter(([, phases]) => phases.length > 1).map(([key]) => key);

/** A long form draws its first screenful at once and the rest over the next frames: waits for all of it. */
const allDrawn = () => waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());

beforeEach(() => {
  commits = new Map();
});

describe("render isolation in a 50-field form", () => {
  // Inputs that hold their own value (text, number, date, select) tell the form of each change
  // without re-rendering anything; checkboxes and radios are drawn from the value, so that field,
  // and only that one, renders again.
  const cases: [string, string[], (user: UserEvent) => Promise<void>][] = [
    ["typing in a text input", [], (user) => user.type(screen.getByLabelText("Note 10"), "hello")],
    ["typing in an email input", [], (user) => user.type(screen.getByLabelText("Email 11"), "a@b.co")],
    ["typing in a textarea", [], (user) => user.type(screen.getByLabelText("Bio 19"), "hello")],
    ["typing in an integer input", [], (user) => user.type(screen.getByLabelText("Age 12"), "42")],
    ["typing in a number input", [], (user) => user.type(screen.getByLabelText("Budget 13"), "4.5")],
    ["typing a date", [], (user) => user.type(screen.getByLabelText("Start 18"), "2025-01-31")],
    ["ticking a checkbox", ["field14"], (user) => user.click(screen.getByLabelText("Subscribe 14"))],
    [
      "choosing a radio",
      ["field15"],
      (user) => user.click(within(screen.getByRole("radiogroup", { name: /^Colour 15/ })).getByRole("radio", { name: "blue" })),
    ],
    ["choosing in a select", [], (user) => user.selectOptions(screen.getByLabelText("Region 16"), "us")],
    [
      "ticking a multi-select option",
      ["field17"],
      (user) => user.click(within(screen.getByRole("group", { name: /^Features 17/ })).getByRole("checkbox", { name: "export" })),
    ],
  ];

  it.each(cases)("%s re-renders %j and no other field", async (_, rendered, act) => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema()} onSubmit={() => undefined} fieldComponents={countingComponents} />);
    await allDrawn();
    // Fields drawn in later frames re-render none drawn before them.
    expect(commits.size).toBe(50);
    expect(updated()).toEqual([]);

    await act(user);

    expect(updated()).toEqual(rendered);
  });

  it("re-renders no field while a text field is typed into, and keeps every character", async () => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema()} onSubmit={() => undefined} fieldComponents={countingComponents} />);
    await user.type(screen.getByLabelText("Note 10"), "hello");
    expect(commits.get("field10")).toHaveLength(1);
    expect(screen.getByLabelText("Note 10")).toHaveValue("hello");
  });

  it("renders each field at most once on a failed submit", async () => {
    const user = userEvent.setup();
    render(<ElicitationForm schema={schema()} onSubmit={() => undefined} fieldComponents={countingComponents} />);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    // The five required radio groups are empty: they now show an error. react-hook-form announces a
    // submit's errors to every field at once, so each may render again — once, not once per error.
    expect(screen.getAllByRole("alert")).toHaveLength(5);
    expect(Math.max(...[...commits.values()].map((phases) => phases.length - 1))).toBeLessThanOrEqual(1);
  });
});

describe("render counts of the dialog", () => {
  it("opening the dialog renders each field once", async () => {
    render(
      <ElicitationDialog
        serverName="Acme"
        request={{ message: "Fill in", requestedSchema: schema() }}
        onResponse={() => undefined}
        fieldComponents={countingComponents}
      />,
    );
    expect(await screen.findByRole("dialog")).toBeVisible();
    // Let effects and any state they set settle, and the fields after the first screenful arrive, before counting.
    await allDrawn();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(commits.size).toBe(50);
    for (const [key, phases] of commits) expect([key, phases.length]).toEqual([key, 1]);
  });
});

describe("render counts of a valid submit", () => {
  it("sends without rendering the form again", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const formCommits: string[] = [];
    const valid = { type: "object" as const, properties: { name: { type: "string", title: "Name", default: "Ada" }, age: { type: "integer", title: "Age", default: 36 } } };
    render(
      <Profiler id="form" onRender={(_, phase) => formCommits.push(phase)}>
        <ElicitationForm schema={valid} onSubmit={(content) => sent.push(content)} fieldComponents={countingComponents} />
      </Profiler>,
    );
    // Once the form has settled after mounting (its engine is loaded in test/setup.ts), a person submits.
    await new Promise((resolve) => setTimeout(resolve, 50));
    formCommits.length = 0;
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent[0]).toEqual({ name: "Ada", age: 36 });
    expect(formCommits).toEqual([]);
  });
});
