// queue.call: a client call whose time limit pauses while this server's requests are before the person
// (callPausingWhileAsking.ts holds the clock; the relay's call shares it).
import { callPausingWhileAsking } from "../../core/shared/callPausingWhileAsking";
import type { ElicitationCallOptions, ElicitationCallRequestOptions, ElicitationQueueSnapshot } from "../types";

export { CLIENT_TIMEOUT_OFF_MS } from "../../core/shared/callPausingWhileAsking";

interface QueueView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ElicitationQueueSnapshot;
}

export function callAroundDialogs<T>(
  queue: QueueView,
  serverName: string,
  run: (options: ElicitationCallRequestOptions) => T | PromiseLike<T>,
  options: ElicitationCallOptions = {},
): Promise<Awaited<T>> {
  // The person's time: a request of this server waiting or on screen, or a URL-mode step of it the
  // person opened and has not finished (the server waits for them there too).
  const asking = () => {
    const { entries, urlSteps } = queue.getSnapshot();
    return (
      entries.some((entry) => entry.serverName === serverName) ||
      urlSteps.some((step) => step.serverName === serverName && step.status === "waiting")
    );
  };
  return callPausingWhileAsking({ subscribe: (listener) => queue.subscribe(listener), asking }, serverName, run, options);
}
