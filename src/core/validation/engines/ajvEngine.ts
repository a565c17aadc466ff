import AjvModule from "ajv/dist/core.js";
import applicatorModule from "ajv/dist/vocabularies/applicator/index.js";
import coreModule from "ajv/dist/vocabularies/core/index.js";
import formatModule from "ajv/dist/vocabularies/format/index.js";
import { metadataVocabulary } from "ajv/dist/vocabularies/metadata.js";
import validationModule from "ajv/dist/vocabularies/validation/index.js";
import { checkStringFormat } from "../checkStringFormat";
import type { StringFormat } from "../../types";
import type { CompileContentValidator } from "../validationEngine";

// The Ajv engine: about 37 KB gzipped, so the dialog and forms load this module with a dynamic
// import, and only on pages that allow `new Function` (see loadValidation.ts). Only the four
// elicitation formats are registered (checkStringFormat.ts): ajv-formats' plugin would add every
// other format and its formatMinimum keywords, which a clean schema never uses.
// Patterns are Ajv's own: `new RegExp(pattern, "u")`, exactly as the MCP SDK's server validator
// runs them. The forms never give Ajv a pattern (they check patterns off the main thread, see
// createPatternTester.ts); the synchronous API does, as a server would.

// Ajv's core with only the vocabularies a clean schema uses — the 2020-12 applicators (properties,
// items, anyOf, oneOf), validation, format, and the annotations strict mode must know — rather than
// Ajv2020, whose meta-schemas, $dynamicRef, unevaluated* and discriminator a clean schema never
// needs (about 4 KB gzipped). These modules are CommonJS with `exports.default`: a bundler hands
// over that default, Node's ESM loader the whole `exports` object.
const unwrap = <T>(module: T | { default: T }): T =>
  typeof module === "object" && module !== null && "default" in module ? module.default : (module as T);
const Ajv = unwrap(AjvModule);
type Ajv = InstanceType<typeof Ajv>;

/**
 * How many schemas one Ajv instance compiles before the next compile starts a fresh instance. Ajv's
 * shared scope keeps part of every schema it compiled even after `removeSchema` (a SchemaEnv and
 * its generated code per schema), so a long session that only ever removed schemas would grow with
 * every request. Retiring the instance instead bounds it: an old instance is held only by the
 * validators it compiled, and goes when the last of them is dropped from the validator cache.
 */
export const AJV_GENERATION_SIZE = 64;

function createAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Strict mode is safe because we only ever compile the clean schema rebuilt by
    // parseElicitationSchema, never the server's raw object — which is why legacy `enumNames`
    // (not a JSON Schema keyword) cannot trip it.
    strict: true,
    // Only those clean schemas are compiled, so checking them against the JSON Schema meta-schema
    // would only cost time.
    validateSchema: false,
    // Server keys like "__proto__" or "constructor" must be checked as own properties only.
    ownProperties: true,
  });
  const applicator = unwrap(applicatorModule);
  for (const vocabulary of [unwrap(coreModule), unwrap(validationModule), applicator(true), unwrap(formatModule), metadataVocabulary]) {
    ajv.addVocabulary(vocabulary);
  }
  // The elicitation formats pass only what both SDK server validators accept (Ajv's email rule
  // alone takes addresses CfWorker refuses); see checkStringFormat.ts.
  for (const format of ["email", "uri", "date", "date-time"] as const satisfies readonly StringFormat[]) {
    ajv.addFormat(format, { type: "string", validate: (value: string) => checkStringFormat(format, value) });
  }
  return ajv;
}

/**
 * A compiler with Ajv instances of its own, each used for at most `generationSize` schemas. The
 * first instance is created on first use, never at import: importing the package under SSR or on a
 * server must stay cheap.
 */
export function createAjvCompiler(generationSize = AJV_GENERATION_SIZE): CompileContentValidator {
  let current: Ajv | undefined;
  let compiled = 0;
  return (jsonSchema) => {
    if (current === undefined || compiled >= generationSize) {
      current = createAjv();
      compiled = 0;
    }
    compiled += 1;
    const instance = current;
    const check = instance.compile(jsonSchema);
    return {
      validate(content) {
        if (check(content)) return [];
        return (check.errors ?? []).map((error) => ({
          instancePath: error.instancePath,
          keyword: error.keyword,
          params: { ...error.params },
        }));
      },
      // Ajv keeps every compiled schema in its own cache keyed by the schema object; drop ours.
      dispose() {
        instance.removeSchema(jsonSchema);
      },
    };
  };
}

/** Compiles a clean elicitation JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). */
export const compileAjvValidator: CompileContentValidator = createAjvCompiler();
