// Property names that collide with Object.prototype work end to end: drawn, typed, submitted,
// validated; content has exactly those own keys and nothing inherited; nothing is polluted.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { validateElicitationContent } from "../../src/core/validation/validateElicitationContent";
import { renderDialog } from "../renderDialog";

const NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"] as const;

// JSON.parse, as a request arrives off the wire: "__proto__" becomes an own key.
const request = JSON.parse(
  JSON.stringify({
    message: "Hostile keys",
    requestedSchema: {
      type: "object",
      properties: Object.fromEntries(NAMES.map((name) => [`@${name}`, { type: "string", title: `Field ${name}` }])),
      required: NAMES.map((name) => `@${name}`),
    },
  }).replace(/"@/g, '"'),
);

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe("object safety end to end", () => {
  it("the request carries the hostile names as own properties", () => {
    expect(Object.keys(request.requestedSchema.properties)).toEqual([...NAMES]);
  });

  it("renders, types, submits and validates every name; content has exactly those own keys", async () => {
    const before = prototypeKeys();
    const { user, onResponse } = renderDialog(request);
    for (const name of NAMES) {
      await user.type(screen.getByLabelText(new RegExp(`Field ${name}`)), `v-${name}`);
    }
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).toHaveBeenCalledTimes(1);
    const result = onResponse.mock.calls[0]![0] as { action: string; content: Record<string, unknown> };
    expect(result.action).toBe("accept");
    const { content } = result;
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(Object.keys(content)).toEqual([...NAMES]);
    for (const name of NAMES) expect(Object.getOwnPropertyDescriptor(content, name)?.value).toBe(`v-${name}`);
    // On the wire and back, as the server sees it.
    const wire = JSON.parse(JSON.stringify(content));
    expect(Object.keys(wire)).toEqual([...NAMES]);
    expect(validateElicitationContent(request.requestedSchema, wire)).toEqual({ valid: true, content: wire });
    expect(prototypeKeys()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("an empty required hostile field is reported by its own label, not satisfied by Object.prototype", async () => {
    const { user, onResponse } = renderDialog(request);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onResponse).not.toHaveBeenCalled();
    for (const name of NAMES) {
      const input = screen.getByLabelText(new RegExp(`Field ${name}`));
      expect(input).toHaveAttribute("aria-invalid", "true");
    }
    const result = validateElicitationContent(request.requestedSchema, {});
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.errors.map((e) => [e.field, e.code])).toEqual(NAMES.map((n) => [n, "required"]));
  });

  it("content never carries inherited junk, and a hostile __proto__ in content pollutes nothing", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const hostile = JSON.parse('{"a":"x","__proto__":{"polluted":true,"a":"y"}}');
    const result = validateElicitationContent(schema, hostile);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.errors).toMatchObject([{ field: "__proto__", code: "unknownField" }]);
    const inherited = Object.create({ a: "inherited" });
    expect(validateElicitationContent(schema, inherited)).toEqual({ valid: true, content: {} });
    const ok = validateElicitationContent(schema, { a: "x" });
    expect(ok.valid && Object.getPrototypeOf(ok.content)).toBe(Object.prototype);
    expect(ok.valid && Object.keys(ok.content)).toEqual(["a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a schema whose __proto__ property sets a prototype does not reach Object.prototype", () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","default":"x","polluted":true}}}');
    const result = validateElicitationContent(schema, JSON.parse('{"__proto__":"x"}'));
    expect(result.valid).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});
