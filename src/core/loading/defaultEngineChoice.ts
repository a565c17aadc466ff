import type { ValidationEngine } from "../validation/validationEngine";
import { defaultValidationRuntime } from "../validation/validationRuntime";

// The page's engine choice, kept by the default validation runtime (validationRuntime.ts).

/**
 * Whether this page may compile code. Tried once, lazily, when an engine is first needed (a form
 * mounting, or the first validation): under a CSP without `unsafe-eval` this one attempt is the
 * only violation the library ever causes. Hosts that know their policy can skip it with
 * `setValidationEngine("eval-free")`.
 */
export function canCompileCode(): boolean {
  return defaultValidationRuntime.engine.canCompileCode();
}

/** What "auto" chose on this page, without probing: undefined until an engine was first needed. */
export function detectedValidationEngine(): ValidationEngine | undefined {
  return defaultValidationRuntime.engine.detected();
}

/**
 * Chooses the engine for every later validation: "auto" (the default) uses Ajv where the page allows
 * it and the eval-free engine elsewhere. Compiled validators are cached per engine.
 */
export function setValidationEngine(engine: ValidationEngine | "auto"): void {
  defaultValidationRuntime.engine.set(engine);
}

/** The engine `engine` (default: the one set with `setValidationEngine`) resolves to on this page. */
export function resolveValidationEngine(engine?: ValidationEngine | "auto"): ValidationEngine {
  return defaultValidationRuntime.engine.resolve(engine);
}
