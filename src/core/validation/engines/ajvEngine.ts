import AjvModule from "ajv/dist/core.js";
import additionalPropertiesKeyword from "ajv/dist/vocabularies/applicator/additionalProperties.js";
import anyOfKeyword from "ajv/dist/vocabularies/applicator/anyOf.js";
import itemsKeyword from "ajv/dist/vocabularies/applicator/items2020.js";
import oneOfKeyword from "ajv/dist/vocabularies/applicator/oneOf.js";
import propertiesKeyword from "ajv/dist/vocabularies/applicator/properties.js";
import formatKeyword from "ajv/dist/vocabularies/format/format.js";
import { metadataVocabulary } from "ajv/dist/vocabularies/metadata.js";
import constKeyword from "ajv/dist/vocabularies/validation/const.js";
import enumKeyword from "ajv/dist/vocabularies/validation/enum.js";
import limitItemsKeyword from "ajv/dist/vocabularies/validation/limitItems.js";
import limitLengthKeyword from "ajv/dist/vocabularies/validation/limitLength.js";
import limitNumberKeyword from "ajv/dist/vocabularies/validation/limitNumber.js";
import patternKeyword from "ajv/dist/vocabularies/validation/pattern.js";
import requiredKeyword from "ajv/dist/vocabularies/validation/required.js";
import uniqueItemsKeyword from "ajv/dist/vocabularies/validation/uniqueItems.js";
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

// Ajv's core with only the keywords a clean schema holds (parseElicitationSchema writes it) — rather
// than Ajv2020, whose meta-schemas, $dynamicRef, unevaluated* and discriminator a clean schema never
// needs (about 4 KB gzipped), or Ajv's whole vocabularies, whose not, allOf, if/then/else, contains,
// dependencies, patternProperties, propertyNames, prefixItems, multipleOf, min/maxProperties and
// $ref it never holds either (about 3 KB more). Strict mode refuses any other keyword at compile
// time, so a schema this engine cannot read fails loudly, never passes unchecked. The public
// compileAjvValidator (compileAjvValidator.ts) keeps every vocabulary, for any schema a host gives.
// These modules are CommonJS with `exports.default`: a bundler hands over that default, Node's ESM
// loader the whole `exports` object.
export const unwrap = <T>(module: T | { default: T }): T =>
  typeof module === "object" && module !== null && "default" in module ? module.default : (module as T);
const Ajv = unwrap(AjvModule);
type Ajv = InstanceType<typeof Ajv>;

/** Keyword definitions, as Ajv's addVocabulary takes them. */
export type AjvVocabulary = Parameters<Ajv["addVocabulary"]>[0];

/** The keywords of a clean elicitation schema (and `type`, which Ajv's core checks itself), and no other. */
function elicitationVocabularies(): AjvVocabulary[] {
  const keywords = [
    limitNumberKeyword, limitLengthKeyword, patternKeyword, requiredKeyword, limitItemsKeyword, uniqueItemsKeyword,
    constKeyword, enumKeyword, anyOfKeyword, oneOfKeyword, additionalPropertiesKeyword, propertiesKeyword, itemsKeyword,
    formatKeyword,
  ].map((keyword) => unwrap<AjvVocabulary[number]>(keyword));
  return [[{ keyword: "type", schemaType: ["string", "array"] }, ...keywords], metadataVocabulary];
}

/**
 * How many schemas one Ajv instance compiles before the next compile starts a fresh instance. Ajv's
 * shared scope keeps part of every schema it compiled even after `removeSchema` (a SchemaEnv and
 * its generated code per schema), so a long session that only ever removed schemas would grow with
 * every request. Retiring the instance instead bounds it: an old instance is held only by the
 * validators it compiled, and goes when the last of them is dropped from the validator cache.
 */
export const AJV_GENERATION_SIZE = 64;

function createAjv(vocabularies: readonly AjvVocabulary[]): Ajv {
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
  for (const vocabulary of vocabularies) ajv.addVocabulary(vocabulary);
  // The elicitation formats pass only what both SDK server validators accept (Ajv's email rule
  // alone takes addresses CfWorker refuses); see checkStringFormat.ts.
  for (const format of ["email", "uri", "date", "date-time"] as const satisfies readonly StringFormat[]) {
    ajv.addFormat(format, { type: "string", validate: (value: string) => checkStringFormat(format, value) });
  }
  return ajv;
}

/**
 * A compiler with Ajv instances of its own, each used for at most `generationSize` schemas and
 * knowing the keywords `vocabularies` gives (default: those of a clean elicitation schema). The
 * first instance is created on first use, never at import: importing the package under SSR or on a
 * server must stay cheap.
 */
export function createAjvCompiler(
  generationSize = AJV_GENERATION_SIZE,
  vocabularies: () => readonly AjvVocabulary[] = elicitationVocabularies,
): CompileContentValidator {
  let current: Ajv | undefined;
  let compiled = 0;
  return (jsonSchema) => {
    if (current === undefined || compiled >= generationSize) {
      current = createAjv(vocabularies());
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
