import { createEngineChoice, type EngineChoice } from "../validation/engineChoice";
import { createValidatorCache, type ValidatorCache } from "../validation/validatorCache";
import type { CompileContentValidator, ValidationEngine } from "../validation/validationEngine";
import type { PatternTester } from "../validation/patterns/createPatternTester";
import { ValidationUnavailableError } from "./ValidationUnavailableError";
import { createLazyPatternTester } from "./patterns/lazyPatternTester";

// Everything validation keeps for a page, in one object: the engine choice and its one-time eval
// probe, the chunks loaded on demand, the compiled validators, the pattern tester. The library uses
// `defaultValidationRuntime`; a test (or a host that wants isolation) creates its own.

export type { PatternTester };

/** One engine's module as the runtime uses it: a factory, so each runtime compiles with instances of its own. */
export interface EngineModule {
  createCompiler(): CompileContentValidator;
}

export interface ValidationRuntimeOptions {
  /** Loads an engine's chunk (default: dynamic import of the library's engine module). */
  importEngine?: (engine: ValidationEngine) => Promise<EngineModule>;
  patterns?: PatternTester;
  /** How many compiled validators are kept (default 64). */
  cacheLimit?: number;
}

/** The compilers a runtime keeps: one per engine, and Ajv with every vocabulary for any schema. */
export type CompilerName = ValidationEngine | "ajv-any-schema";

export interface ValidationRuntime {
  readonly engine: EngineChoice;
  readonly validators: ValidatorCache;
  readonly patterns: PatternTester;
  /**
   * This runtime's compiler for `engine`, made with `create` on first use; the synchronous API and the
   * loaded chunk share it. "ajv-any-schema": compileAjvValidator's, every Ajv vocabulary for any schema a host hands it.
   */
  compiler(engine: CompilerName, create: () => CompileContentValidator): CompileContentValidator;
  /** Loads an engine's chunk once; a failed load rejects with ValidationUnavailableError and is tried again next time. */
  loadEngine(engine: ValidationEngine): Promise<CompileContentValidator>;
}

const importEngineModule = (engine: ValidationEngine): Promise<EngineModule> =>
  engine === "ajv"
    ? import("../validation/engines/ajvEngine").then((module) => ({ createCompiler: () => module.createAjvCompiler() }))
    : import("../validation/engines/evalFreeValidator").then((module) => ({ createCompiler: () => module.compileEvalFreeValidator }));

export function createValidationRuntime(options: ValidationRuntimeOptions = {}): ValidationRuntime {
  const importEngine = options.importEngine ?? importEngineModule;
  const compilers: Partial<Record<CompilerName, CompileContentValidator>> = {};
  const engines: Partial<Record<ValidationEngine, Promise<CompileContentValidator>>> = {};

  const compiler = (engine: CompilerName, create: () => CompileContentValidator) => (compilers[engine] ??= create());

  return {
    engine: createEngineChoice(),
    validators: createValidatorCache(options.cacheLimit),
    patterns: options.patterns ?? createLazyPatternTester(),
    compiler,
    loadEngine(engine) {
      return (engines[engine] ??= importEngine(engine).then(
        (module) => compiler(engine, module.createCompiler),
        (error: unknown) => {
          delete engines[engine];
          throw new ValidationUnavailableError(error);
        },
      ));
    },
  };
}

/** The runtime every form, dialog and core function uses unless given another. */
// Marked pure: a bundle that never validates drops the runtime with it (bundlers that ignore `sideEffects`).
export const defaultValidationRuntime: ValidationRuntime = /* @__PURE__ */ createValidationRuntime();
