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
 * A refusal names the origin seen and the one expected: a dev proxy that rewrites `Host`
 * (`changeOrigin: true`) is the usual cause, and the developer needs both to see it.
 */
export type OriginCheck = { ok: true } | { ok: false; origin: string; expected: string };

export function checkOrigin(request: Request, allowed: ReadonlySet<string>): OriginCheck {
  const origin = request.headers.get("origin");
  if (origin === null || allowed.has(origin)) return { ok: true };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, origin, expected: "" };
  }
  if (origin === url.origin) return { ok: true };
  const first = (name: string) => request.headers.get(name)?.split(",")[0]?.trim().toLowerCase() || undefined;
  const host = first("x-forwarded-host") ?? first("host");
  const scheme = first("x-forwarded-proto") ?? url.protocol.slice(0, -1);
  const expected = host === undefined ? url.origin : `${scheme}://${host}`;
  if (origin.toLowerCase() === expected) return { ok: true };
  // Both are origins (scheme, host, port): never a path, query or credential. Bounded for the reply.
  return { ok: false, origin: origin.slice(0, 200), expected: expected.slice(0, 200) };
}
