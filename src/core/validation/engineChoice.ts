import type { ValidationEngine } from "./validationEngine";

/** Which engine a runtime uses: the host's choice, and whether the page may compile code. */
export interface EngineChoice {
  /** Whether this page may compile code: tried once, lazily, when an engine is first needed. */
  canCompileCode(): boolean;
  /** What "auto" chose, without probing: undefined until an engine was first needed. */
  detected(): ValidationEngine | undefined;
  set(engine: ValidationEngine | "auto"): void;
  chosen(): ValidationEngine | "auto";
  /** The engine `engine` (default: the chosen one) resolves to on this page. */
  resolve(engine?: ValidationEngine | "auto"): ValidationEngine;
}

export function createEngineChoice(): EngineChoice {
  let preferred: ValidationEngine | "auto" = "auto";
  let codeAllowed: boolean | undefined;
  const canCompileCode = () => {
    if (codeAllowed === undefined) {
      try {
        codeAllowed = new Function("return true")() === true;
      } catch {
        codeAllowed = false;
      }
    }
    return codeAllowed;
  };
  return {
    canCompileCode,
    detected: () => (codeAllowed === undefined ? undefined : codeAllowed ? "ajv" : "eval-free"),
    set(engine) {
      preferred = engine;
    },
    chosen: () => preferred,
    resolve(engine = preferred) {
      if (engine === "ajv" || engine === "eval-free") return engine;
      return canCompileCode() ? "ajv" : "eval-free";
    },
  };
}
