// What a host (or the relay) throws from `deliver` / `onResponse` when the answer was not taken and
// the person can correct it: the card stays open and each error goes onto its field.

/**
 * One field the receiver refused, by its key in `requestedSchema` ("age"), and why ("Must be 18 or
 * more"). With the rule's `code` and `params` (`"minimum"`, `{ limit: 18 }`: what the relay sends),
 * the form words it in its own `messages`, the person's language; `message` is the fallback.
 */
export interface ElicitationFieldError {
  field: string;
  message: string;
  code?: string;
  params?: Readonly<Record<string, string | number | boolean>>;
}

/** Errors kept from one refusal, and characters kept of each string: a refusal cannot flood the form. */
const MAX_ERRORS = 100;
const MAX_TEXT = 1_000;
/** Characters of a rule's code, and entries of its params. */
const MAX_CODE = 40;
const MAX_PARAMS = 10;

/** A rule's params as the form reads them: a plain object of at most MAX_PARAMS strings, numbers and booleans. */
function keptParams(value: unknown): Readonly<Record<string, string | number | boolean>> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, string | number | boolean> = Object.create(null);
  for (const [key, entry] of Object.entries(value).slice(0, MAX_PARAMS)) {
    if (typeof entry === "string") kept[key.slice(0, MAX_CODE)] = entry.slice(0, MAX_TEXT);
    else if ((typeof entry === "number" && Number.isFinite(entry)) || typeof entry === "boolean") kept[key.slice(0, MAX_CODE)] = entry;
  }
  return Object.freeze(kept);
}

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
        const code: unknown = error.code;
        const params = keptParams(error.params);
        kept.push(
          Object.freeze({
            field: field.slice(0, MAX_TEXT),
            message: text.slice(0, MAX_TEXT),
            ...(typeof code === "string" && code.length <= MAX_CODE ? { code } : {}),
            ...(params === undefined ? {} : { params }),
          }),
        );
      }
    }
    this.errors = Object.freeze(kept);
  }
}
