/**
 * The code that checks answers could not be loaded (offline, a blocked chunk): nothing can be
 * validated, so nothing may be sent. The forms recognise it and tell the person; the next check
 * tries the load again.
 */
export class ValidationUnavailableError extends Error {
  readonly code = "validation-unavailable";

  constructor(cause: unknown) {
    super("The validation code could not be loaded", { cause });
    this.name = "ValidationUnavailableError";
  }
}
