// Property-based: generated schemas and generated input, filled into the real headless form
// (useElicitationForm) and submitted. Every answer the form sends passes both of the MCP SDK's
// server validators; every refusal puts its reason on exactly the fields that are wrong; and what
// was typed is still there afterwards.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { act, renderHook } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldName, UNREADABLE_NUMBER } from "../../src/core/values/formValues";
import { buildContent } from "../../src/core/validation/buildContent";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import type { ElicitContent, FieldDescriptor, FormValue, FormValues } from "../../src/core/types";
import { useElicitationForm } from "../../src/form/useElicitationForm";
import { candidateSchema, catastrophicPatterns, formValuesFor } from "./arbitraries";

const sdkAjv = new AjvJsonSchemaValidator();
const sdkCfWorker = new CfWorkerJsonSchemaValidator();
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

type RawSchema = { type: "object"; properties: Record<string, unknown>; required: string[] };

/** Both SDK validators' joint verdict; SDK Ajv reads inherited keys, so an omitted "constructor" is judged by CfWorker alone. */
function serverAccepts(raw: RawSchema, content: ElicitContent): boolean {
  const wire = JSON.parse(JSON.stringify(content)) as Record<string, unknown>;
  const readsInherited = Object.keys(raw.properties).some((key) => INHERITED.has(key) && !Object.hasOwn(wire, key));
  const validators = readsInherited ? [sdkCfWorker] : [sdkAjv, sdkCfWorker];
  return validators.every((v) => v.getValidator(JSON.parse(JSON.stringify(raw)))(wire).valid);
}

/** The schema with one property only: is this field's own answer acceptable to the server? */
function fieldAlone(raw: RawSchema, field: FieldDescriptor): RawSchema {
  const property = Object.getOwnPropertyDescriptor(raw.properties, field.key)!.value as unknown;
  const properties = Object.defineProperty({}, field.key, { value: property, enumerable: true, configurable: true, writable: true });
  return { type: "object", properties, required: field.required ? [field.key] : [] };
}

// Input people produce that the general generator rarely does: emoji, long email parts, unsafe
// integers, text the browser cannot read as a number, a date-time that must fit a short maxLength.
const awkward = (field: FieldDescriptor): fc.Arbitrary<FormValue> | undefined => {
  if (field.kind === "number") return fc.constantFrom(UNREADABLE_NUMBER, "9007199254740993", "-9007199254740993", "9007199254740991", "1e400");
  if (field.kind === "text" && field.format === "email") {
    return fc.constantFrom(`${"a".repeat(65)}@example.com`, `me@${"b".repeat(64)}.example`, '"j d"@example.com', `${"a".repeat(64)}@example.com`);
  }
  if (field.kind === "text" && field.format === "date-time") return fc.constantFrom("2025-06-01T09:30", "2016-12-31T23:59:59", "2025-03-30T02:30");
  if (field.kind === "text" && field.format === undefined) return fc.constantFrom("😀😀😀", "😀😀😀😀", "a😀b", "\u0000", "  ");
  return undefined;
};

function inputFor(fields: readonly FieldDescriptor[]): fc.Arbitrary<FormValues> {
  return fc.tuple(formValuesFor(fields), ...fields.map((f) => fc.option(awkward(f) ?? fc.constant(undefined), { nil: undefined, freq: 2 }))).map(
    ([base, ...overrides]) => {
      const values = { ...base };
      fields.forEach((field, i) => {
        const value = overrides[i];
        if (value !== undefined) values[fieldName(field)] = value;
      });
      return values;
    },
  );
}

// Date-time fields with the lengths and defaults that once made a form impossible to answer.
const dateTimeSchema = fc
  .record({
    maxLength: fc.option(fc.integer({ min: 20, max: 30 }), { nil: undefined }),
    minLength: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    default: fc.option(fc.constantFrom("2025-01-01T12:00:00Z", "2016-12-31T23:59:60Z", "2025-01-01T12:00:00+05:30"), { nil: undefined }),
    required: fc.boolean(),
  })
  .map(({ required, ...rest }) => ({
    type: "object" as const,
    properties: { when: { type: "string", format: "date-time", ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) } },
    required: required ? ["when"] : [],
  }));

// The check below runs the SDK's server validators in this thread, as a server does: with a
// catastrophic pattern, the long inputs above (65 a's before an @) would hang them for ever. How the
// form keeps such a pattern off the main thread is tested on its own (e2e/security/cspAndRedos).
const hasCatastrophicPattern = (raw: unknown) =>
  Object.values((raw as RawSchema).properties).some((p) => catastrophicPatterns.includes((p as { pattern?: string }).pattern ?? ""));

const cases = fc
  .oneof({ arbitrary: candidateSchema.filter((raw) => !hasCatastrophicPattern(raw)), weight: 4 }, { arbitrary: dateTimeSchema, weight: 1 })
  .map((raw) => ({ raw: raw as RawSchema, parsed: parseElicitationSchema(raw) }))
  .filter((x) => x.parsed.ok)
  .chain(({ raw, parsed }) => {
    const { fields } = (parsed as { ok: true; schema: { fields: FieldDescriptor[] } }).schema;
    return inputFor(fields).map((values) => ({ raw, fields, values }));
  });

describe("the real form, filled with generated input", () => {
  it("sends only what both SDK validators accept, refuses on the right fields, and loses nothing typed", async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ raw, fields, values }) => {
        const { result, unmount } = renderHook(() => useElicitationForm(raw));
        try {
          act(() => {
            for (const [name, value] of Object.entries(values)) result.current.form.setValue(name, value);
          });
          let sent: ElicitContent | undefined;
          await act(async () => {
            await result.current.handleAccept((content) => (sent = content))();
          });
          const errorOf = (name: string) => result.current.form.getFieldState(name).error;
          // Typed input is never lost, whatever the verdict.
          expect(result.current.form.getValues()).toEqual(values);
          if (sent !== undefined) {
            accepted++;
            expect(serverAccepts(raw, sent)).toBe(true);
            return;
          }
          refused++;
          for (const field of fields) {
            const name = fieldName(field);
            const converted = buildContent([field], values);
            // Wrong: cannot be converted (unreadable, unsafe integer…) or refused by the server on its own.
            const wrong = converted.issues.length > 0 || !serverAccepts(fieldAlone(raw, field), converted.content);
            expect([field.key, Boolean(errorOf(name))]).toEqual([field.key, wrong]);
            if (wrong) expect(errorOf(name)?.message).toMatch(/\S/);
          }
        } finally {
          unmount();
        }
      }),
      { numRuns: 200 },
    );
    console.log(`form property: ${accepted} accepted, ${refused} refused of ${accepted + refused} runs`);
    // Neither verdict may hold vacuously.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
    // Two hundred forms mounted and submitted: seconds on a busy machine.
  }, 60_000);
});
