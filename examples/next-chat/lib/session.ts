// A demo login: the name typed on the first visit, in a cookie signed with HMAC-SHA256. It stands in
// for the host's own authentication (a real app asks its auth library who the person is).
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

export const SESSION_COOKIE = "session";

export interface User {
  id: string;
  name: string;
}

// From the environment, or made when the server starts (sessions then end with the process). Kept on
// globalThis because Next.js may load this module once per route bundle.
const holder = globalThis as typeof globalThis & { sessionSecret?: string };
const secret = (holder.sessionSecret ??= process.env.SESSION_SECRET ?? randomBytes(32).toString("hex"));

const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

/** The cookie value for a new session of the person who typed `name`. */
export function createSession(name: string): string {
  const payload = Buffer.from(JSON.stringify({ id: randomUUID(), name } satisfies User)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The person a cookie value names, or null when it is missing or its signature is not ours. */
export function readSession(value: string | undefined): User | null {
  const [payload, signature] = value?.split(".") ?? [];
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as User;
}

/** The person making `request` (route handlers and the relay's `identify`). */
export function userOf(request: Request): User | null {
  const cookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === SESSION_COOKIE);
  return readSession(cookie?.[1]);
}
