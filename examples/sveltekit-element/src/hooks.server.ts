// Every request: the person of the session cookie, in `locals` for the routes (the relay's among them).
import type { Handle } from "@sveltejs/kit";
import { personOf } from "$lib/server/sessions";

export const handle: Handle = ({ event, resolve }) => {
  const id = personOf(event.cookies.get("session"));
  if (id !== undefined) event.locals.user = { id };
  return resolve(event);
};
