/**
 * A host's wording where it gave some, `defaults` elsewhere: for the wording that loads with the part
 * that draws it (the steps, URL mode's body), so a page that never draws that part never carries it.
 */
export function withDefaultMessages<M extends object, D extends object>(messages: M, defaults: D): M & D {
  const filled = { ...messages } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) filled[key] ??= (defaults as Record<string, unknown>)[key];
  return filled as M & D;
}
