// What a host (or the relay) throws from `deliver` / `onResponse` when the answer was not taken and
// the person can correct it: the card stays open and each error goes onto its field.

/** One field the receiver refused, by its key in `requestedSchema` ("age"), and why ("Must be 18 or more"). */
export interface ElicitationFieldError {
  field: string;
  message: string;
}

/** Errors kept from one refusal, and characters kept of each string: a refusal cannot flood the form. */
const MAX_ERRORS = 100;
const MAX_TEXT = 1_000;

/**
 * The answer was refused; nothing was delivered and the request stays open. With `errors`, each
 * goes onto its field as the form's own errors are shown; without (or for a key the form does not
 * have), the form says so as a whole. Errors that are not `{ field, message }` strings are dropped.
 */
export class ElicitationAnswerRefused extends Error {
  override readonly name = "ElicitationAnswerRefused";
  readonly errors: readonly ElicitationFieldError[];

  constructor(errors: readonly ElicitationFieldError[] = [], message = "The answer was refused.") {
    super(message);
    const kept: ElicitationFieldError[] = [];
    for (const error of Array.isArray(errors) ? errors.slice(0, MAX_ERRORS) : []) {
      const field: unknown = error?.field;
      const text: unknown = error?.message;
      if (typeof field === "string" && typeof text === "string" && text.trim() !== "") {
        kept.push(Object.freeze({ field: field.slice(0, MAX_TEXT), message: text.slice(0, MAX_TEXT) }));
      }
    }
    this.errors = Object.freeze(kept);
  }
}
