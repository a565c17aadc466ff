import { fullFormats } from "ajv-formats/dist/formats.js";
import type { StringFormat } from "../types";

// A value passes only when BOTH validators the MCP SDK offers servers accept it: Ajv with
// ajv-formats in "full" mode (`AjvJsonSchemaValidator`) and @cfworker/json-schema
// (`CfWorkerJsonSchemaValidator`). ajv-formats' definitions are used as they are (importing them
// creates no Ajv instance); CfWorker's stricter limits are added below, because its format module
// only comes with the whole validator. test/security/formatRules.test.ts checks the result against
// both SDK validators.
type FormatDefinition = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) };

function ajvAccepts(format: StringFormat, value: string): boolean {
  const definition = fullFormats[format] as FormatDefinition;
  const check = definition instanceof RegExp || typeof definition === "function" ? definition : definition.validate;
  return check instanceof RegExp ? check.test(value) : check(value);
}

/**
 * What CfWorker refuses among what Ajv accepts. Email (RFC 5321 sizes): a local part of at most 64
 * characters, a domain of at most 253 with labels of at most 63. Date-time: the offset written
 * "Z" or "±hh:mm" (Ajv also takes "+0530" and "+05").
 */
const CFWORKER_LIMITS: Partial<Record<StringFormat, (value: string) => boolean>> = {
  email(value) {
    const at = value.lastIndexOf("@");
    const domain = value.slice(at + 1);
    return at <= 64 && domain.length <= 253 && domain.split(".").every((label) => label.length <= 63);
  },
  "date-time": (value) => /(?:z|[+-]\d\d:\d\d)$/i.test(value),
};

/** Whether `value` is a valid `format` string for both SDK validators (RFC 3339 dates, absolute URIs, …). */
export function checkStringFormat(format: StringFormat, value: string): boolean {
  return ajvAccepts(format, value) && (CFWORKER_LIMITS[format]?.(value) ?? true);
}
