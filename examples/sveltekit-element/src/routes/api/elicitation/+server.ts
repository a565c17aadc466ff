// The relay's route. GET: the person's questions, as an event stream; POST: an answer.
import { relay } from "$lib/server/elicitation";
import type { RequestHandler } from "./$types";

export const GET: RequestHandler = ({ request, locals }) => relay.handle(request, { owner: locals.user?.id ?? null });
export const POST = GET;
