// fast-check generators for hostile and for valid elicitation requests.
import fc from "fast-check";
import type { FieldDescriptor, FormValue, FormValues } from "../../src/core/types";
import { fieldName } from "../../src/core/values/formValues";

/** Keys that trip naive object handling, plus ordinary ones. */
export const hostileKeys = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "a.b", "a/b", "~0", "", " "];
export const propertyKey = fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 10 }));

const text = fc.string({ maxLength: 24 });
const optionValue = fc.string({ minLength: 1, maxLength: 8 });

/** Patterns a server might send, linear ones and catastrophic ones alike. */
export const samplePatterns = ["^[0-9]{10}$", "^[A-Z]{3}[0-9]+$", "^[a-z0-9-]+$", "^\\S+@\\S+$", "^.{2,5}$", "^(a+)+$", "^\\d*\\d*\\d*$", "ab|cd", "^[^\\s]+$", "^\\p{L}+$"];
/** Those of them whose backtracking grows exponentially or polynomially with the input. */
export const catastrophicPatterns: readonly string[] = ["^(a+)+$", "^\\d*\\d*\\d*$"];

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

function clean<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

const count = fc.nat({ max: 12 });

const textProperty = fc
  .record({
    type: fc.constant("string"),
    title: optional(text),
    description: optional(text),
    minLength: optional(count),
    maxLength: optional(count),
    pattern: optional(fc.constantFrom(...samplePatterns)),
    format: optional(fc.constantFrom("email", "uri", "date", "date-time")),
    default: optional(fc.oneof(text, fc.constantFrom("a@example.com", "https://example.com", "2025-01-31", "2025-01-31T10:00:00Z", "0123456789"))),
  })
  .map(clean);

const numberProperty = fc
  .record({
    type: fc.constantFrom("number", "integer"),
    title: optional(text),
    minimum: optional(fc.integer({ min: -1000, max: 1000 })),
    maximum: optional(fc.integer({ min: -1000, max: 1000 })),
    default: optional(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ min: -1000, max: 1000, noNaN: true }))),
  })
  .map(clean);

const booleanProperty = fc.record({ type: fc.constant("boolean"), title: optional(text), default: optional(fc.boolean()) }).map(clean);

const options = fc.uniqueArray(optionValue, { minLength: 1, maxLength: 6 });

const singleSelect = fc.oneof(
  options.chain((values) => fc.record({ type: fc.constant("string"), enum: fc.constant(values), default: optional(fc.constantFrom(...values)) }).map(clean)),
  options.chain((values) =>
    fc.record({ type: fc.constant("string"), enum: fc.constant(values), enumNames: fc.array(text, { minLength: values.length, maxLength: values.length }) }),
  ),
  options.chain((values) =>
    fc
      .record({
        type: fc.constant("string"),
        oneOf: fc.tuple(...values.map((v) => text.map((title) => ({ const: v, title: title || v })))),
        default: optional(fc.constantFrom(...values)),
      })
      .map(clean),
  ),
);

const multiSelect = options.chain((values) =>
  fc
    .record({
      type: fc.constant("array"),
      title: optional(text),
      items: fc.oneof(
        fc.constant({ type: "string", enum: values }),
        fc.constant({ anyOf: values.map((v) => ({ const: v, title: `Option ${v}` })) }),
      ),
      minItems: optional(fc.nat({ max: values.length })),
      maxItems: optional(fc.nat({ max: values.length + 1 })),
      default: optional(fc.subarray(values)),
    })
    .map(clean),
);

export const validPropertySchema = fc.oneof(textProperty, numberProperty, booleanProperty, singleSelect, multiSelect);

/** Schemas built from supported keywords; most parse, the rest are refused for broken constraints. */
export const candidateSchema = fc
  .uniqueArray(fc.tuple(propertyKey, validPropertySchema), { minLength: 0, maxLength: 6, selector: ([key]) => key })
  .chain((entries) =>
    fc.record({
      type: fc.constant("object" as const),
      properties: fc.constant(Object.fromEntries(entries)),
      required: fc.subarray(entries.map(([key]) => key)),
    }),
  );

/** Something a person could have typed or chosen for each field, valid or not. */
export function formValuesFor(fields: readonly FieldDescriptor[]): fc.Arbitrary<FormValues> {
  return fc
    .tuple(...fields.map((field) => formValueFor(field)))
    .map((values) => Object.fromEntries(fields.map((field, i) => [fieldName(field), values[i]!])) as FormValues);
}

function formValueFor(field: FieldDescriptor): fc.Arbitrary<FormValue> {
  switch (field.kind) {
    case "file":
      return fc.constantFrom("", "data:text/plain;name=a.txt;base64,aGk=", "data:,x", "https://example.com/a.txt");
    case "text": {
      const samples: Record<string, string[]> = {
        email: ["a@example.com", "x.y+z@sub.example.org", "not-an-email"],
        uri: ["https://example.com/a?b=c", "mailto:a@b.c", "not a uri"],
        date: ["2025-01-31", "2024-02-29", "2025-02-30"],
        "date-time": ["2025-01-31T10:00", "2025-01-31T10:00:30", "junk"],
      };
      const fromFormat = field.format ? samples[field.format]! : ["0123456789", "ABC123", "abc", "aaaa", "a@b", "ab", "héllo"];
      return fc.oneof(fc.constant(""), fc.constantFrom(...fromFormat), fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 }));
    }
    case "number":
      return fc.oneof(
        fc.constant(""),
        fc.integer({ min: -2000, max: 2000 }).map(String),
        fc.double({ min: -2000, max: 2000, noNaN: true }).map(String),
        fc.constantFrom("1e3", "abc", " 12 ", "Infinity", "-0"),
      );
    case "boolean":
      return fc.boolean();
    case "single-select":
      return fc.constantFrom("", ...field.options.map((o) => o.value));
    case "multi-select":
      return fc.subarray(field.options.map((o) => o.value));
  }
}
