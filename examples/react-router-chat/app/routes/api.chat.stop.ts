// The chat's Stop, on whichever instance it lands: aborts the chat's run wherever it runs and closes its questions.
import { personOf } from "../session.server";
import type { Route } from "./+types/api.chat.stop";

export async function action({ request, params, context }: Route.ActionArgs) {
  const person = await personOf(request);
  if (!person) return new Response(null, { status: 401 });
  await context.relay.stop({ owner: person, context: { chatId: params.id } });
  return new Response(null, { status: 204 });
}
