import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { ParsedElicitationSchema } from "../../src/core/types";
import { describeFieldBounds } from "../../src/fields/describeFieldBounds";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { defaultMessages } from "../../src/messages/defaultMessages";
import { deMessages } from "../../src/messages/locales/de";

const schema = {
  type: "object",
  properties: {
    rating: { type: "integer", title: "Rating", minimum: 0, maximum: 5 },
    nickname: { type: "string", title: "Nickname", maxLength: 20 },
    code: { type: "string", title: "Code", minLength: 6, maxLength: 6 },
    price: { type: "number", title: "Price", minimum: 1000.5 },
    tags: { type: "array", title: "Tags", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 },
    free: { type: "string", title: "Free text" },
    some: { type: "string", title: "Some", minLength: 1 },
  },
};

function fields(): ParsedElicitationSchema["fields"] {
  const parsed = parseElicitationSchema(schema);
  if (!parsed.ok) throw parsed.error;
  return parsed.schema.fields;
}

describe("a field's bounds, said before typing", () => {
  it("words each kind of bound", () => {
    const said = fields().map((field) => describeFieldBounds(field, defaultMessages, "en-US"));
    expect(said).toEqual([
      "A whole number from 0 to 5",
      "At most 20 characters",
      "Exactly 6 characters",
      "A number, 1,000.5 or more",
      "Choose 1 to 2",
      undefined,
      undefined,
    ]);
  });

  it("speaks German with German numbers", () => {
    const said = fields().map((field) => describeFieldBounds(field, deMessages, "de-DE"));
    expect(said.slice(0, 5)).toEqual([
      "Eine ganze Zahl von 0 bis 5",
      "Höchstens 20 Zeichen",
      "Genau 6 Zeichen",
      "Eine Zahl, mindestens 1.000,5",
      "Wählen Sie 1 bis 2",
    ]);
  });

  it("stands beside the field before anything is typed, linked as its description", () => {
    render(<ElicitationForm schema={schema} onSubmit={() => {}} />);
    expect(screen.getByLabelText("Rating")).toHaveAccessibleDescription("A whole number from 0 to 5");
    expect(screen.getByLabelText("Nickname")).toHaveAccessibleDescription("At most 20 characters");
    expect(screen.getByRole("group", { name: "Tags" })).toHaveAccessibleDescription("Choose 1 to 2");
    expect(screen.getByLabelText("Free text")).not.toHaveAttribute("aria-describedby");
  });

  it("says each combination of bounds in its own words, a count's 0 and lone 1 not at all", () => {
    const bounds = (property: Record<string, unknown>) => {
      const parsed = parseElicitationSchema({ type: "object", properties: { x: property } });
      if (!parsed.ok) throw parsed.error;
      return describeFieldBounds(parsed.schema.fields[0]!, defaultMessages, "en-US");
    };
    expect(bounds({ type: "number", minimum: 5, maximum: 5 })).toBe("A number from 5 to 5");
    expect(bounds({ type: "number", maximum: -2.5 })).toBe("A number, -2.5 or less");
    expect(bounds({ type: "integer", minimum: 0 })).toBe("A whole number, 0 or more");
    expect(bounds({ type: "integer", maximum: 1234567 })).toBe("A whole number, 1,234,567 or less");
    expect(bounds({ type: "integer" })).toBeUndefined();
    expect(bounds({ type: "string", minLength: 3 })).toBe("At least 3 characters");
    expect(bounds({ type: "string", minLength: 1, maxLength: 5 })).toBe("1 to 5 characters");
    expect(bounds({ type: "string", minLength: 0, maxLength: 0 })).toBe("At most 0 characters");
    expect(bounds({ type: "string", minLength: 0 })).toBeUndefined();
    const items = { type: "array", items: { type: "string", enum: ["a", "b", "c"] } };
    expect(bounds({ ...items, minItems: 2, maxItems: 2 })).toBe("Choose 2");
    expect(bounds({ ...items, minItems: 0, maxItems: 3 })).toBe("Choose up to 3");
    expect(bounds({ ...items, minItems: 2 })).toBe("Choose at least 2");
    expect(bounds({ ...items, minItems: 1 })).toBeUndefined();
    expect(bounds({ type: "boolean" })).toBeUndefined();
    expect(bounds({ type: "string", enum: ["a"] })).toBeUndefined();
  });
});
