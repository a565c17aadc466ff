import { ElicitationSchemaError } from "./ElicitationSchemaError";
import { registerParsedSchema } from "./isParsedSchema";
import { codePointLength, resolveElicitationLimits, type ElicitationLimits } from "./limits";
import { fieldLabel } from "./fieldLabel";
import { hasVisibleText } from "../shared/hasVisibleText";
import { hasOwn, isRecord, ownProperty } from "../shared/ownProperty";
import { checkPatternSyntax } from "./checkPatternSyntax";
import { cutText, quoteExcerpt } from "../shared/excerpt";
import { detectSensitiveField } from "./sensitiveFields";
import { checkFileInputs, madeFileInputs } from "./fileInputsOptIn";
import type {
  FieldDescriptor,
  FileFieldDescriptor,
  FileInputs,
  FieldOption,
  MultiSelectFieldDescriptor,
  ParsedElicitationSchema,
  SingleSelectFieldDescriptor,
  StringFormat,
} from "../types";

const ROOT = "requestedSchema";

const STRING_FORMATS: readonly string[] = ["email", "uri", "date", "date-time"] satisfies StringFormat[];

/**
 * Every JSON Schema keyword (drafts 4 → 2020-12) that changes what is valid or restructures data.
 * Where one of these appears and is not supported in that place, the request is refused: silently
 * ignoring it would render a form that accepts what the server forbids. Anything else is an
 * annotation (`title`, `description`, `default`, `examples`, `$comment`, `deprecated`, `enumNames`,
 * `contentMediaType`, `x-*`, …) and is ignored wherever it appears: it cannot make the server refuse
 * an answer, so it must not make the client refuse the request.
 */
const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref", "$dynamicRef", "$recursiveRef", "$defs", "definitions",
  "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
  "dependentSchemas", "dependencies", "dependentRequired",
  "prefixItems", "items", "additionalItems", "contains", "minContains", "maxContains",
  "unevaluatedItems", "unevaluatedProperties",
  "properties", "patternProperties", "additionalProperties", "propertyNames",
  "minProperties", "maxProperties", "required",
  "type", "enum", "const",
  "multipleOf", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "minLength", "maxLength", "pattern", "format",
  "minItems", "maxItems", "uniqueItems",
]);

const ALLOWED = {
  root: new Set(["type", "properties", "required", "additionalProperties"]),
  text: new Set(["type", "minLength", "maxLength", "pattern", "format"]),
  number: new Set(["type", "minimum", "maximum"]),
  boolean: new Set(["type"]),
  enum: new Set(["type", "enum"]),
  oneOf: new Set(["type", "oneOf"]),
  multi: new Set(["type", "items", "minItems", "maxItems", "uniqueItems"]),
  itemsEnum: new Set(["type", "enum"]),
  itemsAnyOf: new Set(["type", "anyOf"]),
  option: new Set(["type", "const"]),
};

export interface ParseElicitationOptions {
  /** Size limits; any left out keep their defaults (see `defaultElicitationLimits`). */
  limits?: Partial<ElicitationLimits>;
  /**
   * File inputs (draft SEP-2356): given the `fileInputs` value of "react-mcp-elicitation/core", a
   * string property with an `x-mcp-file` annotation becomes a `kind: "file"` field whose value is a
   * data: URI, and its annotation is checked. Left out (or false): the property is then a URL field
   * and `x-mcp-file` an annotation like any other `x-*`.
   */
  fileInputs?: FileInputs | false;
}

/** The opt-in as the parser reads it: the `fileInputs` value brings the reading of file properties. */
export interface FileInputsSupport extends FileInputs {
  readonly parseFile: typeof parseFileProperty;
}

