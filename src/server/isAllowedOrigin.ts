/**
 * A request with an `Origin` header comes from a page of that origin: accepted when it is the
 * request's own origin (from its URL, which the adapter builds from Host) or one the host lists.
 * No header (a same-origin GET in some browsers, a server-side client) passes: identity is still
 * checked, and a cross-site form cannot omit it.
 */
export function isAllowedOrigin(request: Request, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  let own: string;
  try {
    own = new URL(request.url).origin;
  } catch {
    return false;
  }
  return origin === own || allowed.has(origin);
}
