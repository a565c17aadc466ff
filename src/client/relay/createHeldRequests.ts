// The requests this window put into the host's queue, by the relay's id: shown once however often the
// stream lists them, taken out when the stream says they closed elsewhere (unless an answer under
// way decides first), and all taken out, unanswered, when the connection closes.
import type { ElicitationRelayRequest } from "../../core/relay/readRelayEvent";
import type { ElicitResult } from "../../core/types";
import type { ElicitationAnswerOptions } from "../types";
import { ElicitationRequestClosed, type ElicitationClosedReason } from "../queue/ElicitationRequestClosed";
import { ElicitationRelayError } from "./ElicitationRelayError";
import { holdUnlisted, listedAgain, type UnknownMarks } from "./unknownHold";
import type { ConnectionContext } from "./readConnectionOptions";

/** One request this connection put into the queue, and what its answer's tries have learnt. */
export interface HeldRequest extends UnknownMarks {
  /** Takes the request out of the queue (its reason says why, or nothing for `close()`). */
  readonly withdraw: AbortController;
  /** A POST of its answer is under way. */
  posting: boolean;
  /** An earlier POST may have been taken (the network failed after sending, or a 5xx). */
  maybeTaken: boolean;
  /** The relay took this window's answer. */
  taken: boolean;
  /** The stream said it closed while a POST was under way: that POST's outcome decides. */
  closedAs: ElicitationClosedReason | undefined;
}

export interface HeldRequests {
  /** `event: request`: into the queue, unless it is here already, filtered out or over `maxOpen`. */
  show(request: ElicitationRelayRequest): void;
  /** `event: closed` (or a `ready` that stopped listing it): it closed without this window's answer. */
  closedElsewhere(id: string, reason: ElicitationClosedReason): void;
  /** `event: ready`: the relay's open requests; each held one it does not list goes after the hold. */
  ready(open: ReadonlySet<string>): void;
  /** Out of the queue, its card saying why. */
  withdraw(item: HeldRequest, reason: ElicitationClosedReason): void;
  /** A try of its answer failed: if the stream said meanwhile that it closed, it goes now, saying why. */
  afterFailedTry(item: HeldRequest): void;
  /** Every request out of the queue, unanswered (the relay keeps them for another window). */
  closeAll(): void;
}

/** Where the answers go (createAnswerPost). */
export interface HeldRequestsAnswers {
  /** The queue's `deliver` for the request: its answer to the relay. */
  deliver(item: HeldRequest, result: ElicitResult, options?: ElicitationAnswerOptions): Promise<void>;
  /** The thread's Forget of a remembered decision. */
  forget(key: string): Promise<void>;
  /** The queue answered by itself ("stop asking", its timeout, its close): the relay hears it once. */
  sendOnce(id: string, result: ElicitResult): void;
}

export function createHeldRequests(context: ConnectionContext, answers: HeldRequestsAnswers): HeldRequests {
  const { options, limits, report } = context;
  const held = new Map<string, HeldRequest>();
  // Questions answered from remembered decisions already given to the queue (a reconnect lists one again while it is open).
  const lined = new Set<string>();

  function forget(item: HeldRequest): void {
    listedAgain(item);
    if (held.get(item.id) === item) held.delete(item.id);
  }

  function withdraw(item: HeldRequest, reason: ElicitationClosedReason): void {
    forget(item);
    item.withdraw.abort(new ElicitationRequestClosed(reason));
  }

  function closedElsewhere(id: string, reason: ElicitationClosedReason): void {
    const item = held.get(id);
    if (!item) return;
    // An answer under way decides: its 200 means it was ours after all. So does one the relay did not
    // know a moment ago (a store restarted empty says "gone" on the stream too, until it is opened again).
    if (item.posting || item.notFoundSince !== undefined) {
      item.closedAs = reason;
      return;
    }
    // An earlier try may have been taken: the next try (a moment away) settles it without a POST.
    if (reason === "answered" && item.maybeTaken) {
      item.closedAs = reason;
      return;
    }
    withdraw(item, reason);
  }

  return {
    show(request) {
      // Every connection starts with the requests still open: one already here stays as it is.
      const here = held.get(request.id);
      if (here !== undefined) return listedAgain(here);
      if (request.remembered !== undefined && lined.has(request.id)) return;
      try {
        if (options.filter && !options.filter(request)) return;
      } catch (error) {
        report(new ElicitationRelayError("request-refused", "The relay's `filter` threw; the request is not shown.", { requestId: request.id, cause: error }));
        return;
      }
      // Answered already, from what the person remembered: a line in the thread, never a card.
      if (request.remembered !== undefined) {
        if (lined.size >= limits.maxOpen) lined.delete(lined.values().next().value!);
        lined.add(request.id);
        const { key, at } = request.remembered;
        options.queue.addRemembered({ serverName: request.serverName, params: request.params, context: request.context, rememberedAt: at, decision: key, forget: () => answers.forget(key) });
        return;
      }
      if (held.size >= limits.maxOpen) {
        report(new ElicitationRelayError("too-many-open", `More than ${limits.maxOpen} requests from the relay at once: this one is not shown.`, { requestId: request.id }));
        return;
      }
      const item: HeldRequest = { id: request.id, withdraw: new AbortController(), posting: false, maybeTaken: false, taken: false, closedAs: undefined, notFoundSince: undefined, unlisted: undefined };
      held.set(request.id, item);
      options.queue
        .request({
          serverName: request.serverName,
          params: request.params,
          signal: item.withdraw.signal,
          context: request.context,
          draftKey: context.draftPrefix + request.id,
          deliver: (result, answerOptions) => answers.deliver(item, result, answerOptions),
          ...(request.remember === undefined ? {} : { remember: request.remember }),
        })
        .then(
          (result) => {
            forget(item);
            // Whatever the relay says, there is no card left to tell.
            if (!item.taken) answers.sendOnce(item.id, result);
          },
          (error: unknown) => {
            forget(item);
            if (!item.withdraw.signal.aborted) {
              report(new ElicitationRelayError("request-refused", `The queue refused the relay's request: ${error instanceof Error ? error.message : String(error)}`, { requestId: item.id, cause: error }));
            }
          },
        );
    },

    closedElsewhere,

    ready(open) {
      // Held here but not listed: it closed while this window was away (the relay kept no `closed`
      // for it), or the store lost its data and its holder has not opened it again yet.
      for (const item of [...held.values()]) {
        if (open.has(item.id)) listedAgain(item);
        else holdUnlisted(item, () => closedElsewhere(item.id, "closed"));
      }
      // Drafts of requests this person no longer has open (another person's, after a sign-in on this
      // tab; closed ones) go; the cards on screen keep theirs until they close.
      context.drafts((store) => store.keepOnly(context.draftPrefix, new Set([...open, ...held.keys()].map((id) => context.draftPrefix + id))));
    },

    withdraw,

    afterFailedTry(item) {
      const reason = item.closedAs;
      if (reason !== undefined && !(reason === "answered" && item.maybeTaken)) withdraw(item, reason);
    },

    closeAll() {
      const reason = new DOMException("The relay connection was closed.", "AbortError");
      for (const item of [...held.values()]) {
        forget(item);
        item.withdraw.abort(reason);
      }
    },
  };
}