/** The largest `maxSize` that is a number of bytes at all: beyond it integers are no longer exact. */
const MAX_FILE_SIZE_DECLARED = Number.MAX_SAFE_INTEGER;
const FILE_KEY = "x-mcp-file";
// An `accept` entry: a MIME type ("image/png"), a wildcard ("image/*", "*/*") or an extension (".pdf").
const ACCEPT_ENTRY = /^(?:\*\/\*|[\w!#$&^.+-]+\/(?:\*|[\w!#$&^.+-]+)|\.[^\s/\\.,;]+(?:\.[^\s/\\.,;]+)*)$/;

/** What one parse runs under, handed to every helper that needs it (a parse shares nothing with another). */
export interface ParseRun {
  readonly limits: ElicitationLimits;
  /** Present only with the `fileInputs` opt-in, which brings it. */
  readonly parseFile: FileInputsSupport["parseFile"] | undefined;
}

export type ParseElicitationSchemaResult =
  | { ok: true; schema: ParsedElicitationSchema }
  | { ok: false; error: ElicitationSchemaError };

/**
 * Checks a server's `requestedSchema` and turns it into typed field descriptors plus a clean JSON
 * Schema for validation. Never throws: any input (null, arrays, proxies, throwing getters) yields
 * either `{ ok: true, schema }` or `{ ok: false, error }` naming the offending path. Schemas over
 * the size limits are refused the same way, before any costly work. Synchronous and engine-free:
 * a `pattern` is only checked to be an ECMAScript regular expression (unicode mode), never run.
 */
export function parseElicitationSchema(schema: unknown, options: ParseElicitationOptions = {}): ParseElicitationSchemaResult {
  // Outside the try: a wrong opt-in is the host's mistake and throws, never a refusal of the request.
  const parseFile = (checkFileInputs(options?.fileInputs) as FileInputsSupport | undefined)?.parseFile;
  try {
    const run: ParseRun = { limits: resolveElicitationLimits(options?.limits), parseFile };
    const parsed = { ...parseRoot(run, schema), limits: run.limits };
    return { ok: true, schema: registerParsedSchema(parsed, parsed.cacheKey) };
  } catch (error) {
    if (error instanceof ElicitationSchemaError) return { ok: false, error };
    return { ok: false, error: new ElicitationSchemaError(ROOT, `could not be read (${describeError(error)})`) };
  }
}

/** Makes the `fileInputs` opt-in value (fileInputs.ts), the only kind of value checkFileInputs accepts. */
export function createFileInputs(): FileInputs {
  const made = Object.freeze<FileInputsSupport>({ kind: "file-inputs", parseFile: parseFileProperty });
  madeFileInputs.add(made);
  return made;
}

/**
 * Walks the whole schema once, iteratively, and stops at the first limit crossed: a schema a
 * million values wide or a thousand levels deep costs at most `maxSchemaNodes` steps.
 */
function checkSize(run: ParseRun, schema: unknown): void {
  interface Entry { value: unknown; depth: number; parent?: Entry; key?: string }
  const pathOf = (entry: Entry): string => {
    const keys: string[] = [];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return [ROOT, ...keys.map((key) => (key.length > 40 ? `${key.slice(0, 37)}...` : key))].join(".");
  };
  const stack: Entry[] = [{ value: schema, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value, depth } = entry;
    if (++nodes > run.limits.maxSchemaNodes) fail(ROOT, `is too large: more than ${run.limits.maxSchemaNodes} values`);
    if (typeof value !== "object" || value === null) continue;
    for (let at = entry.parent; at !== undefined; at = at.parent) {
      if (at.value === value) fail(pathOf(entry), "refers to itself");
    }
    if (depth > run.limits.maxSchemaDepth) fail(pathOf(entry), `is nested too deeply: more than ${run.limits.maxSchemaDepth} levels`);
    if (Array.isArray(value)) {
      const length = Math.min(value.length, run.limits.maxSchemaNodes + 1);
      for (let i = 0; i < length; i++) stack.push({ value: value[i], depth: depth + 1, parent: entry, key: String(i) });
    } else {
      for (const key of Object.keys(value)) stack.push({ value: ownProperty(value, key), depth: depth + 1, parent: entry, key });
    }
  }
}

/** Every server string the form draws or compares is bounded by `maxTextLength`. */
function checkText(run: ParseRun, text: string, path: string, what = "characters"): void {
  if (text.length > run.limits.maxTextLength && codePointLength(text, run.limits.maxTextLength) > run.limits.maxTextLength) {
    fail(path, `is longer than ${run.limits.maxTextLength} ${what}`);
  }
}

function fail(path: string, reason: string): never {
  throw new ElicitationSchemaError(path, reason);
}

function describeError(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "unreadable value";
  }
}

/** A short, safe rendering of a server value for error messages. */
function show(value: unknown): string {
  try {
    // A long string is cut before it is serialised: quoting it whole would cost as much as it is long.
    if (typeof value === "string") return quoteExcerpt(value);
    const json = JSON.stringify(value);
    if (json === undefined) return typeof value;
    return json.length > 40 ? `${json.slice(0, 37)}...` : json;
  } catch {
    return typeof value;
  }
}

function parseRoot(run: ParseRun, schema: unknown): Omit<ParsedElicitationSchema, "limits"> {
  if (!isRecord(schema)) fail(ROOT, "must be an object");
  checkSize(run, schema);
  const type = ownProperty(schema, "type");
  if (type !== "object") fail(`${ROOT}.type`, type === undefined ? 'is required and must be "object"' : `must be "object", not ${show(type)}`);
  const properties = ownProperty(schema, "properties");
  if (!isRecord(properties)) fail(`${ROOT}.properties`, properties === undefined ? "is required" : "must be an object");
  const count = Object.keys(properties).length;
  if (count > run.limits.maxProperties) {
    fail(`${ROOT}.properties`, `has ${count} properties; at most ${run.limits.maxProperties} are allowed`);
  }
  rejectUnsupported(schema, ALLOWED.root, ROOT, "the top-level schema");
  optionalString(run, schema, "title", ROOT);
  optionalString(run, schema, "description", ROOT);
  const additional = ownProperty(schema, "additionalProperties");
  // The form never sends undeclared keys, so either boolean is safe; a schema object would be a nested form.
  if (additional !== undefined && typeof additional !== "boolean") {
    fail(`${ROOT}.additionalProperties`, "must be false (or true), not a schema");
  }

  const required = parseRequired(ownProperty(schema, "required"), properties);
  const fields = Object.keys(properties).map((key, index) =>
    parseProperty(run, key, ownProperty(properties, key), index, required.has(key)),
  );
  const jsonSchema = defined({
    type: "object",
    properties: Object.fromEntries(fields.map((field) => [field.key, fieldJsonSchema(field, ownProperty(properties, field.key))])),
    required: fields.some((field) => field.required) ? fields.filter((f) => f.required).map((f) => f.key) : undefined,
    additionalProperties: false,
  });
  const cacheKey = JSON.stringify(jsonSchema);
  return { fields, jsonSchema, cacheKey, formKey: formKeyOf(cacheKey, fields) };
}

/**
 * The form as drawn, for drafts and kept answers. A file field validates as the URL field it would be
 * without the opt-in (its `x-mcp-file` is not in `jsonSchema`), yet it is another question whose value is
 * a file: each file field's place, `accept` and `maxSize` follow the schema's key. A form without one
 * keeps `cacheKey` as it is, so answers a host stored before stay found.
 */
function formKeyOf(cacheKey: string, fields: readonly FieldDescriptor[]): string {
  const files = fields.flatMap((field) => (field.kind === "file" ? [[field.index, field.accept ?? null, field.maxSize ?? null]] : []));
  // `cacheKey` is one whole JSON text, so what follows it can never make it read as another.
  return files.length === 0 ? cacheKey : `${cacheKey}${JSON.stringify({ files })}`;
}

function parseRequired(required: unknown, properties: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  if (required === undefined) return names;
  if (!Array.isArray(required)) fail(`${ROOT}.required`, "must be a list of property names");
  required.forEach((name: unknown, i) => {
    const path = `${ROOT}.required.${i}`;
    if (typeof name !== "string") fail(path, `must be a property name, not ${show(name)}`);
    if (!hasOwn(properties, name)) fail(path, `${quoteExcerpt(name)} is not a declared property`);
    if (names.has(name)) fail(path, `${quoteExcerpt(name)} is listed twice`);
    names.add(name);
  });
  return names;
}

function parseProperty(run: ParseRun, key: string, raw: unknown, index: number, required: boolean): FieldDescriptor {
  const path = `${ROOT}.properties.${cutText(key)}`;
  if (key.length > run.limits.maxTextLength) checkText(run, key, path, "characters in its name");
  if (!isRecord(raw)) fail(path, "must be an object");
  const type = ownProperty(raw, "type");
  if (type === undefined) fail(`${path}.type`, "is required (string, number, integer, boolean or array)");
  if (Array.isArray(type)) fail(`${path}.type`, "must be a single type, not a list");
  if (type === "object") fail(`${path}.type`, "nested objects are not supported");
  const title = optionalString(run, raw, "title", path);
  const description = optionalString(run, raw, "description", path);
  // An empty title would leave the input without an accessible name: fall back to the key.
  const base = defined({
    key,
    index,
    path,
    label: fieldLabel(title, key),
    description,
    required,
  });

  // Only fields a person types into can carry a secret; the descriptor says what it looks like.
  const sensitive = () => detectSensitiveField({ key, title, description });
  /** `field` (already without undefined values) with what it looks like, if anything. */
  const withSensitive = (field: FieldDescriptor): FieldDescriptor => {
    const kind = sensitive();
    return kind === undefined ? field : { ...field, sensitive: kind };
  };
  switch (type) {
    case "string":
      if (hasOwn(raw, "enum") || hasOwn(raw, "oneOf")) return parseSingleSelect(run, raw, path, base);
      if (run.parseFile !== undefined && hasOwn(raw, FILE_KEY)) return defined({ ...run.parseFile(run, raw, path, base), sensitive: sensitive() });
      return withSensitive(parseText(run, raw, path, base));
    case "number":
    case "integer":
      return withSensitive(parseNumber(raw, path, base, type === "integer"));
    case "boolean": {
      rejectUnsupported(raw, ALLOWED.boolean, path, "a boolean property");
      const dflt = ownProperty(raw, "default");
      if (dflt !== undefined && typeof dflt !== "boolean") fail(`${path}.default`, "must be true or false");
      return defined({ ...base, kind: "boolean" as const, default: dflt as boolean | undefined });
    }
    case "array":
      return parseMultiSelect(run, raw, path, base);
    default:
      return fail(`${path}.type`, `${show(type)} is not supported (use string, number, integer, boolean or array)`);
  }
}

type Base = { key: string; index: number; path: string; label: string; description?: string; required: boolean };

function parseText(run: ParseRun, raw: Record<string, unknown>, path: string, base: Base): FieldDescriptor {
  rejectUnsupported(raw, ALLOWED.text, path, "a text property");
  const minLength = optionalCount(raw, "minLength", path);
  const maxLength = optionalCount(raw, "maxLength", path);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    fail(`${path}.minLength`, `must not be greater than maxLength (${maxLength})`);
  }
  if (minLength !== undefined && minLength > run.limits.maxStringLength) {
    fail(`${path}.minLength`, `must not be greater than ${run.limits.maxStringLength}, the longest text this form accepts`);
  }
  const rawPattern = ownProperty(raw, "pattern");
  if (typeof rawPattern === "string" && rawPattern.length > run.limits.maxPatternLength) {
    fail(`${path}.pattern`, `is longer than ${run.limits.maxPatternLength} characters`);
  }
  if (rawPattern !== undefined && typeof rawPattern !== "string") fail(`${path}.pattern`, "must be a string");
  const pattern = rawPattern as string | undefined;
  if (pattern !== undefined) {
    const problem = checkPatternSyntax(pattern);
    if (problem !== undefined) fail(`${path}.pattern`, problem);
  }
  const format = ownProperty(raw, "format");
  if (format !== undefined && (typeof format !== "string" || !STRING_FORMATS.includes(format))) {
    fail(`${path}.format`, `${show(format)} is not supported (use email, uri, date or date-time)`);
  }
  // A date is always 10 characters and a date-time at least 20 ("2025-01-01T12:00:00Z"): lengths
  // that no such value has would give a field that can never be answered.
  if (format === "date" && ((maxLength ?? 10) < 10 || (minLength ?? 0) > 10)) {
    fail(`${path}.${(maxLength ?? 10) < 10 ? "maxLength" : "minLength"}`, "leaves no room for a date, which is 10 characters (2025-01-31)");
  }
  if (format === "date-time" && (maxLength ?? Infinity) < 20) {
    fail(`${path}.maxLength`, "leaves no room for a date and time, which is at least 20 characters (2025-01-31T12:00:00Z)");
  }
  const dflt = ownProperty(raw, "default");
  if (dflt !== undefined) {
    const at = `${path}.default`;
    if (typeof dflt !== "string") fail(at, "must be a string");
    checkText(run, dflt, at);
    // JSON Schema counts code points, not UTF-16 units.
    const length = codePointLength(dflt);
    if (minLength !== undefined && length < minLength) fail(at, `is shorter than minLength (${minLength})`);
    if (maxLength !== undefined && length > maxLength) fail(at, `is longer than maxLength (${maxLength})`);
    // Not checked against `pattern` or `format` here: a default is an annotation (the server checks
    // the answer, not the default), a pattern could take unbounded time on the main thread, and the
    // format rules are engine code the page loads later. Such a default is shown, and flagged by
    // the form's own check like any typed value.
  }
  return defined({
    ...base,
    kind: "text" as const,
    format: format as StringFormat | undefined,
    minLength,
    maxLength,
    pattern,
    default: dflt as string | undefined,
  });
}

