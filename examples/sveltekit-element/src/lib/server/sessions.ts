// The demo login: a name, kept in this process behind a random cookie. A real app has its own; the
// library only needs the person's id in `locals`.
import { randomUUID } from "node:crypto";

const names = new Map<string, string>();

/** A new session for `name`; returns the cookie's value. */
export function signIn(name: string): string {
  const token = randomUUID();
  names.set(token, name);
  return token;
}

export const personOf = (token: string | undefined): string | undefined => (token === undefined ? undefined : names.get(token));
