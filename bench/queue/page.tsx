// The burst benchmark page: an outlet on a queue with the rate limit off; `window.burst(n)` sends n
// requests in one task, waits until the dialog shows "1 of n", then closes the queue (cancelling
// all of them) and reports how long the main thread was blocked, frame by frame.
import { createRoot } from "react-dom/client";
import { createElicitationQueue, ElicitationOutlet, type ElicitationQueue } from "../../src/index";

const params = {
  message: "Which environment?",
  requestedSchema: {
    type: "object",
    properties: {
      environment: { type: "string", title: "Environment", enum: ["staging", "production"] },
      note: { type: "string", title: "Note", maxLength: 200 },
    },
    required: ["environment"],
  },
};

let queue: ElicitationQueue = createElicitationQueue({ rateLimit: false });
const root = createRoot(document.getElementById("bench-root")!);
root.render(<ElicitationOutlet queue={queue} />);

/** Longest gaps between frames while `until` is false, and the time until it turned true. */
function watchFrames(until: () => boolean, settleFrames = 5): Promise<{ longestFrameMs: number; untilMs: number; frames: number }> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    let longest = 0;
    let frames = 0;
    let doneAt: number | undefined;
    let after = 0;
    const tick = (now: number) => {
      longest = Math.max(longest, now - last);
      last = now;
      frames++;
      if (doneAt === undefined && until()) doneAt = now;
      if (doneAt !== undefined && ++after >= settleFrames) resolve({ longestFrameMs: longest, untilMs: doneAt - start, frames });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const positionShows = (text: string) => document.querySelector('[data-testid="rme-queue-position"]')?.textContent?.includes(text) ?? false;

declare global {
  interface Window {
    burst: (n: number) => Promise<Record<string, number>>;
    reset: () => void;
  }
}

window.burst = async (n) => {
  const pending: Promise<unknown>[] = [];
  let sendMs = 0;
  const arrived = watchFrames(() => positionShows(`1 of ${n}`));
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      const start = performance.now();
      for (let i = 0; i < n; i++) pending.push(queue.request({ serverName: `server-${i % 50}`, params }).catch(() => undefined));
      sendMs = performance.now() - start;
      resolve();
    }),
  );
  const shown = await arrived;
  let closeMs = 0;
  const gone = watchFrames(() => document.querySelector("dialog") === null);
  requestAnimationFrame(() => {
    const start = performance.now();
    queue.close();
    closeMs = performance.now() - start;
  });
  const closed = await gone;
  await Promise.all(pending);
  return {
    requests: n,
    sendMs,
    shownAfterMs: shown.untilMs,
    longestFrameWhileArrivingMs: shown.longestFrameMs,
    closeMs,
    longestFrameWhileClosingMs: closed.longestFrameMs,
  };
};

window.reset = () => {
  queue = createElicitationQueue({ rateLimit: false });
  root.render(<ElicitationOutlet queue={queue} />);
};
