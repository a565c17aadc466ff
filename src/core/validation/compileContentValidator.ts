import { compileAjvValidator } from "./engines/compileAjvValidator";
import { compileEvalFreeValidator } from "./engines/evalFreeValidator";
import { defaultValidationRuntime } from "./validationRuntime";
import type { CompileContentValidator } from "./validationEngine";

// The synchronous compilers, for servers, Node and hosts that validate outside the dialog: both
// engines are imported statically here, and patterns run in them as the MCP SDK's servers run them.
// The dialog and forms never import this module; they load what they need through the validation
// runtime (validationRuntime.ts) and check patterns off the main thread.

export { compileAjvValidator, compileEvalFreeValidator };

/** Compiles with the engine this page supports (see `setValidationEngine`). */
export const compileContentValidator: CompileContentValidator = (jsonSchema) =>
  defaultValidationRuntime.engine.resolve() === "ajv" ? compileAjvValidator(jsonSchema) : compileEvalFreeValidator(jsonSchema);