/**
 * A file input (draft SEP-2356): `{ type: "string", format: "uri", "x-mcp-file": { accept?, maxSize? } }`.
 * The text rules (minLength, maxLength, pattern) apply to the data: URI, as the server checks them.
 * Reached only through the `fileInputs` value (fileInputs.ts), so a bundle without it leaves it out.
 */
export function parseFileProperty(run: ParseRun, raw: Record<string, unknown>, path: string, base: Base): FileFieldDescriptor {
  const text = parseText(run, raw, path, base) as Extract<FieldDescriptor, { kind: "text" }>;
  if (text.format !== undefined && text.format !== "uri") {
    fail(`${path}.format`, `must be "uri" on a file property, not ${show(text.format)}`);
  }
  const at = `${path}.${FILE_KEY}`;
  const descriptor = ownProperty(raw, FILE_KEY);
  if (!isRecord(descriptor)) fail(at, "must be an object { accept?, maxSize? }");
  const acceptValue = ownProperty(descriptor, "accept");
  let accept: string[] | undefined;
  if (acceptValue !== undefined) {
    if (!Array.isArray(acceptValue)) fail(`${at}.accept`, 'must be a list of MIME types or extensions, like ["image/*", ".pdf"]');
    checkOptionCount(run, acceptValue.length, `${at}.accept`);
    accept = acceptValue.map((entry: unknown, i) => {
      if (typeof entry !== "string" || entry.length > 255 || !ACCEPT_ENTRY.test(entry)) {
        fail(`${at}.accept.${i}`, `must be a MIME type ("image/png", "image/*") or an extension (".pdf"), not ${show(entry)}`);
      }
      return entry;
    });
  }
  const maxSize = ownProperty(descriptor, "maxSize");
  if (maxSize !== undefined && (typeof maxSize !== "number" || !Number.isInteger(maxSize) || maxSize < 1 || maxSize > MAX_FILE_SIZE_DECLARED)) {
    fail(`${at}.maxSize`, `must be a whole number of bytes from 1 to ${MAX_FILE_SIZE_DECLARED}, not ${show(maxSize)}`);
  }
  if (text.default !== undefined && !/^data:[^,]*,/i.test(text.default)) {
    fail(`${path}.default`, "must be a data: URI (data:<type>;base64,<bytes>)");
  }
  const { kind: _text, format: _format, sensitive: _sensitive, ...rest } = text;
  return defined({ ...rest, kind: "file" as const, accept, maxSize: maxSize as number | undefined,
    sizeLimit: Math.min((maxSize as number | undefined) ?? Infinity, run.limits.maxFileSize), format: text.format as "uri" | undefined });
}

