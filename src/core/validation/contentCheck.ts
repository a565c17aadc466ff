import { parsedSchemaKey } from "../request/isParsedSchema";
import { codePointLength, resolveElicitationLimits, type ElicitationLimits } from "../request/limits";
import { hasOwn, isRecord, ownProperty } from "../shared/ownProperty";
import type {
  ElicitContent,
  ElicitContentValue,
  FieldDescriptor,
  ParsedElicitationSchema,
  ValidateElicitationContentResult,
  ValidationCode,
  ValidationIssue,
} from "../types";
import type { CompileContentValidator, ContentValidationError, ContentValidator, ValidationEngine } from "./validationEngine";
import { describeValidationIssue } from "./validationMessages";

// How content is checked against a parsed schema, whichever engine runs: renaming keys, bounding
// sizes, turning engine failures into one plain-words issue per field. No engine is imported here:
// validateElicitationContent passes the statically imported ones, loadContentValidator the loaded one.

// Compiling is the expensive part (Ajv generates code); forms validate on every keystroke, so each
// distinct schema is compiled once and kept in a small least-recently-used cache.
const CACHE_LIMIT = 64;
const validators = new Map<string, ContentValidator>();

/**
 * The compiled validator of `schema` for `engine`, compiled with `compile` on first use. With
 * `patterns` false the engine leaves `pattern` out: the forms check patterns off the main thread
 * (checkContentPatterns.ts); the synchronous API runs them in the engine, as the server does.
 */
export function validatorFor(
  schema: ParsedElicitationSchema,
  engine: ValidationEngine,
  compile: CompileContentValidator,
  patterns = true,
): ContentValidator {
  const key = `${engine}:${patterns ? "" : "-pattern:"}${parsedSchemaKey(schema)}`;
  const cached = validators.get(key);
  if (cached !== undefined) {
    validators.delete(key);
    validators.set(key, cached);
    return cached;
  }
  const validator = compile(engineSchema(schema, patterns));
  validators.set(key, validator);
  if (validators.size > CACHE_LIMIT) {
    const [oldestKey, oldest] = validators.entries().next().value as [string, ContentValidator];
    validators.delete(oldestKey);
    oldest.dispose();
  }
  return validator;
}

/**
 * The schema the engine compiles: jsonSchema with each property renamed to `p<index>`. Server keys
 * never reach the engine, so "__proto__" (which Ajv skips in `properties`), "constructor" or "a/b"
 * cannot confuse it, and unknown content keys are renamed `u<n>` so they cannot collide.
 */
