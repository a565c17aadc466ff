// @vitest-environment node
// The form's format rules accept exactly what both of the MCP SDK's server validators accept
// (Ajv and CfWorker): anything one of them refuses is refused here, before it is sent.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStringFormat } from "../../src/core/validation/checkStringFormat";
import type { StringFormat } from "../../src/core/types";

const validators = [new AjvJsonSchemaValidator(), new CfWorkerJsonSchemaValidator()];
const both = (format: StringFormat) => {
  const checks = validators.map((v) => v.getValidator({ type: "string", format } as never));
  return (value: string) => checks.every((check) => check(value).valid);
};

const localChar = fc.constantFrom(..."abcXYZ019.!#$%&'*+/=?^_`{|}~-\" @[]");
const labelChar = fc.constantFrom(..."abz09-");
const label = fc.oneof(fc.string({ unit: labelChar, minLength: 0, maxLength: 4 }), fc.integer({ min: 60, max: 66 }).map((n) => "a".repeat(n)));
const email = fc.oneof(
  fc.tuple(
    fc.oneof(fc.string({ unit: localChar, maxLength: 6 }), fc.integer({ min: 62, max: 67 }).map((n) => "b".repeat(n)), fc.constant('"john doe"')),
    fc.array(label, { minLength: 1, maxLength: 5 }),
  ).map(([local, labels]) => `${local}@${labels.join(".")}`),
  fc.constantFrom("me@[127.0.0.1]", "me@[IPv6:::1]", `me@${Array(5).fill("c".repeat(60)).join(".")}.com`),
);
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
const dateTime = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")), two(13), two(32),
    fc.constantFrom("T", "t", " ", "x"), two(24), two(60), two(61),
    fc.constantFrom("", ".5", ".123456"),
    fc.constantFrom("Z", "z", "", "+05:30", "-0800", "+05", "+24:00", "-23:59", "+00:60"),
  )
  .map(([y, mo, d, sep, h, mi, s, frac, tz]) => `${y}-${mo}-${d}${sep}${h}:${mi}:${s}${frac}${tz}`);
const date = fc.tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32)).map(([y, m, d]) => `${String(y).padStart(4, "0")}-${m}-${d}`);
const uri = fc.oneof(fc.webUrl(), fc.string({ maxLength: 12 }), fc.constantFrom("mailto:a@b.c", "urn:isbn:123", "//host/path", "http://a b", "a:b", "http://[::1]/"));

describe("format rules equal the SDK validators' joint verdict", () => {
  it.each([
    ["email", email],
    ["date-time", dateTime],
    ["date", date],
    ["uri", uri],
  ] as const)("%s", (format, values) => {
    const sdk = both(format);
    fc.assert(
      fc.property(values, (value) => {
        expect(checkStringFormat(format, value)).toBe(sdk(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it("the edges the two validators disagree on are refused", () => {
    expect(checkStringFormat("email", `${"a".repeat(65)}@example.com`)).toBe(false);
    expect(checkStringFormat("email", `me@${"b".repeat(64)}.example`)).toBe(false);
    expect(checkStringFormat("email", '"john doe"@example.com')).toBe(false);
    expect(checkStringFormat("date-time", "2025-01-01T12:00:00+0530")).toBe(false);
    expect(checkStringFormat("email", `${"a".repeat(64)}@example.com`)).toBe(true);
  });
});
