// The browser side of the relay (docs/relay.md): reads the person's requests from the relay's event
// stream into the host's queue, so every presentation, protection, draft and language works as for
// an in-page request, and hands each answer back with one POST, through the queue's `deliver`.
// Its parts mirror the server's (src/server/relay/): the stream (openRelayStream, readRelayEvents),
// the requests it holds (createHeldRequests), the 404 hold (unknownHold), the answers
// (createAnswerPost), and the page's life (whilePageShown).
import { readRelayEvent } from "../../core/relay/readRelayEvent";
import { relayUrlOf } from "../../core/relay/relayUrlOf";
import { createAnswerPost } from "./createAnswerPost";
import { createHeldRequests, type HeldRequests } from "./createHeldRequests";
import type { ElicitationRelayConnection, ElicitationRelayConnectionOptions } from "./ElicitationRelayConnectionOptions";
import { ElicitationRelayError } from "./ElicitationRelayError";
import { openRelayStream } from "./openRelayStream";
import { readConnectionOptions } from "./readConnectionOptions";
import { whilePageShown } from "./whilePageShown";

/**
 * Connects the host's queue to a relay; returns `{ close() }`. `url` must be http: or https: (a
 * relative one resolved against the page's base): anything else throws a TypeError naming it. The
 * stream opens at once; it is closed as the page goes (its cards leave unanswered, keeping drafts)
 * and opened again if it comes back from the back/forward cache.
 */
export function connectElicitationRelay(options: ElicitationRelayConnectionOptions): ElicitationRelayConnection {
  // Checked before anything is fetched, and what is checked is what is fetched (a relative URL resolved once).
  const url = relayUrlOf(options.url, globalThis.document?.baseURI ?? globalThis.location?.href, "url");
  return whilePageShown(() => openRelayConnection({ ...options, url }));
}

function openRelayConnection(options: ElicitationRelayConnectionOptions): ElicitationRelayConnection {
  const context = readConnectionOptions(options);
  const answers = createAnswerPost(context, () => held);
  const held: HeldRequests = createHeldRequests(context, answers);

  /** One event of the stream; true for `ready`. */
  function onEvent(name: string, data: string): boolean {
    const event = readRelayEvent(name, data);
    switch (event.kind) {
      case "malformed":
        context.report(new ElicitationRelayError("malformed-event", `The relay sent ${event.problem}: ignored.`));
        return false;
      case "request":
        held.show(event.request);
        return false;
      case "closed":
        held.closedElsewhere(event.id, event.reason);
        return false;
      case "completed":
        // As in-page: the card waiting for it, or the step the person opened, says it is done.
        options.queue.completeElicitation(event.elicitationId, event.serverName);
        return false;
      case "ready":
        held.ready(event.open);
        return true;
      default:
        return false;
    }
  }

  const stream = openRelayStream(context, onEvent);
  let closed = false;
  return {
    close() {
      if (closed) return;
      closed = true;
      stream.close();
      held.closeAll();
    },
  };
}