function parseNumber(raw: Record<string, unknown>, path: string, base: Base, integer: boolean): FieldDescriptor {
  rejectUnsupported(raw, ALLOWED.number, path, `${integer ? "an integer" : "a number"} property`);
  const minimum = optionalFinite(raw, "minimum", path);
  const maximum = optionalFinite(raw, "maximum", path);
  if (minimum !== undefined && maximum !== undefined && minimum > maximum) {
    fail(`${path}.minimum`, `must not be greater than maximum (${maximum})`);
  }
  const dflt = ownProperty(raw, "default");
  if (dflt !== undefined) {
    const at = `${path}.default`;
    if (typeof dflt !== "number" || !Number.isFinite(dflt)) fail(at, "must be a finite number");
    if (integer && !Number.isInteger(dflt)) fail(at, "must be a whole number");
    if (minimum !== undefined && dflt < minimum) fail(at, `is less than minimum (${minimum})`);
    if (maximum !== undefined && dflt > maximum) fail(at, `is greater than maximum (${maximum})`);
  }
  return defined({ ...base, kind: "number" as const, integer, minimum, maximum, default: dflt as number | undefined });
}

function parseSingleSelect(run: ParseRun, raw: Record<string, unknown>, path: string, base: Base): SingleSelectFieldDescriptor {
  const enumValues = ownProperty(raw, "enum");
  const oneOf = ownProperty(raw, "oneOf");
  if (enumValues !== undefined && oneOf !== undefined) fail(`${path}.oneOf`, "cannot be combined with enum");
  let options: FieldOption[];
  let variant: SingleSelectFieldDescriptor["variant"];
  if (enumValues !== undefined) {
    rejectUnsupported(raw, ALLOWED.enum, path, "a select property");
    const values = parseEnumValues(run, enumValues, `${path}.enum`, false);
    const names = ownProperty(raw, "enumNames");
    if (names === undefined) {
      variant = "untitled";
      options = values.map((value) => ({ value, label: value }));
    } else {
      if (!Array.isArray(names) || names.length !== values.length) {
        fail(`${path}.enumNames`, `must be a list of ${values.length} names, one per enum value`);
      }
      names.forEach((name: unknown, i) => {
        if (typeof name !== "string") fail(`${path}.enumNames.${i}`, "must be a string");
        checkText(run, name, `${path}.enumNames.${i}`);
      });
      variant = "legacy-titled";
      options = values.map((value, i) => ({ value, label: names[i] as string }));
    }
  } else {
    rejectUnsupported(raw, ALLOWED.oneOf, path, "a select property");
    variant = "titled";
    options = parseTitledOptions(run, oneOf, `${path}.oneOf`, false);
  }
  const dflt = ownProperty(raw, "default");
  if (dflt !== undefined && (typeof dflt !== "string" || !options.some((o) => o.value === dflt))) {
    fail(`${path}.default`, "must be one of the options");
  }
  return defined({ ...base, kind: "single-select" as const, variant, options, default: dflt as string | undefined });
}

