// queue.call: a client call's time limit that pauses while its server's requests wait or are shown.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../../src/index";
import { githubUsername } from "../../fixtures/seedRequests";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client call that settles only when its signal aborts, as an SDK request does on timeout. */
function hangingCall(options: { signal: AbortSignal }) {
  return new Promise((_, reject) => options.signal.addEventListener("abort", () => reject(options.signal.reason)));
}

function settled<T>(promise: Promise<T>) {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error) => Object.assign(state, { done: true, error }),
  );
  return state;
}

describe("queue.call", () => {
  it("passes the client a timeout its timers can hold (Infinity would fire at once)", async () => {
    const queue = createElicitationQueue();
    const seen = await queue.call("A", (options) => options);
    expect(seen.timeout).toBe(2_147_483_647);
    expect(seen.signal.aborted).toBe(false);
  });

  it("counts only the server's own time: before its request, and after the answer", async () => {
    const queue = createElicitationQueue();
    const call = settled(queue.call("A", hangingCall, { timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(4_000);
    const asked = queue.request({ serverName: "A", params: githubUsername });
    await vi.advanceTimersByTimeAsync(600_000); // ten minutes on screen
    expect(call.done).toBe(false);
    queue.respond(queue.getSnapshot().current!.id, { action: "decline" });
    await asked;
    await vi.advanceTimersByTimeAsync(5_900);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(call.error).toMatchObject({ name: "TimeoutError", message: "A did not finish within 10 s (time spent answering its requests not counted)" });
  });

  it("a request of the same server waiting behind another server's dialog pauses it too", async () => {
    const queue = createElicitationQueue();
    void queue.request({ serverName: "B", params: githubUsername });
    const call = settled(queue.call("A", hangingCall, { timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    void queue.request({ serverName: "A", params: githubUsername });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getSnapshot().current?.serverName).toBe("B");
    expect(call.done).toBe(false);
  });

  it("a URL-mode step the person opened pauses it until the server says the step is complete", async () => {
    const queue = createElicitationQueue();
    const call = settled(queue.call("A", hangingCall, { timeoutMs: 10_000 }));
    const link = { mode: "url", message: "Link your account", url: "https://accounts.example.com/link", elicitationId: "link-1" };
    const asked = queue.request({ serverName: "A", params: link });
    await vi.advanceTimersByTimeAsync(0);
    queue.respond(queue.getSnapshot().current!.id, { action: "accept" });
    await asked;
    expect(queue.getSnapshot().urlSteps).toMatchObject([{ serverName: "A", status: "waiting" }]);
    await vi.advanceTimersByTimeAsync(120_000); // two minutes on the linked site
    expect(call.done).toBe(false);
    queue.completeElicitation("link-1", "A");
    await vi.advanceTimersByTimeAsync(10_100);
    expect(call.error).toMatchObject({ name: "TimeoutError" });
  });

  it("keeps no limit with timeoutMs: Infinity", async () => {
    const queue = createElicitationQueue();
    const call = settled(queue.call("A", hangingCall, { timeoutMs: Infinity }));
    await vi.advanceTimersByTimeAsync(30 * 24 * 3_600_000);
    expect(call.done).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("another server's dialog does not pause it", async () => {
    const queue = createElicitationQueue();
    void queue.request({ serverName: "B", params: githubUsername });
    const call = settled(queue.call("A", hangingCall, { timeoutMs: 10_000 }));
    await vi.advanceTimersByTimeAsync(10_100);
    expect(call.error).toMatchObject({ name: "TimeoutError" });
  });

  it("the host's signal aborts the call at once with the host's reason", async () => {
    const queue = createElicitationQueue();
    const host = new AbortController();
    const call = settled(queue.call("A", hangingCall, { signal: host.signal }));
    host.abort(new Error("Stopped by the person"));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.error).toEqual(new Error("Stopped by the person"));
  });

  it("never aborts after the call settled (SDK v1 would send notifications/cancelled for it)", async () => {
    const queue = createElicitationQueue();
    let signal: AbortSignal | undefined;
    await queue.call("A", (options) => ((signal = options.signal), "done"));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(signal!.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("refuses a limit that is not a positive number", async () => {
    const queue = createElicitationQueue();
    await expect(queue.call("A", () => 1, { timeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});
