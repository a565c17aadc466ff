// The URL-mode steps a person opened, for the "waiting / done" lines under the outlet. Servers need
// not send notifications/elicitation/complete (server-everything never does): a "waiting" line is
// dropped after `timeoutMs`, so it does not stay forever.
import { urlElicitationKey } from "../../core/shared/urlElicitationKey";
import type { ElicitationUrlStep } from "../types";

export interface UrlStepsOptions {
  now: () => number;
  /** How long a step stays without word from its server; `Infinity` keeps it until dismissed. */
  timeoutMs: number;
  /** A step reached `timeoutMs` and left the list. */
  onExpired: (step: Pick<ElicitationUrlStep, "serverName" | "elicitationId">) => void;
}

export interface UrlSteps {
  /** The steps, oldest first; a new array after every change. */
  list(): readonly ElicitationUrlStep[];
  /** The person opened this step (again: it moves to the end, its time starts anew). */
  open(step: Omit<ElicitationUrlStep, "openedAt">): void;
  /** Marks the matching waiting steps done (any server's when `serverName` is undefined); returns those it marked. */
  complete(elicitationId: string, serverName: string | undefined): ElicitationUrlStep[];
  /** Removes the matching steps, waiting or done; false when there was none. */
  dismiss(elicitationId: string, serverName: string | undefined): boolean;
  /** Stops every timer (the queue closed). */
  close(): void;
}

export function createUrlSteps({ now, timeoutMs, onExpired }: UrlStepsOptions): UrlSteps {
  let steps: ElicitationUrlStep[] = [];
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const matching = (elicitationId: string, serverName: string | undefined) => (step: ElicitationUrlStep) =>
    step.elicitationId === elicitationId && (serverName === undefined || step.serverName === serverName);

  return {
    list: () => steps,
    open(opened) {
      const same = matching(opened.elicitationId, opened.serverName);
      steps = [...steps.filter((step) => !same(step)), { ...opened, openedAt: now() }];
      const key = urlElicitationKey(opened.serverName, opened.elicitationId);
      clearTimeout(timers.get(key));
      if (!Number.isFinite(timeoutMs)) return;
      const timer = setTimeout(() => {
        timers.delete(key);
        const before = steps.length;
        steps = steps.filter((step) => !same(step));
        if (steps.length !== before) onExpired(opened);
      }, timeoutMs);
      timers.set(key, timer);
    },
    complete(elicitationId, serverName) {
      const matches = matching(elicitationId, serverName);
      const done: ElicitationUrlStep[] = [];
      steps = steps.map((step) => {
        if (!matches(step) || step.status === "done") return step;
        done.push(step);
        return { ...step, status: "done" };
      });
      return done;
    },
    dismiss(elicitationId, serverName) {
      const matches = matching(elicitationId, serverName);
      const gone = steps.filter(matches);
      if (gone.length === 0) return false;
      for (const step of gone) {
        const key = urlElicitationKey(step.serverName, step.elicitationId);
        clearTimeout(timers.get(key));
        timers.delete(key);
      }
      steps = steps.filter((step) => !matches(step));
      return true;
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