function parseMultiSelect(run: ParseRun, raw: Record<string, unknown>, path: string, base: Base): MultiSelectFieldDescriptor {
  rejectUnsupported(raw, ALLOWED.multi, path, "a multi-select property");
  const items = ownProperty(raw, "items");
  const itemsPath = `${path}.items`;
  if (items === undefined) fail(itemsPath, "is required and must list the options");
  if (!isRecord(items)) fail(itemsPath, "must be an object listing the options");
  const itemType = ownProperty(items, "type");
  if (itemType === "object") fail(`${itemsPath}.type`, "arrays of objects are not supported");
  if (itemType !== undefined && itemType !== "string") fail(`${itemsPath}.type`, `must be "string", not ${show(itemType)}`);
  const enumValues = ownProperty(items, "enum");
  const anyOf = ownProperty(items, "anyOf");
  if (enumValues !== undefined && anyOf !== undefined) fail(`${itemsPath}.anyOf`, "cannot be combined with enum");
  let options: FieldOption[];
  let variant: MultiSelectFieldDescriptor["variant"];
  if (enumValues !== undefined) {
    rejectUnsupported(items, ALLOWED.itemsEnum, itemsPath, "multi-select items");
    if (itemType === undefined) fail(`${itemsPath}.type`, 'is required and must be "string"');
    variant = "untitled";
    options = parseEnumValues(run, enumValues, `${itemsPath}.enum`, true).map((value) => ({ value, label: value }));
  } else if (anyOf !== undefined) {
    rejectUnsupported(items, ALLOWED.itemsAnyOf, itemsPath, "multi-select items");
    variant = "titled";
    options = parseTitledOptions(run, anyOf, `${itemsPath}.anyOf`, true);
  } else {
    return fail(itemsPath, "must list the options with enum or anyOf");
  }
  const minItems = optionalCount(raw, "minItems", path);
  const maxItems = optionalCount(raw, "maxItems", path);
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) {
    fail(`${path}.minItems`, `must not be greater than maxItems (${maxItems})`);
  }
  if (minItems !== undefined && minItems > options.length) {
    fail(`${path}.minItems`, `must not be greater than the number of options (${options.length})`);
  }
  const unique = ownProperty(raw, "uniqueItems");
  // Choices are a set either way (a checkbox is on or off), so uniqueness is always enforced.
  if (unique !== undefined && typeof unique !== "boolean") fail(`${path}.uniqueItems`, "must be true or false");
  const dflt = ownProperty(raw, "default");
  let defaultValues: string[] | undefined;
  if (dflt !== undefined) {
    const at = `${path}.default`;
    if (!Array.isArray(dflt)) fail(at, "must be a list of option values");
    const seen = new Set<string>();
    dflt.forEach((value: unknown, i) => {
      if (typeof value !== "string" || !options.some((o) => o.value === value)) fail(`${at}.${i}`, "must be one of the options");
      if (seen.has(value)) fail(`${at}.${i}`, `repeats the option ${quoteExcerpt(value)}`);
      seen.add(value);
    });
    if (minItems !== undefined && dflt.length < minItems) fail(at, `has fewer than minItems (${minItems}) values`);
    if (maxItems !== undefined && dflt.length > maxItems) fail(at, `has more than maxItems (${maxItems}) values`);
    defaultValues = [...(dflt as string[])];
  }
  return defined({
    ...base,
    kind: "multi-select" as const,
    variant,
    options,
    minItems,
    maxItems,
    default: defaultValues,
  });
}

