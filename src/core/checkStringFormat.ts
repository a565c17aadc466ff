import { fullFormats } from "ajv-formats/dist/formats.js";
import type { StringFormat } from "./types";

// The same format definitions ajv-formats gives the validator, so a default the parser accepts is
// never one the validator then rejects (and vice versa). Importing them creates no Ajv instance.
type FormatDefinition = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) };

/** Whether `value` is a valid `format` string in "full" mode (RFC 3339 dates, absolute URIs, …). */
export function checkStringFormat(format: StringFormat, value: string): boolean {
  const definition = fullFormats[format] as FormatDefinition;
  const check = definition instanceof RegExp || typeof definition === "function" ? definition : definition.validate;
  return check instanceof RegExp ? check.test(value) : check(value);
}
