// The demo login: the typed name in a signed cookie (every instance reads it with the same
// SESSION_SECRET). A real app checks a password or an identity provider here.
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage } from "react-router";

const sessions = createCookieSessionStorage<{ person: string }>({
  cookie: { name: "session", httpOnly: true, sameSite: "lax", path: "/", secrets: [process.env.SESSION_SECRET ?? randomBytes(32).toString("hex")] },
});

/** The signed-in person, or undefined. */
export async function personOf(request: Request): Promise<string | undefined> {
  return (await sessions.getSession(request.headers.get("Cookie"))).get("person");
}

/** The `Set-Cookie` that signs `person` in. */
export async function signIn(request: Request, person: string): Promise<string> {
  const session = await sessions.getSession(request.headers.get("Cookie"));
  session.set("person", person);
  return sessions.commitSession(session);
}