/**
 * `enum` values: a non-empty list of distinct strings. A single select cannot offer "" because the
 * form uses "" for "nothing chosen"; a multi select can.
 */
function parseEnumValues(run: ParseRun, values: unknown, path: string, allowEmpty: boolean): string[] {
  if (!Array.isArray(values)) fail(path, "must be a list of strings");
  if (values.length === 0) fail(path, "must offer at least one option");
  checkOptionCount(run, values.length, path);
  const seen = new Set<string>();
  values.forEach((value: unknown, i) => {
    if (typeof value !== "string") fail(`${path}.${i}`, `must be a string, not ${show(value)}`);
    checkText(run, value, `${path}.${i}`);
    if (value === "" && !allowEmpty) fail(`${path}.${i}`, "must not be empty");
    if (seen.has(value)) fail(`${path}.${i}`, `repeats the option ${quoteExcerpt(value)}`);
    seen.add(value);
  });
  return [...(values as string[])];
}

/** `oneOf` / `items.anyOf`: a non-empty list of `{ const, title }` with distinct values. */
function parseTitledOptions(run: ParseRun, list: unknown, path: string, allowEmpty: boolean): FieldOption[] {
  if (!Array.isArray(list)) fail(path, "must be a list of { const, title } options");
  if (list.length === 0) fail(path, "must offer at least one option");
  checkOptionCount(run, list.length, path);
  const seen = new Set<string>();
  return list.map((option: unknown, i) => {
    const at = `${path}.${i}`;
    if (!isRecord(option)) fail(at, "must be an object { const, title }");
    rejectUnsupported(option, ALLOWED.option, at, "an option");
    const type = ownProperty(option, "type");
    if (type !== undefined && type !== "string") fail(`${at}.type`, 'must be "string"');
    const value = ownProperty(option, "const");
    if (typeof value !== "string") fail(`${at}.const`, value === undefined ? "is required" : "must be a string");
    checkText(run, value, `${at}.const`);
    if (value === "" && !allowEmpty) fail(`${at}.const`, "must not be empty");
    if (seen.has(value)) fail(`${at}.const`, `repeats the option ${quoteExcerpt(value)}`);
    seen.add(value);
    const title = ownProperty(option, "title");
    if (typeof title !== "string") fail(`${at}.title`, title === undefined ? "is required" : "must be a string");
    checkText(run, title, `${at}.title`);
    optionalString(run, option, "description", at);
    return { value, label: hasVisibleText(title) ? title : value };
  });
}

