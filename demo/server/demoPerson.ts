// Who is at the page, for the demo: a random id in a cookie the demo sets on the first visit. Two
// browsers (or two Playwright contexts) are two people; a reload is the same person.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

const COOKIE = "rme_demo_person";

/** The person named by a `Cookie` header, or null for nobody. */
export function personFromCookie(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === COOKIE && value && /^[\w-]{16,64}$/.test(value)) return value;
  }
  return null;
}

/** Gives a visitor without the cookie a new person id (set on whatever response goes out). */
export function ensureDemoPerson(req: IncomingMessage, res: ServerResponse): void {
  if (personFromCookie(req.headers.cookie)) return;
  const id = randomBytes(18).toString("base64url");
  res.setHeader("set-cookie", `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict`);
}
