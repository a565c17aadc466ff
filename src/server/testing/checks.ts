// The suite's own checks: no test framework, so a store's author can run the cases under any runner.
// Values are compared as JSON with sorted keys (what the stores keep and give back is JSON).

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => [key, canonical(item)]));
}

const show = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(canonical(value)));

/** Throws, naming `what`, unless `actual` equals `expected` (undefined properties left out). */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (show(actual) !== show(expected)) throw new Error(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Throws, naming `what`, unless `actual` has every property of `expected` (deeply) with its value. */
export function has(actual: unknown, expected: Record<string, unknown>, what: string): void {
  const matches = (got: unknown, want: unknown): boolean => {
    if (want === null || typeof want !== "object" || Array.isArray(want)) return show(got) === show(want);
    if (got === null || typeof got !== "object") return false;
    return Object.entries(want as Record<string, unknown>).every(([key, item]) => matches((got as Record<string, unknown>)[key], item));
  };
  if (!matches(actual, expected)) throw new Error(`${what}: expected at least ${show(expected)}, got ${show(actual)}`);
}

/** Throws `message` unless `condition` holds. */
export function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds (events from a shared store arrive a moment later), or throws `message` after `ms`. */
export async function eventually(done: () => boolean, message: string, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(message);
    await pause(10);
  }
}
