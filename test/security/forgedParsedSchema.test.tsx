// A server's requestedSchema can take any shape, including the shape of a parsed schema (`fields`,
// `jsonSchema`, `cacheKey`, no `type`). Such an object is a raw schema like any other: it is parsed
// (and refused), never drawn or compiled as it stands; and a `cacheKey` it carries never chooses
// which compiled validator another schema is checked with.
import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { useElicitationForm } from "../../src/form/useElicitationForm";
import type { ParsedElicitationSchema } from "../../src/core/types";

let unique = 0;
/** A four-digit code, required; unique per call so no test finds another's validator cached. */
function codeSchema() {
  unique += 1;
  return {
    type: "object",
    title: `Code ${unique} ${Math.random()}`,
    properties: { code: { type: "string", title: "Code", pattern: "^[0-9]{4}$" } },
    required: ["code"],
  };
}

/** 20,000 field descriptors in the shape the parser returns: the limit is 50. */
function wideForgery(): Record<string, unknown> {
  const fields = Array.from({ length: 20_000 }, (_, index) => ({
    kind: "text", key: `k${index}`, index, path: `requestedSchema.properties.k${index}`, label: `Field ${index}`, required: false,
  }));
  const properties = Object.fromEntries(fields.map((field) => [field.key, { type: "string" }]));
  const jsonSchema = { type: "object", properties, additionalProperties: false };
  return JSON.parse(JSON.stringify({ fields, jsonSchema, cacheKey: JSON.stringify(jsonSchema) }));
}

/** A schema that accepts any `code` at all, carrying the cache key of `victim`. */
function plantedValidator(victim: ParsedElicitationSchema): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      fields: victim.fields.map((field) => ({ ...field, pattern: undefined })),
      jsonSchema: { type: "object", properties: { code: { type: "string" } }, additionalProperties: false },
      cacheKey: victim.cacheKey,
    }),
  );
}

describe("a requestedSchema shaped like a parsed schema", () => {
  it("is refused by the inline form: no field is drawn and the host hears the reason", () => {
    const onInvalidSchema = vi.fn();
    const started = performance.now();
    const { container } = render(<ElicitationForm schema={wideForgery()} onSubmit={() => {}} onInvalidSchema={onInvalidSchema} />);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(container.querySelectorAll("input")).toHaveLength(0);
    expect(screen.getByText(/This request can't be shown/)).toBeInTheDocument();
    expect(onInvalidSchema).toHaveBeenCalledTimes(1);
    expect(onInvalidSchema.mock.calls[0]![0].path).toMatch(/^requestedSchema/);
  });

  it("is refused by useElicitationForm: an error, no fields", () => {
    const forged = wideForgery();
    const { result } = renderHook(() => useElicitationForm(forged));
    expect(result.current.error?.path).toMatch(/^requestedSchema/);
    expect(result.current.fields).toHaveLength(0);
  });

  it("is refused by validateElicitationContent as an invalid schema", () => {
    const result = validateElicitationContent(wideForgery(), { k0: "x" });
    expect(result).toMatchObject({ valid: false, errors: [{ field: "", code: "invalidSchema" }] });
  });
});

describe("a forged cacheKey", () => {
  it("plants no validator for another schema in the core API", () => {
    const victim = parseElicitationSchema(codeSchema());
    if (!victim.ok) throw victim.error;
    // The forgery goes first: were it compiled under the victim's key, the victim would be checked with it.
    expect(validateElicitationContent(plantedValidator(victim.schema), { code: "12x" })).toMatchObject({ valid: false, errors: [{ code: "invalidSchema" }] });
    expect(validateElicitationContent(victim.schema, { code: "12x" })).toMatchObject({ valid: false, errors: [{ field: "code", code: "pattern" }] });
    expect(validateElicitationContent(victim.schema, { code: "1234" })).toEqual({ valid: true, content: { code: "1234" } });
  });

  it("written into a parsed schema afterwards, does not pick that schema's validator", () => {
    const victim = parseElicitationSchema(codeSchema());
    const permissive = parseElicitationSchema({ type: "object", title: `Any ${Math.random()}`, properties: { code: { type: "string" } } });
    if (!victim.ok || !permissive.ok) throw new Error("both parse");
    permissive.schema.cacheKey = victim.schema.cacheKey;
    expect(validateElicitationContent(permissive.schema, { code: "12x" })).toEqual({ valid: true, content: { code: "12x" } });
    expect(validateElicitationContent(victim.schema, { code: "12x" })).toMatchObject({ valid: false, errors: [{ code: "pattern" }] });
  });

  it("plants no validator for another schema through the inline form", async () => {
    const user = userEvent.setup();
    const victim = parseElicitationSchema(codeSchema());
    if (!victim.ok) throw victim.error;
    const forged = render(<ElicitationForm schema={plantedValidator(victim.schema)} onSubmit={() => {}} />);
    expect(screen.queryByRole("textbox")).toBeNull();
    forged.unmount();

    const onSubmit = vi.fn();
    render(<ElicitationForm schema={victim.schema} onSubmit={onSubmit} />);
    await user.type(screen.getByRole("textbox", { name: /Code/ }), "12x");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Doesn't match the expected format")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
