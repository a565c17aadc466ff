/** A request's `context` as one string, whatever the order of its keys: what "the same chat" compares. */
export function contextKey(context: Readonly<Record<string, string>> | undefined): string {
  return JSON.stringify(Object.entries(context ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