function rejectUnsupported(obj: Record<string, unknown>, allowed: ReadonlySet<string>, path: string, where: string) {
  for (const key of Object.keys(obj)) {
    if (SCHEMA_KEYWORDS.has(key) && !allowed.has(key)) fail(`${path}.${key}`, `is not supported on ${where}`);
  }
}

function optionalString(run: ParseRun, obj: Record<string, unknown>, key: string, path: string): string | undefined {
  const value = ownProperty(obj, key);
  if (value !== undefined && typeof value !== "string") fail(`${path}.${key}`, "must be a string");
  if (value !== undefined) checkText(run, value as string, `${path}.${key}`);
  return value as string | undefined;
}

function checkOptionCount(run: ParseRun, count: number, path: string): void {
  if (count > run.limits.maxOptions) fail(path, `offers ${count} options; at most ${run.limits.maxOptions} are allowed`);
}

/** Length and item limits: whole numbers, 0 or more. */
function optionalCount(obj: Record<string, unknown>, key: string, path: string): number | undefined {
  const value = ownProperty(obj, key);
  if (value !== undefined && (typeof value !== "number" || !Number.isInteger(value) || value < 0)) {
    fail(`${path}.${key}`, "must be a whole number, 0 or more");
  }
  return value as number | undefined;
}

