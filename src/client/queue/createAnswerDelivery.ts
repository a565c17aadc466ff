// Answers that go through a request's `deliver` (a relay, the host's own socket): the request stays
// on screen, "Sending…", until `deliver` takes the answer. A refusal (`ElicitationAnswerRefused`)
// goes back to the fields; any other failure is tried again with backoff, one try at a time.
import type { ElicitResult } from "../../core/types";
import { ElicitationAnswerRefused } from "./ElicitationAnswerRefused";
import type { ElicitationAnswerOptions, ElicitationQueueEntry } from "../types";

type Deliver = (result: ElicitResult, options?: ElicitationAnswerOptions) => Promise<void>;

/** Waits between tries of an answer `deliver` failed to take: 1 s, doubling, at most 15 s, each ±20 %. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;
const retryWaitMs = (failures: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1)) * (0.8 + Math.random() * 0.4);

export interface AnswerDeliveryHooks<I> {
  /** Whether `item` is still in the queue: once it left, tries stop. */
  waiting(item: I): boolean;
  /** `deliver` took `result`: the request is answered with it (and leaves, calling `stop`). */
  taken(item: I, result: ElicitResult): void;
  /** What the entry shows of the answer on its way. */
  mark(item: I, delivery: ElicitationQueueEntry["delivery"]): void;
}

export interface AnswerDelivery<I> {
  /**
   * Sends `result` through `deliver`: true once taken, false when the request left first, rejected
   * with `ElicitationAnswerRefused` when refused. While an answer is on its way a second one is not
   * sent; only Cancel, once sending has failed, replaces it for the next try.
   */
  send(item: I, deliver: Deliver, result: ElicitResult, options?: ElicitationAnswerOptions): Promise<boolean>;
  /** The request left (answered, or closed without an answer): an answer on its way stops being tried. */
  stop(item: I): void;
}

/** An answer on its way through `deliver`. */
interface Outgoing {
  /** What the next try sends: the person's answer, or Cancel given once sending failed. */
  result: ElicitResult;
  /** What goes with the person's answer (none with a Cancel that replaced it). */
  options: ElicitationAnswerOptions | undefined;
  /** Tries that failed so far. */
  failures: number;
  /** Ends the wait before the next try (Cancel given, or the request left). */
  wake: (() => void) | undefined;
  promise: Promise<boolean>;
}

export function createAnswerDelivery<I>({ waiting, taken, mark }: AnswerDeliveryHooks<I>): AnswerDelivery<I> {
  const outgoing = new Map<I, Outgoing>();

  /** Tries `deliver` until the answer is taken, refused, or the request leaves. */
  async function tryUntilSettled(item: I, deliver: Deliver, sending: Outgoing): Promise<boolean> {
    for (;;) {
      const { result, options } = sending;
      let failure: unknown;
      let took = false;
      try {
        // Called in a later task of its own: a deliver that throws at once is a failed try, not a crash.
        await Promise.resolve().then(() => (options === undefined ? deliver(result) : deliver(result, options)));
        took = true;
      } catch (error) {
        failure = error;
      }
      // The request left first (`stop` forgot this answer): whoever waits on it learns it was not taken.
      if (!waiting(item)) return false;
      if (took) {
        taken(item, result);
        return true;
      }
      if (failure instanceof ElicitationAnswerRefused) {
        outgoing.delete(item);
        mark(item, undefined);
        throw failure;
      }
      sending.failures++;
      mark(item, "retrying");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, retryWaitMs(sending.failures));
        function done() {
          clearTimeout(timer);
          sending.wake = undefined;
          resolve();
        }
        sending.wake = done;
      });
      if (!waiting(item)) return false;
    }
  }

  return {
    send(item, deliver, result, options) {
      const sending = outgoing.get(item);
      if (sending) {
        if (result.action === "cancel" && sending.failures > 0) {
          sending.result = result;
          sending.options = undefined;
          sending.wake?.();
        }
        return sending.promise;
      }
      const started: Outgoing = { result, options, failures: 0, wake: undefined, promise: undefined as unknown as Promise<boolean> };
      outgoing.set(item, started);
      mark(item, "sending");
      started.promise = tryUntilSettled(item, deliver, started);
      return started.promise;
    },
    stop(item) {
      outgoing.get(item)?.wake?.();
      outgoing.delete(item);
    },
  };
}
