// The relay's route: GET is the person's event stream, POST an answer; the person is whoever the session names.
import { personOf } from "../session.server";
import type { Route } from "./+types/api.elicitation";

export const loader = async ({ request, context }: Route.LoaderArgs) => context.relay.handle(request, { owner: await personOf(request) });
export const action = async ({ request, context }: Route.ActionArgs) => context.relay.handle(request, { owner: await personOf(request) });
