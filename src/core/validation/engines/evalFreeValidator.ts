import { Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { checkStringFormat } from "../checkStringFormat";
import type { StringFormat } from "../../types";
import type { CompileContentValidator, ContentValidationError } from "../validationEngine";

// The validation engine for pages whose Content-Security-Policy forbids `unsafe-eval`, where Ajv
// cannot generate code. @cfworker/json-schema interprets the schema instead. Its findings are
// reshaped into Ajv's (keyword + params), and the checks where the two libraries disagree are done
// here, the same way for both engines: `pattern` (`new RegExp(pattern, "u")`, as Ajv), `format`
// (ajv-formats' definitions), `required` and `additionalProperties` (own keys only), and numbers
// that JSON cannot carry (NaN, ±Infinity), which Ajv rejects as the wrong type.
// The dialog and forms load this module with a dynamic import, on pages that forbid `new Function`.

// Own properties are read here as core/shared/ownProperty.ts reads them, in a few lines of this
// module's own: a chunk loaded from the validation runtime's chunk that imported that module too
// would leave it shared with the page's first bundle, as a chunk of its own (npm run size).
const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
function ownProperty(obj: object, key: string): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(obj, key);
  if (descriptor === undefined) return undefined;
  return "value" in descriptor ? descriptor.value : Reflect.get(obj, key);
}

/** Keywords whose failure is reported; the rest (`properties`, `items`) only wrap those. */
const LEAF_KEYWORDS: ReadonlySet<string> = new Set([
  "type", "const", "enum", "oneOf", "anyOf", "minLength", "maxLength", "minimum", "maximum",
  "minItems", "maxItems", "uniqueItems",
]);

const LIMIT_KEYWORDS: ReadonlySet<string> = new Set(["minLength", "maxLength", "minItems", "maxItems"]);

interface PropertyChecks {
  name: string;
  pattern?: { source: string; regExp: RegExp };
  format?: StringFormat;
}

/** Compiles one of the library's clean, flat elicitation schemas without `new Function` or `eval`. */
export const compileEvalFreeValidator: CompileContentValidator = (jsonSchema) => {
  const properties = (ownProperty(jsonSchema, "properties") ?? {}) as Record<string, unknown>;
  const required = (ownProperty(jsonSchema, "required") ?? []) as string[];
  const additionalAllowed = ownProperty(jsonSchema, "additionalProperties") !== false;
  const checks: PropertyChecks[] = [];
  const interpreted: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    const { pattern, format, ...rest } = ownProperty(properties, name) as Record<string, unknown>;
    const check: PropertyChecks = { name };
    if (typeof pattern === "string") {
      check.pattern = { source: pattern, regExp: new RegExp(pattern, "u") };
    }
    if (typeof format === "string") check.format = format as StringFormat;
    checks.push(check);
    interpreted[name] = rest;
  }
  const schema = { type: "object", properties: interpreted };
  const validator = new Validator(schema as Schema, "2020-12", false);

  return {
    validate(content) {
      if (!isRecord(content)) return [{ instancePath: "", keyword: "type", params: { type: "object" } }];
      const errors: ContentValidationError[] = [];
      for (const name of required) {
        if (!hasOwn(content, name)) errors.push({ instancePath: "", keyword: "required", params: { missingProperty: name } });
      }
      const instance: Record<string, unknown> = {};
      for (const key of Object.keys(content)) {
        if (!hasOwn(properties, key)) {
          if (!additionalAllowed) errors.push({ instancePath: "", keyword: "additionalProperties", params: { additionalProperty: key } });
          continue;
        }
        const value = ownProperty(content, key);
        // null fails every property type here, exactly as Ajv fails NaN and Infinity.
        instance[key] = typeof value === "number" && !Number.isFinite(value) ? null : value;
      }
      for (const unit of validator.validate(instance).errors) {
        const error = toAjvShape(unit, schema);
        if (error !== undefined) errors.push(error);
      }
      for (const check of checks) {
        const value = ownProperty(instance, check.name);
        if (typeof value !== "string") continue;
        if (check.format !== undefined && !checkStringFormat(check.format, value)) {
          errors.push({ instancePath: `/${check.name}`, keyword: "format", params: { format: check.format } });
        }
        if (check.pattern !== undefined && !check.pattern.regExp.test(value)) {
          errors.push({ instancePath: `/${check.name}`, keyword: "pattern", params: { pattern: check.pattern.source } });
        }
      }
      return errors;
    },
    dispose() {},
  };
};

/** One cfworker output unit as Ajv would have reported it, or undefined for wrapper keywords. */
function toAjvShape(unit: OutputUnit, schema: Record<string, unknown>): ContentValidationError | undefined {
  if (!LEAF_KEYWORDS.has(unit.keyword)) return undefined;
  const instancePath = pointer(unit.instanceLocation);
  const rule = resolve(schema, pointer(unit.keywordLocation));
  let params: Record<string, unknown>;
  switch (unit.keyword) {
    case "type":
      params = { type: rule };
      break;
    case "minimum":
      params = { comparison: ">=", limit: rule };
      break;
    case "maximum":
      params = { comparison: "<=", limit: rule };
      break;
    case "const":
      params = { allowedValue: rule };
      break;
    case "enum":
      params = { allowedValues: rule };
      break;
    case "oneOf":
      params = { passingSchemas: null };
      break;
    case "uniqueItems":
      params = {};
      break;
    default:
      params = LIMIT_KEYWORDS.has(unit.keyword) ? { limit: rule } : {};
  }
  return { instancePath, keyword: unit.keyword, params };
}

/** "#/properties/p0/minLength" → "/properties/p0/minLength", with %-escapes undone. */
function pointer(location: string): string {
  const path = location.startsWith("#") ? location.slice(1) : location;
  try {
    return decodeURI(path).replace(/%23/g, "#");
  } catch {
    return path;
  }
}

/** The schema value at a JSON Pointer (own properties only). */
function resolve(schema: unknown, path: string): unknown {
  let node = schema;
  for (const raw of path.split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null) return undefined;
    node = ownProperty(node, segment);
  }
  return node;
}