function optionalFinite(obj: Record<string, unknown>, key: string, path: string): number | undefined {
  const value = ownProperty(obj, key);
  if (value !== undefined && (typeof value !== "number" || !Number.isFinite(value))) {
    fail(`${path}.${key}`, "must be a finite number");
  }
  return value as number | undefined;
}

/** The JSON Schema the validator compiles for one field: only the supported keywords, fixed order. */
function fieldJsonSchema(field: FieldDescriptor, raw: unknown): Record<string, unknown> {
  // A label made from the key is not the server's title: leave it out, as the server did.
  const titled = isRecord(raw) && hasVisibleText(ownProperty(raw, "title") as string | undefined);
  // Built entry by entry, leaving out what is undefined (as defined() would, without a copy).
  const schema: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) schema[key] = value;
  };
  const annotated = (type: string) => {
    schema.type = type;
    put("title", titled ? field.label : undefined);
    put("description", field.description);
  };
  switch (field.kind) {
    case "text":
    case "file":
      // A file's `x-mcp-file` is left out: the content check applies accept and maxSize itself.
      annotated("string");
      put("minLength", field.minLength);
      put("maxLength", field.maxLength);
      put("pattern", field.pattern);
      put("format", field.format);
      put("default", field.default);
      break;
    case "number":
      annotated(field.integer ? "integer" : "number");
      put("minimum", field.minimum);
      put("maximum", field.maximum);
      put("default", field.default);
      break;
    case "boolean":
      annotated("boolean");
      put("default", field.default);
      break;
    case "single-select":
      // Legacy enumNames are dropped: they are not JSON Schema, and the labels live in the descriptor.
      annotated("string");
      if (field.variant === "titled") schema.oneOf = field.options.map((o) => ({ const: o.value, title: o.label }));
      else schema.enum = field.options.map((o) => o.value);
      put("default", field.default);
      break;
    case "multi-select":
      annotated("array");
      schema.items =
        field.variant === "titled"
          ? { anyOf: field.options.map((o) => ({ const: o.value, title: o.label })) }
          : { type: "string", enum: field.options.map((o) => o.value) };
      schema.uniqueItems = true;
      put("minItems", field.minItems);
      put("maxItems", field.maxItems);
      put("default", field.default);
      break;
  }
  return schema;
}

/** Drops undefined-valued keys (our own fixed keys only), so descriptors and schemas stay clean. */
function defined<T extends object>(obj: T): T {
  // A plain loop: a form of 200 fields makes a few thousand of these as it mounts.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    const value = (obj as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out as T;
}
