/**
 * A request with an `Origin` header comes from a page of that origin: accepted when it is the
 * request's own origin, or one the host lists. The request's own origin is its URL's (the Node
 * adapter builds it from Host), or the host the browser addressed (`X-Forwarded-Host`, else `Host`)
 * with the scheme it used (`X-Forwarded-Proto`, else the URL's): frameworks such as a self-hosted
 * Next.js hand route handlers a URL of their own (`http://localhost:3000/…`) whatever the browser
 * asked for. A page cannot set Host or the forwarded headers on a cross-site request, so a foreign
 * page's Origin never matches them.
 * No header (a same-origin GET in some browsers, a server-side client) passes: identity is still
 * checked, and a cross-site form cannot omit it.
 */
export function isAllowedOrigin(request: Request, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  if (allowed.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return false;
  }
  if (origin === url.origin) return true;
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim().toLowerCase() || undefined;
  const host = first("x-forwarded-host") ?? first("host");
  const scheme = first("x-forwarded-proto") ?? url.protocol.slice(0, -1);
  return host !== undefined && origin.toLowerCase() === `${scheme}://${host}`;
}
