// A client call (a tool call, say) whose time limit does not run while a person is answering that
// server. An MCP client times each request from when it is sent; a server that elicits in the middle
// of a tool call makes the call wait for a person, who may take minutes. The limit here pauses while
// `asking()` says a person has something of that server before them (the in-page queue: a request
// waiting or on screen, or an open URL-mode step; the relay: an open request of that person), and
// resumes once it is answered, so only the server's own time counts.

/** The default limit, the MCP SDKs' own default request timeout. */
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/**
 * What the client's own timer gets: the longest delay `setTimeout` honours (about 24.8 days). A
 * larger one, `Infinity` included, overflows and fires at once.
 */
export const CLIENT_TIMEOUT_OFF_MS = 2_147_483_647;

export interface ElicitationCallOptions {
  /** Time the server may take, not counting time its requests wait in the queue or are on screen. Default 60 000 ms (the MCP SDKs' default); `Infinity` for none. */
  timeoutMs?: number;
  /** The host's own abort (a Stop button): aborts the call at once. */
  signal?: AbortSignal;
}

/** Request options for the MCP clients (SDK v1, v2, `@ai-sdk/mcp`): pass them as they are. */
export interface ElicitationCallRequestOptions {
  /** Aborts with a `TimeoutError` when the limit is reached, or with the host's reason. */
  readonly signal: AbortSignal;
  /** The client's own request timeout, set as high as timers allow, so that `signal` decides. */
  readonly timeout: number;
}

/** What the call follows: whether the person is answering now, and a way to hear when that may change. */
export interface AskingView {
  subscribe(listener: () => void): () => void;
  asking(): boolean;
}

export function callPausingWhileAsking<T>(
  view: AskingView,
  serverName: string,
  run: (options: ElicitationCallRequestOptions) => T | PromiseLike<T>,
  options: ElicitationCallOptions = {},
  /** Names the caller in the error for a bad `timeoutMs` ("queue.call", "relay.call"). */
  caller = "queue.call",
): Promise<Awaited<T>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  if (!(timeoutMs > 0)) {
    return Promise.reject(new RangeError(`${caller}: timeoutMs must be a positive number of milliseconds (Infinity for no limit).`));
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
  const asking = () => view.asking();
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
  const stopFollowing = view.subscribe(update);
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
