import type { LoadValidationOptions } from "./loadValidation";
import { ValidationUnavailableError } from "../validation/ValidationUnavailableError";
import { defaultValidationRuntime } from "../validation/validationRuntime";

// Apart from loadValidation.ts, which the forms load on demand: a bundle that imports the library's
// entry (and with it this function) keeps the forms' validation code in its own chunk.

export type PreloadValidationOptions = LoadValidationOptions;

/**
 * Starts loading the validation engine this page will use (the forms' checking code and the pattern
 * worker with it) ahead of the first form, e.g. when the host connects to its first MCP server.
 * Resolves when it is loaded. Forms never wait for it: they draw at once and load the engine in the
 * background anyway. An `engine` named here is the page's engine from then on, as with
 * `setValidationEngine`: the forms use the engine that was loaded, and skip the eval probe (the one
 * CSP violation report it would file).
 */
export async function preloadValidation(options: PreloadValidationOptions = {}): Promise<void> {
  const runtime = defaultValidationRuntime;
  if (options.engine !== undefined && options.engine !== "auto") runtime.engine.set(options.engine);
  runtime.patterns.start();
  const checkingCode = import("./loadValidation").catch((error: unknown) => {
    throw new ValidationUnavailableError(error);
  });
  await Promise.all([checkingCode, runtime.loadEngine(runtime.engine.resolve(options?.engine))]);
}
