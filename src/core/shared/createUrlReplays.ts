// Transports replay requests (seen with SDK 1.32 after a -32042 error). A URL-mode elicitation is
// one question however often it arrives: a replay of one still open gets the answer it will get, a
// replay of one answered lately gets that answer again, and neither is shown twice. Shared by the
// in-page queue (per server) and the relay (per person and server). Pure: nothing here is scheduled.
import type { ElicitResult } from "../types";

/** Answered URL-mode elicitations remembered, so a late replay is answered, not shown again. */
const ANSWERED_KEPT = 1_000;

export interface UrlReplays {
  /** The answer the elicitation under `key` got, if it was answered lately. */
  answered(key: string): ElicitResult | undefined;
  /** True when the elicitation under `key` is open: `take` then gets its answer, or Cancel if it closes without one. */
  join(key: string, take: (result: ElicitResult) => void): boolean;
  /** The elicitation under `key` is open: replays from now on wait for its answer. */
  open(key: string): void;
  /** It closed: with its answer (remembered, and given to the replays that waited) or without one (withdrawn: they get Cancel). */
  close(key: string, result: ElicitResult | undefined): void;
}

export function createUrlReplays(): UrlReplays {
  const waiting = new Map<string, ((result: ElicitResult) => void)[]>();
  // Insertion-ordered: the oldest answer is the first to be forgotten.
  const answers = new Map<string, ElicitResult>();
  return {
    answered: (key) => answers.get(key),
    join(key, take) {
      const takers = waiting.get(key);
      takers?.push(take);
      return takers !== undefined;
    },
    open(key) {
      if (!waiting.has(key)) waiting.set(key, []);
    },
    close(key, result) {
      const takers = waiting.get(key) ?? [];
      waiting.delete(key);
      if (result !== undefined) {
        answers.delete(key);
        answers.set(key, result);
        if (answers.size > ANSWERED_KEPT) answers.delete(answers.keys().next().value as string);
      }
      for (const take of takers) take(result ?? { action: "cancel" });
    },
  };
}
