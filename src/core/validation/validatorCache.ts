import { parsedSchemaKey } from "../request/isParsedSchema";
import { hasOwn, ownProperty } from "../shared/ownProperty";
import type { FieldDescriptor, ParsedElicitationSchema } from "../types";
import type { CompileContentValidator, ContentValidator, ValidationEngine } from "./validationEngine";

// Compiling is the expensive part (Ajv generates code); forms validate on every keystroke, so each
// distinct schema is compiled once and kept in a small least-recently-used cache. Entries are filed
// under the key the parser minted for its own result (isParsedSchema.ts): nothing a server writes
// into a schema chooses a validator. An evicted validator is disposed, and the Ajv compiler retires
// its instance every AJV_GENERATION_SIZE schemas, so what the engines keep stays bounded too.

/** The validators one runtime keeps, at most `limit` of them. */
export interface ValidatorCache {
  /**
   * The compiled validator of `schema` for `engine`, compiled with `compile` on first use. With
   * `patterns` false the engine leaves `pattern` out: the forms check patterns off the main thread
   * (checkPatterns.ts); the synchronous API runs them in the engine, as the server does.
   */
  get(schema: ParsedElicitationSchema, engine: ValidationEngine, compile: CompileContentValidator, patterns: boolean): ContentValidator;
  /** Whether the validator `get` would return is compiled already; if so it counts as just used, as `get` would. */
  touch(schema: ParsedElicitationSchema, engine: ValidationEngine, patterns: boolean): boolean;
  /** How many validators are kept now. */
  readonly size: number;
}

export const VALIDATOR_CACHE_LIMIT = 64;

export function createValidatorCache(limit = VALIDATOR_CACHE_LIMIT): ValidatorCache {
  const validators = new Map<string, ContentValidator>();
  const keyOf = (schema: ParsedElicitationSchema, engine: ValidationEngine, patterns: boolean) =>
    `${engine}:${patterns ? "" : "-pattern:"}${parsedSchemaKey(schema)}`;
  /** The kept validator under `key`, moved to the end of the least-recently-used order. */
  const use = (key: string): ContentValidator | undefined => {
    const cached = validators.get(key);
    if (cached !== undefined) {
      validators.delete(key);
      validators.set(key, cached);
    }
    return cached;
  };
  return {
    get(schema, engine, compile, patterns) {
      const key = keyOf(schema, engine, patterns);
      const cached = use(key);
      if (cached !== undefined) return cached;
      const validator = compile(engineSchema(schema, patterns));
      validators.set(key, validator);
      if (validators.size > limit) {
        const [oldestKey, oldest] = validators.entries().next().value as [string, ContentValidator];
        validators.delete(oldestKey);
        oldest.dispose();
      }
      return validator;
    },
    touch(schema, engine, patterns) {
      return use(keyOf(schema, engine, patterns)) !== undefined;
    },
    get size() {
      return validators.size;
    },
  };
}

/** The name a field has inside the engine: `p<index>`, never the server's key. */
export const engineKey = (field: FieldDescriptor) => `p${field.index}`;

/** Rules a file's value is checked against in checkContent (checkFileValue.ts), never by the engine. */
const FILE_RULES: ReadonlySet<string> = new Set(["format", "minLength", "maxLength"]);

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
    const kept = Object.entries(rules).filter(
      ([keyword]) => !(keyword === "pattern" && !patterns) && !(field.kind === "file" && FILE_RULES.has(keyword)),
    );
    return kept.length === Object.keys(rules).length ? rules : Object.fromEntries(kept);
  };
  return {
    type: "object",
    properties: Object.fromEntries(schema.fields.map((field) => [engineKey(field), property(field)])),
    ...(required.length > 0 && { required }),
    additionalProperties: false,
  };
}
