import applicatorModule from "ajv/dist/vocabularies/applicator/index.js";
import coreModule from "ajv/dist/vocabularies/core/index.js";
import formatModule from "ajv/dist/vocabularies/format/index.js";
import { metadataVocabulary } from "ajv/dist/vocabularies/metadata.js";
import validationModule from "ajv/dist/vocabularies/validation/index.js";
import { AJV_GENERATION_SIZE, createAjvCompiler, unwrap, type AjvVocabulary } from "./ajvEngine";
import type { CompileContentValidator } from "../validationEngine";
import { defaultValidationRuntime } from "../validationRuntime";

// The synchronous API's Ajv compiler, for whatever JSON Schema a host hands it: Ajv's whole core,
// validation, 2020-12 applicator, format and annotation vocabularies. The forms' engine chunk
// (ajvEngine.ts) knows only the keywords of the clean schemas it is ever given, and is smaller.

const everyVocabulary = (): AjvVocabulary[] => [
  unwrap(coreModule),
  unwrap(validationModule),
  unwrap(applicatorModule)(true),
  unwrap(formatModule),
  metadataVocabulary,
];

/**
 * Compiles a JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). Its Ajv
 * instances belong to the page's validation runtime, beside the engines' compilers.
 */
export const compileAjvValidator: CompileContentValidator = (jsonSchema) =>
  defaultValidationRuntime.compiler("ajv-any-schema", () => createAjvCompiler(AJV_GENERATION_SIZE, everyVocabulary))(jsonSchema);
