import type { ParsedElicitationSchema } from "../types";
import type { ValuesCheck } from "../validation/createValuesCheck";
import type { ValidationRuntime } from "../validation/validationRuntime";
import { ValidationUnavailableError } from "../validation/ValidationUnavailableError";
import { loadFormChecks, type FormChecks as LoadValidationModule } from "./loadFormChecks";

/** What a form does with validation: each part loads its code on first use. */
export interface LazyFormValidation {
  /** The form's one check of its values, worded in the messages it is given (loadValuesCheck). */
  check: ValuesCheck;
  /** Starts loading the engine and compiles the schema when the browser is idle (prepareContentCheck). */
  prepare(): void;
  /** Keys of the fields whose pattern only the server can check on this page (patternsLeftToServer). */
  patternsLeftToServer(): Promise<string[]>;
}

/**
 * A form's way to validation, its code (the runtime, the engine choice, the validator cache, the
 * pattern tester's loader) fetched on first use: the page's first bundle holds only this. Nothing
 * the form draws waits for it. `runtime` undefined: the page's default runtime, which comes with that
 * code; each call into it names the runtime it runs in. A chunk that cannot load rejects a check with
 * ValidationUnavailableError, and is tried again on the next one.
 */
export function createLazyFormValidation(
  parsed: ParsedElicitationSchema,
  runtime: ValidationRuntime | undefined,
  load: () => Promise<LoadValidationModule> = loadFormChecks,
): LazyFormValidation {
  let loading: Promise<LoadValidationModule> | undefined;
  let check: ValuesCheck | undefined;
  const module = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new ValidationUnavailableError(error);
    }));
  return {
    check: async (values, messages, known) => (check ??= (await module()).loadValuesCheck(runtime, parsed))(values, messages, known),
    prepare() {
      module().then((loaded) => loaded.prepareContentCheck(runtime, parsed), () => undefined);
    },
    patternsLeftToServer: async () => (await module()).patternsLeftToServer(runtime, parsed),
  };
}
