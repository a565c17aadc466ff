import { checkContent, type FileBodies } from "./checkContent";
import { createAjvCompiler } from "./engines/ajvEngine";
import { compileEvalFreeValidator } from "./engines/evalFreeValidator";
import type { ElicitationLimits } from "../request/limits";
import type { ContentCheck, ParsedElicitationSchema } from "../types";
import type { FoundIssue } from "../values/FoundIssue";
import type { ValidationEngine } from "./validationEngine";
import type { ValidationRuntime } from "./validationRuntime";

export interface CheckContentSyncOptions {
  /** "auto" (default: the runtime's choice), "ajv" or "eval-free". */
  engine?: ValidationEngine | "auto";
  /** Limits for a schema parsed without them. */
  limits?: Partial<ElicitationLimits>;
  /** True: each `pattern` runs in the engine (`new RegExp(pattern, "u")`); false: the caller checks patterns. */
  patterns: boolean;
  /** Verdicts on files' data: URI bodies found in steps already (checkContent.ts); by default each is checked here. */
  fileBodies?: FileBodies;
}

/**
 * The check, synchronous: both engines imported statically, `runtime`'s engine choice, compilers and
 * validator cache. For validateElicitationContent, validateFormValues and the relay; the forms load
 * the engine they need instead (createValuesCheck.ts). Issues not yet worded.
 */
export function checkContentSync(
  runtime: ValidationRuntime,
  parsed: ParsedElicitationSchema,
  content: unknown,
  { engine, limits, patterns, fileBodies }: CheckContentSyncOptions,
): ContentCheck<FoundIssue> {
  return checkContent(
    parsed,
    content,
    () => {
      const resolved = runtime.engine.resolve(engine);
      const compile = resolved === "ajv" ? runtime.compiler("ajv", createAjvCompiler) : runtime.compiler("eval-free", () => compileEvalFreeValidator);
      return runtime.validators.get(parsed, resolved, compile, patterns);
    },
    limits,
    fileBodies,
  );
}
