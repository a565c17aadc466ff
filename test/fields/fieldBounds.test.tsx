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
});
