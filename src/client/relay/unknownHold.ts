// The 404 hold: how long a request the relay does not know stays on screen, missing from a `ready` or
// answered with 404. A store restarted empty knows no request until the instance holding it opens it
// again (a second or two), so neither its card nor an answer given meanwhile is dropped at once; the
// card closes when the relay still does not know it after UNKNOWN_GRACE_MS.

export const UNKNOWN_GRACE_MS = 5_000;

/** What the hold keeps on each request. */
export interface UnknownMarks {
  readonly id: string;
  /** When the relay first answered 404 to this window's answer (tried again within the grace). */
  notFoundSince: number | undefined;
  /** A `ready` did not list it: it closes when this runs out, unless the relay lists it again first. */
  unlisted: ReturnType<typeof setTimeout> | undefined;
}

/** A `ready` did not list it: `close()` after the grace, unless `listedAgain` first. */
export function holdUnlisted(marks: UnknownMarks, close: () => void): void {
  marks.unlisted ??= setTimeout(close, UNKNOWN_GRACE_MS);
}

/** The relay knows it (again), or it left: a close pending on a `ready` that did not list it is off. */
export function listedAgain(marks: UnknownMarks): void {
  clearTimeout(marks.unlisted);
  marks.unlisted = undefined;
}

/** The relay answered 404 to its answer: true while within the grace (the answer is tried again). */
export function stillUnknown(marks: UnknownMarks): boolean {
  marks.notFoundSince ??= Date.now();
  return Date.now() - marks.notFoundSince < UNKNOWN_GRACE_MS;
}
