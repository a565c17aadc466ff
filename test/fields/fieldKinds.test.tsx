import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderDialog } from "../renderDialog";

function request(properties: Record<string, unknown>, required: string[] = []) {
  return { message: "Fill in", requestedSchema: { type: "object" as const, properties, required } };
}

async function submit(view: ReturnType<typeof renderDialog>) {
  await view.user.click(screen.getByRole("button", { name: "Submit" }));
  return view.onResponse.mock.calls[0]?.[0];
}

describe("text fields", () => {
  it("label from title, falling back to the key; description linked; required marked", () => {
    renderDialog(
      request(
        {
          handle: { type: "string", title: "Handle", description: "Your public name" },
          city: { type: "string" },
        },
        ["handle"],
      ),
    );
    const handle = screen.getByRole("textbox", { name: /Handle/ });
    expect(handle).toHaveAccessibleDescription("Your public name");
    expect(handle).toHaveAttribute("aria-required", "true");
    expect(handle.closest("[data-field]")).toHaveTextContent("*");
    const city = screen.getByRole("textbox", { name: "City" });
    expect(city).not.toHaveAttribute("aria-required");
    expect(city).not.toHaveAttribute("aria-describedby");
  });

  it.each([
    ["email", "email"],
    ["uri", "url"],
    ["date", "date"],
    ["date-time", "datetime-local"],
  ])("format %s uses the native %s input", (format, type) => {
    renderDialog(request({ value: { type: "string", title: "Value", format } }));
    expect(screen.getByLabelText("Value")).toHaveAttribute("type", type);
  });

  it("enforces length and pattern with plain words", async () => {
    const view = renderDialog(
      request({
        code: { type: "string", title: "Code", minLength: 3, pattern: "^[A-Z]+$" },
        note: { type: "string", title: "Note", maxLength: 5 },
      }),
    );
    // The form appears once the pattern engine is loaded.
    const code = await screen.findByLabelText("Code");
    await view.user.type(code, "AB");
    await submit(view);
    expect(code).toHaveAccessibleDescription("Use at least 3 characters");
    await view.user.clear(code);
    await view.user.type(code, "abcd");
    expect(code).toHaveAccessibleDescription("Doesn't match the expected format");
    const note = screen.getByLabelText("Note");
    await view.user.type(note, "abcdef");
    // Nothing typed is cut off: the text stays and the rule is said in words.
    expect(note).toHaveValue("abcdef");
    await view.user.tab();
    expect(note).toHaveAccessibleDescription("Use at most 5 characters");
    expect(view.onResponse).not.toHaveBeenCalled();
  });

  it("omits an optional text field left empty", async () => {
    const view = renderDialog(request({ a: { type: "string" }, b: { type: "string" } }));
    await view.user.type(screen.getByLabelText("A"), "x");
    expect(await submit(view)).toEqual({ action: "accept", content: { a: "x" } });
  });

  it("pre-fills defaults, the empty string included", async () => {
    const view = renderDialog(request({ a: { type: "string", default: "hello" }, b: { type: "string", default: "" } }));
    expect(screen.getByLabelText("A")).toHaveValue("hello");
    expect(await submit(view)).toEqual({ action: "accept", content: { a: "hello" } });
  });

  it("sends a date as typed", async () => {
    const view = renderDialog(request({ day: { type: "string", format: "date", title: "Day" } }, ["day"]));
    await view.user.type(screen.getByLabelText(/Day/), "2025-03-09");
    expect(await submit(view)).toEqual({ action: "accept", content: { day: "2025-03-09" } });
  });

  it("shows a date-time default in local time and sends RFC 3339 with seconds and offset", async () => {
    const instant = new Date(Date.UTC(2025, 0, 1, 11, 0, 0));
    const view = renderDialog(
      request({ at: { type: "string", format: "date-time", title: "At", default: instant.toISOString() } }),
    );
    const pad = (n: number) => String(n).padStart(2, "0");
    const local = `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
    expect(screen.getByLabelText("At")).toHaveValue(local);
    const result = await submit(view);
    // Left untouched, the default goes back exactly as the server wrote it.
    expect((result as unknown as { content: { at: string } }).content.at).toBe(instant.toISOString());
  });

  it("sends a changed date-time as RFC 3339 with seconds and the local offset", async () => {
    const view = renderDialog(request({ at: { type: "string", format: "date-time", title: "At", default: "2025-01-01T11:00:00Z" } }));
    const input = screen.getByLabelText("At");
    await view.user.clear(input);
    await view.user.type(input, "2025-03-09T08:15");
    const sent = ((await submit(view)) as unknown as { content: { at: string } }).content.at;
    expect(sent).toMatch(/^2025-03-09T08:15:00[+-]\d{2}:\d{2}$/);
    expect(new Date(sent).getTime()).toBe(new Date(2025, 2, 9, 8, 15).getTime());
  });
});

describe("number fields", () => {
  it("integer steps by 1 and rejects decimals; number accepts decimals", async () => {
    const view = renderDialog(
      request({ count: { type: "integer", title: "Count" }, ratio: { type: "number", title: "Ratio" } }, ["count"]),
    );
    const count = screen.getByLabelText(/Count/);
    const ratio = screen.getByLabelText("Ratio");
    expect(count).toHaveAttribute("step", "1");
    expect(ratio).toHaveAttribute("step", "any");
    await view.user.type(count, "2.5");
    await view.user.type(ratio, "0.25");
    await submit(view);
    expect(count).toHaveAccessibleDescription("Enter a whole number");
    await view.user.clear(count);
    await view.user.type(count, "3");
    await submit(view);
    expect(view.onResponse.mock.calls).toEqual([[{ action: "accept", content: { count: 3, ratio: 0.25 } }]]);
  });

  it("checks minimum and maximum in plain words", async () => {
    const view = renderDialog(request({ age: { type: "integer", title: "Age", minimum: 18, maximum: 120 } }));
    const age = screen.getByLabelText("Age");
    expect(age).toHaveAttribute("min", "18");
    await view.user.type(age, "150");
    await submit(view);
    expect(age).toHaveAccessibleDescription("Must be 120 or less");
    await view.user.clear(age);
    await view.user.type(age, "17");
    expect(age).toHaveAccessibleDescription("Must be 18 or more");
  });

  it("pre-fills 0 and sends it; an optional empty number is omitted", async () => {
    const view = renderDialog(request({ zero: { type: "number", default: 0 }, empty: { type: "number" } }));
    expect(screen.getByLabelText("Zero")).toHaveValue(0);
    expect(await submit(view)).toEqual({ action: "accept", content: { zero: 0 } });
  });
});

describe("boolean fields", () => {
  it("is a checkbox; unchecked sends false, default false pre-fills", async () => {
    const view = renderDialog(
      request({ subscribe: { type: "boolean", title: "Subscribe", default: false }, optIn: { type: "boolean" } }),
    );
    expect(screen.getByRole("checkbox", { name: "Subscribe" })).not.toBeChecked();
    expect(await submit(view)).toEqual({ action: "accept", content: { subscribe: false, optIn: false } });
  });

  it("default true starts checked and the person can untick it", async () => {
    const view = renderDialog(request({ hot: { type: "boolean", title: "Hot reload", default: true } }));
    const box = screen.getByRole("checkbox", { name: "Hot reload" });
    expect(box).toBeChecked();
    await view.user.click(box);
    expect(await submit(view)).toEqual({ action: "accept", content: { hot: false } });
  });

  it("a required checkbox shows no required mark: either state answers", () => {
    renderDialog(request({ terms: { type: "boolean", title: "I accept the terms", description: "Read them first" } }, ["terms"]));
    const field = screen.getByRole("checkbox", { name: "I accept the terms" }).closest("[data-field]")!;
    expect(field).not.toHaveTextContent("*");
    // With no marked field there is no "Fields marked * are required." legend either.
    expect(screen.queryByText(/are required/)).toBeNull();
    expect(screen.getByRole("checkbox")).toHaveAccessibleDescription("Read them first");
  });
});

describe("every kind puts its description in the same place: under the label, before the input", () => {
  it.each([
    ["text", { type: "string" }],
    ["number", { type: "number" }],
    ["boolean", { type: "boolean" }],
    ["radios", { type: "string", enum: ["a", "b"] }],
    ["select", { type: "string", enum: ["a", "b", "c", "d", "e", "f"] }],
    ["checkboxes", { type: "array", items: { type: "string", enum: ["a", "b"] } }],
  ])("%s", (_, property) => {
    renderDialog(request({ thing: { ...property, title: "Thing", description: "What it is" } }));
    const field = document.querySelector('[data-field="thing"]')!;
    const label = field.querySelector(".rme-field__label")!;
    const description = field.querySelector(".rme-field__description")!;
    expect(label.nextElementSibling).toBe(description);
    // A checkbox sits before its label; every other input comes after the description.
    const control = field.querySelector("input, select")!;
    const after = Boolean(description.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(after).toBe(property.type !== "boolean");
  });
});

describe("date and time", () => {
  it("says which time zone the typed time is in, as part of the field's description", () => {
    renderDialog(request({ meeting: { type: "string", format: "date-time", title: "Meeting" } }));
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(screen.getByLabelText("Meeting")).toHaveAccessibleDescription(new RegExp(`^Your time zone: ${zone.replace(/[/+]/g, "\\$&")}`));
  });

  it("a date without a time has no time-zone hint", () => {
    renderDialog(request({ day: { type: "string", format: "date", title: "Day" } }));
    expect(screen.getByLabelText("Day")).not.toHaveAttribute("aria-describedby");
  });
});

describe("single select", () => {
  it("untitled enum: a required short choice is radios with nothing chosen", async () => {
    const view = renderDialog(request({ size: { type: "string", title: "Size", enum: ["s", "m", "l"] } }, ["size"]));
    const group = screen.getByRole("radiogroup", { name: /Size/ });
    expect(group).toHaveAttribute("aria-required", "true");
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["s", "m", "l"]);
    expect(radios.some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await submit(view);
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(view.onResponse).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole("radio", { name: "m" }));
    await submit(view);
    expect(view.onResponse.mock.calls).toEqual([[{ action: "accept", content: { size: "m" } }]]);
  });

  it("legacy enumNames label the options", async () => {
    const view = renderDialog(
      request({ p: { type: "string", title: "Priority", enum: ["lo", "hi"], enumNames: ["Low", "High"] } }, ["p"]),
    );
    await view.user.click(screen.getByRole("radio", { name: "High" }));
    expect(await submit(view)).toEqual({ action: "accept", content: { p: "hi" } });
  });

  it("titled oneOf labels the options; a short optional choice is radios that can stay empty or be cleared", async () => {
    const view = renderDialog(
      request({
        region: {
          type: "string",
          title: "Region",
          oneOf: [
            { const: "eu", title: "Europe" },
            { const: "us", title: "United States" },
          ],
        },
      }),
    );
    const group = screen.getByRole("radiogroup", { name: "Region" });
    expect(within(group).getAllByRole("radio").map((radio) => radio.closest("label")?.textContent)).toEqual(["Europe", "United States"]);
    expect(within(group).queryByRole("button", { name: "Clear choice" })).toBeNull();
    await view.user.click(within(group).getByRole("radio", { name: "Europe" }));
    await view.user.click(within(group).getByRole("button", { name: "Clear choice" }));
    expect(within(group).getByRole("radio", { name: "Europe" })).not.toBeChecked();
    // Focus stays in the group once the button has gone.
    expect(within(group).getByRole("radio", { name: "Europe" })).toHaveFocus();
    expect(await submit(view)).toEqual({ action: "accept", content: {} });
  });

  it("a long required list is a select with a pre-filled default", async () => {
    const options = Array.from({ length: 8 }, (_, i) => `opt${i}`);
    const view = renderDialog(request({ o: { type: "string", title: "Option", enum: options, default: "opt3" } }, ["o"]));
    const select = screen.getByRole("combobox", { name: /Option/ });
    expect(select).toHaveValue("opt3");
    await view.user.selectOptions(select, "opt5");
    expect(await submit(view)).toEqual({ action: "accept", content: { o: "opt5" } });
  });
});

describe("multi select", () => {
  it("items.enum is a group of checkboxes with minItems / maxItems", async () => {
    const view = renderDialog(
      request(
        { tags: { type: "array", title: "Tags", minItems: 1, maxItems: 2, items: { type: "string", enum: ["a", "b", "c"] } } },
        ["tags"],
      ),
    );
    const group = screen.getByRole("group", { name: /Tags/ });
    const boxes = within(group).getAllByRole("checkbox");
    expect(boxes).toHaveLength(3);
    await submit(view);
    expect(boxes[0]).toHaveAttribute("aria-invalid", "true");
    await view.user.click(boxes[0]!);
    await view.user.click(boxes[1]!);
    await view.user.click(boxes[2]!);
    await submit(view);
    expect(group).toHaveAccessibleDescription("Choose at most 2");
    await view.user.click(boxes[0]!);
    await submit(view);
    expect(view.onResponse.mock.calls).toEqual([[{ action: "accept", content: { tags: ["b", "c"] } }]]);
  });

  it("items.anyOf labels the options and a default pre-checks them", async () => {
    const view = renderDialog(
      request({
        colors: {
          type: "array",
          title: "Colors",
          items: { anyOf: [{ const: "#f00", title: "Red" }, { const: "#0f0", title: "Green" }] },
          default: ["#0f0"],
        },
      }),
    );
    expect(screen.getByRole("checkbox", { name: "Green" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Red" })).not.toBeChecked();
    expect(await submit(view)).toEqual({ action: "accept", content: { colors: ["#0f0"] } });
  });

  it("an optional multi-select left empty is omitted", async () => {
    const view = renderDialog(request({ t: { type: "array", items: { type: "string", enum: ["x"] } } }));
    expect(await submit(view)).toEqual({ action: "accept", content: {} });
  });
});
