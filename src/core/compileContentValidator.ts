import { compileAjvValidator as compileWithAjv } from "./ajvEngine";
import { compileEvalFreeValidator as compileWithoutEval } from "./evalFreeValidator";
import { installPatternEngine } from "./patternEngine";
import { compileSafePattern } from "./safePattern";
import { resolveValidationEngine, type CompileContentValidator } from "./validationEngine";

// The synchronous compilers, for servers, Node and hosts that validate outside the dialog: both
// engines and the pattern engine are imported statically here. The dialog and forms never import
// this module; they load what they need with loadContentValidator (loadValidation.ts).

const withPatterns =
  (compile: CompileContentValidator): CompileContentValidator =>
  (jsonSchema) => {
    installPatternEngine(compileSafePattern);
    return compile(jsonSchema);
  };

/** Compiles a clean elicitation JSON Schema with Ajv (uses `new Function`; needs `unsafe-eval` under CSP). */
export const compileAjvValidator: CompileContentValidator = withPatterns(compileWithAjv);

/** Compiles one of the library's clean, flat elicitation schemas without `new Function` or `eval`. */
export const compileEvalFreeValidator: CompileContentValidator = withPatterns(compileWithoutEval);

/** Compiles with the engine this page supports (see `setValidationEngine`). */
export const compileContentValidator: CompileContentValidator = (jsonSchema) =>
  resolveValidationEngine() === "ajv" ? compileAjvValidator(jsonSchema) : compileEvalFreeValidator(jsonSchema);