function engineSchema(schema: ParsedElicitationSchema, patterns: boolean): Record<string, unknown> {
  const properties = ownProperty(schema.jsonSchema, "properties") as Record<string, unknown>;
  const required = schema.fields.filter((field) => field.required).map(engineKey);
  const property = (field: FieldDescriptor) => {
    const rules = ownProperty(properties, field.key) as Record<string, unknown>;
    if (patterns || !hasOwn(rules, "pattern")) return rules;
    const { pattern: _left, ...rest } = rules;
    return rest;
  };
  return {
    type: "object",
    properties: Object.fromEntries(schema.fields.map((field) => [engineKey(field), property(field)])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}

const engineKey = (field: FieldDescriptor) => `p${field.index}`;

/** Text longer than the limit, and lists longer than the field has options, as engine-shaped failures. */
function oversizedValues(
  parsed: ParsedElicitationSchema,
  renamed: Record<string, unknown>,
  limits: ElicitationLimits,
): ContentValidationError[] {
  const failures: ContentValidationError[] = [];
  for (const field of parsed.fields) {
    const name = engineKey(field);
    const value = ownProperty(renamed, name);
    if (field.kind === "text" && typeof value === "string" && value.length > limits.maxStringLength) {
      const limit = Math.min(field.maxLength ?? Infinity, limits.maxStringLength);
      if (codePointLength(value, limit) > limit) failures.push({ instancePath: `/${name}`, keyword: "maxLength", params: { limit } });
    } else if (field.kind === "multi-select" && Array.isArray(value) && value.length > field.options.length) {
      // More items than options: some repeat or are not on offer; either way too many to choose.
      const limit = Math.min(field.maxItems ?? field.options.length, field.options.length);
      failures.push({ instancePath: `/${name}`, keyword: "maxItems", params: { limit } });
    }
  }
  return failures;
}

// When a field breaks several rules, the first of these is the one worth telling the user.
const PRIORITY: ValidationCode[] = [
  "required", "type", "integer", "enum", "format", "pattern", "minLength", "maxLength",
  "minimum", "maximum", "minItems", "maxItems", "uniqueItems", "unknownField",
];

const SAME_CODE: ReadonlySet<string> = new Set([
  "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "minItems", "maxItems", "uniqueItems",
]);

/**
 * Checks content against a parsed schema with the validator `validator()` returns (called only when
 * an engine is needed). On success returns a NEW object holding only the declared keys; on failure
 * at most one plain-words issue per field.
 */
export function checkContent(
  parsed: ParsedElicitationSchema,
  content: unknown,
  validator: () => ContentValidator,
  limits?: Partial<ElicitationLimits>,
): ValidateElicitationContentResult {
  if (!isRecord(content)) {
    const params = { type: "object" };
    return {
      valid: false,
      errors: [{ field: "", code: "type", message: describeValidationIssue({ code: "type", params }, ""), params }],
    };
  }

  // Rename content keys the same way, remembering the way back for error messages.
  const byKey = new Map(parsed.fields.map((field) => [field.key, field]));
  const originalKeys = new Map<string, string>();
  let unknown = 0;
  const renamed = Object.fromEntries(
    Object.keys(content).map((key) => {
      const field = byKey.get(key);
      const name = field === undefined ? `u${unknown++}` : engineKey(field);
      originalKeys.set(name, key);
      return [name, ownProperty(content, key)];
    }),
  );
  // Oversized values never reach an engine: whatever a regular expression or a format check costs,
  // it is paid on at most `maxStringLength` characters and at most one item per option.
  const oversized = oversizedValues(parsed, renamed, parsed.limits ?? resolveElicitationLimits(limits));
  for (const failure of oversized) delete renamed[failure.instancePath.slice(1)];
  const engineFailures = validator().validate(renamed);
  const failures = [
    ...oversized,
    ...engineFailures.filter(
      (f) => !(f.keyword === "required" && oversized.some((o) => o.instancePath === `/${String(f.params.missingProperty)}`)),
    ),
  ];
  if (failures.length === 0) {
    const entries: [string, ElicitContentValue][] = [];
    for (const field of parsed.fields) {
      if (!hasOwn(content, field.key)) continue;
      const value = ownProperty(content, field.key) as ElicitContentValue;
      entries.push([field.key, Array.isArray(value) ? [...value] : value]);
    }
    return { valid: true, content: Object.fromEntries(entries) as ElicitContent };
  }
  const fieldByEngineKey = new Map(parsed.fields.map((field) => [engineKey(field), field]));
  const toKey = (name: string) => originalKeys.get(name) ?? fieldByEngineKey.get(name)?.key ?? name;
  return { valid: false, errors: toIssues(failures, parsed.fields, byKey, content, toKey) };
}

function toIssues(
  failures: ContentValidationError[],
  fields: FieldDescriptor[],
  byKey: Map<string, FieldDescriptor>,
  content: object,
  toKey: (engineName: string) => string,
): ValidationIssue[] {
  const best = new Map<string, ValidationIssue>();
  for (const failure of failures) {
    const issue = toIssue(failure, byKey, content, toKey);
    const current = best.get(issue.field);
    if (current === undefined || PRIORITY.indexOf(issue.code) < PRIORITY.indexOf(current.code)) {
      best.set(issue.field, issue);
    }
  }
  // Content-level first, then fields in declaration order, then keys the form does not have.
  const rank = (issue: ValidationIssue) => (issue.field === "" ? -1 : (byKey.get(issue.field)?.index ?? fields.length));
  return [...best.values()].sort((a, b) => rank(a) - rank(b));
}

function toIssue(
  failure: ContentValidationError,
  byKey: Map<string, FieldDescriptor>,
  content: object,
  toKey: (engineName: string) => string,
): ValidationIssue {
  const segments = failure.instancePath.split("/").slice(1).map(decodePointerSegment);
  const { keyword, params } = failure;
  let field = segments[0] === undefined ? "" : toKey(segments[0]);
  let code: ValidationCode;
  let issueParams: Record<string, unknown> = params;
  if (keyword === "required") {
    field = toKey(String(params.missingProperty));
    code = "required";
    issueParams = {};
  } else if (keyword === "additionalProperties") {
    field = toKey(String(params.additionalProperty));
    code = "unknownField";
    issueParams = { field };
  } else if (keyword === "type") {
    if (field === "") code = "type";
    // A wrong item inside a multi-select is a choice that is not on offer.
    else if (segments.length > 1) code = "enum";
    else if (params.type === "integer" && typeof ownProperty(content, field) === "number") code = "integer";
    else code = "type";
  } else if (keyword === "enum" || keyword === "const" || keyword === "oneOf" || keyword === "anyOf") {
    code = "enum";
    issueParams = {};
  } else if (keyword === "uniqueItems") {
    // Engines name different duplicate pairs; the message needs neither.
    code = "uniqueItems";
    issueParams = {};
  } else if (SAME_CODE.has(keyword)) {
    code = keyword as ValidationCode;
  } else {
    code = "type";
  }
  const label = byKey.get(field)?.label ?? field;
  return { field, code, message: describeValidationIssue({ code, params: issueParams }, label), params: issueParams };
}

/** JSON Pointer (RFC 6901) unescaping: "~1" is "/", "~0" is "~" — in that order. */
function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
