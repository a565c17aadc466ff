import { codePointLength, resolveElicitationLimits, type ElicitationLimits } from "../request/limits";
import { hasOwn, isRecord, ownProperty } from "../shared/ownProperty";
import type { ContentCheck, ElicitContent, ElicitContentValue, FieldDescriptor, ParsedElicitationSchema, ValidationCode } from "../types";
import { orderIssues } from "./issueOrder";
import type { FoundIssue } from "../values/FoundIssue";
import { engineKey } from "./validatorCache";
import type { ContentValidationError, ContentValidator } from "./validationEngine";
import { checkFileValue } from "./checkFileValue";
import { knownDataUri, type KnownDataUris } from "../values/dataUri";

// How content is checked against a parsed schema, whichever engine runs: renaming keys, bounding
// sizes, turning engine failures into at most one issue per field. No engine is imported here: the caller
// passes the validator (validatorCache.ts) of the engine it has.

/** Text longer than the limit, files that break their rules (checkFileValue.ts), and lists longer than the field has options, as engine-shaped failures. */
function oversizedValues(
  parsed: ParsedElicitationSchema,
  renamed: Record<string, unknown>,
  limits: ElicitationLimits,
  fileBodies: FileBodies,
  known: KnownDataUris | undefined,
): ContentValidationError[] {
  const failures: ContentValidationError[] = [];
  for (const field of parsed.fields) {
    const name = engineKey(field);
    const value = ownProperty(renamed, name);
    if (field.kind === "file" && typeof value === "string") {
      const body = typeof fileBodies === "boolean" ? fileBodies : (fileBodies.get(field.key) ?? true);
      const failure = checkFileValue(field, value, body, knownDataUri(known, field.key, value));
      if (failure !== undefined) failures.push({ instancePath: `/${name}`, ...failure });
    } else if (field.kind === "text" && typeof value === "string" && value.length > limits.maxStringLength) {
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

/**
 * How a file's data: URI body is judged: true, here; false, by the caller (the forms, in steps); or,
 * by field key, the verdicts the caller found in steps already (the relay), the rest judged here.
 */
export type FileBodies = boolean | ReadonlyMap<string, { isUri: boolean }>;

// Engine keywords that keep their name as the issue's code.
const SAME_CODE: ReadonlySet<string> = new Set([
  "fileType", "fileSize", "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "minItems", "maxItems", "uniqueItems",
]);

/**
 * The check: content against a parsed schema, with the validator `validator()` returns (called only
 * when an engine is needed; checkContentSync.ts and createValuesCheck.ts give it one). On success returns a NEW object holding only the declared keys; on failure
 * at most one issue per field (issueOrder.ts), as codes and parameters for the caller to word.
 */
export function checkContent(
  parsed: ParsedElicitationSchema,
  content: unknown,
  validator: () => ContentValidator,
  limits?: Partial<ElicitationLimits>,
  /** False: a file's data: URI body is left to the caller (the forms check it in steps); or the caller's verdicts. */
  fileBodies: FileBodies = true,
  /** Data: URIs the form built from files, judged without reading them again (checkFileValue.ts). */
  known?: KnownDataUris,
): ContentCheck<FoundIssue> {
  if (!isRecord(content)) return { valid: false, errors: [{ field: "", code: "type", params: { type: "object" } }] };

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
  const oversized = oversizedValues(parsed, renamed, parsed.limits ?? resolveElicitationLimits(limits), fileBodies, known);
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
  return { valid: false, errors: orderIssues(parsed.fields, failures.map((failure) => toIssue(failure, byKey, content, toKey))) };
}

function toIssue(
  failure: ContentValidationError,
  byKey: Map<string, FieldDescriptor>,
  content: object,
  toKey: (engineName: string) => string,
): FoundIssue {
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
  return { field, code, params: issueParams };
}

/** JSON Pointer (RFC 6901) unescaping: "~1" is "/", "~0" is "~" — in that order. */
function decodePointerSegment(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}
