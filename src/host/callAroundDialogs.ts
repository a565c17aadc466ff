// A client call (a tool call, say) whose time limit does not run while a person is answering that
// server. An MCP client times each request from when it is sent; a server that elicits in the middle
// of a tool call makes the call wait for a person, who may take minutes. The limit here pauses while
// a request of the same server is in the queue (waiting its turn or on screen), or a URL-mode step of
// it is open, and resumes once it is answered, so only the server's own time counts.
import type { ElicitationCallOptions, ElicitationCallRequestOptions, ElicitationQueueSnapshot } from "./types";

/** The default limit, the MCP SDKs' own default request timeout. */
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/**
 * What the client's own timer gets: the longest delay `setTimeout` honours (about 24.8 days). A
 * larger one, `Infinity` included, overflows and fires at once.
 */
export const CLIENT_TIMEOUT_OFF_MS = 2_147_483_647;

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
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  if (!(timeoutMs > 0)) {
    return Promise.reject(new RangeError("queue.call: timeoutMs must be a positive number of milliseconds (Infinity for no limit)."));
  }
  const controller = new AbortController();
  let remaining = timeoutMs;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const expire = () => {
    timer = undefined;
    const seconds = Math.round(timeoutMs / 100) / 10;
    controller.abort(new DOMException(`${serverName} did not finish within ${seconds} s (time spent answering its requests not counted)`, "TimeoutError"));
  };
  // The person's time: a request of this server waiting or on screen, or a URL-mode step of it the
  // person opened and has not finished (the server waits for them there too).
  const asking = () => {
    const { entries, urlSteps } = queue.getSnapshot();
    return (
      entries.some((entry) => entry.serverName === serverName) ||
      urlSteps.some((step) => step.serverName === serverName && step.status === "waiting")
    );
  };
  const update = () => {
    if (controller.signal.aborted) return;
    if (asking()) {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      remaining -= Date.now() - startedAt;
    } else if (timer === undefined && Number.isFinite(remaining)) {
      startedAt = Date.now();
      timer = setTimeout(expire, Math.min(Math.max(remaining, 0), CLIENT_TIMEOUT_OFF_MS));
    }
  };
  const stopFollowing = queue.subscribe(update);
  const hostSignal = options.signal;
  const onHostAbort = () => controller.abort(hostSignal?.reason);
  if (hostSignal?.aborted) onHostAbort();
  else hostSignal?.addEventListener("abort", onHostAbort, { once: true });
  update();

  // Stop the clock once the call settles: an abort after that would make SDK v1 send
  // notifications/cancelled for a request that already finished.
  const done = () => {
    stopFollowing();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    hostSignal?.removeEventListener("abort", onHostAbort);
  };
  let result: T | PromiseLike<T>;
  try {
    result = run({ signal: controller.signal, timeout: CLIENT_TIMEOUT_OFF_MS });
  } catch (error) {
    done();
    return Promise.reject(error);
  }
  return Promise.resolve(result).finally(done);
}
