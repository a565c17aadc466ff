import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import type { ElicitationQueueEvent } from "../../../src/client/types";
import { bankTransfer, contactInfo, githubUsername } from "../../fixtures/seedRequests";

const accountLink = {
  mode: "url",
  message: "Link your account",
  url: "https://accounts.example.com/link?state=abc",
  elicitationId: "link-1",
};

/** Settles pending promise callbacks so assertions see resolved/rejected state. */
function track<T>(promise: Promise<T>) {
  const state: { status: "pending" | "resolved" | "rejected"; value?: T; reason?: unknown } = { status: "pending" };
  promise.then(
    (value) => Object.assign(state, { status: "resolved", value }),
    (reason) => Object.assign(state, { status: "rejected", reason }),
  );
  return state;
}

const flush = () => Promise.resolve().then(() => Promise.resolve());

describe("createElicitationQueue", () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows requests from many servers one at a time, in arrival order", async () => {
    const queue = createElicitationQueue({ now });
    const a = track(queue.request({ serverName: "github", params: githubUsername }));
    const b = track(queue.request({ serverName: "bank", params: bankTransfer }));
    const c = track(queue.request({ serverName: "github", params: contactInfo }));

    const first = queue.getSnapshot();
    expect(first.entries.map((e) => e.serverName)).toEqual(["github", "bank", "github"]);
    expect(first.current?.params).toBe(githubUsername);

    expect(queue.respond(first.current!.id, { action: "accept", content: { name: "octocat" } })).toBe(true);
    await flush();
    expect(a).toMatchObject({ status: "resolved", value: { action: "accept", content: { name: "octocat" } } });
    expect(queue.getSnapshot().current?.serverName).toBe("bank");

    queue.respond(queue.getSnapshot().current!.id, { action: "decline" });
    queue.respond(queue.getSnapshot().current!.id, { action: "cancel" });
    await flush();
    expect(b).toMatchObject({ status: "resolved", value: { action: "decline" } });
    expect(c).toMatchObject({ status: "resolved", value: { action: "cancel" } });
    expect(queue.getSnapshot()).toMatchObject({ current: undefined, entries: [] });
  });

  it("answers each request exactly once", async () => {
    const queue = createElicitationQueue({ now });
    const a = track(queue.request({ serverName: "github", params: githubUsername }));
    const id = queue.getSnapshot().current!.id;
    expect(queue.respond(id, { action: "decline" })).toBe(true);
    expect(queue.respond(id, { action: "accept", content: { name: "x" } })).toBe(false);
    await flush();
    expect(a.value).toEqual({ action: "decline" });
  });

  it("drops a withdrawn request at once and rejects with the abort reason", async () => {
    const queue = createElicitationQueue({ now });
    const first = new AbortController();
    const second = new AbortController();
    const a = track(queue.request({ serverName: "s1", params: githubUsername, signal: first.signal }));
    const b = track(queue.request({ serverName: "s2", params: contactInfo, signal: second.signal }));
    const c = track(queue.request({ serverName: "s3", params: bankTransfer }));

    // A waiting request leaves without disturbing the one on screen.
    const waitingReason = new Error("server gave up");
    second.abort(waitingReason);
    expect(queue.getSnapshot().entries.map((e) => e.serverName)).toEqual(["s1", "s3"]);

    // The request on screen closes and the next one takes its place.
    first.abort("cancelled by server");
    expect(queue.getSnapshot().current?.serverName).toBe("s3");
    await flush();
    expect(a).toMatchObject({ status: "rejected", reason: "cancelled by server" });
    expect(b).toMatchObject({ status: "rejected", reason: waitingReason });
    expect(c.status).toBe("pending");
    // Answering a withdrawn request is impossible.
    expect(queue.respond("elicitation-1", { action: "cancel" })).toBe(false);
  });

  it("rejects a request whose signal is already aborted without showing it", async () => {
    const queue = createElicitationQueue({ now });
    const controller = new AbortController();
    controller.abort("too late");
    await expect(queue.request({ serverName: "s", params: githubUsername, signal: controller.signal })).rejects.toBe("too late");
    expect(queue.getSnapshot().current).toBeUndefined();
  });

  it("rejects invalid params with a -32602 error and shows nothing", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, onEvent: (e) => events.push(e) });
    const nested = {
      message: "Address?",
      requestedSchema: { type: "object", properties: { address: { type: "object", properties: {} } } },
    };
    await expect(queue.request({ serverName: "s", params: nested })).rejects.toMatchObject({ code: -32602 });
    await expect(queue.request({ serverName: "s", params: null })).rejects.toMatchObject({ code: -32602 });
    expect(queue.getSnapshot().entries).toEqual([]);
    expect(events.map((e) => [e.type, e.code])).toEqual([
      ["rejected", -32602],
      ["rejected", -32602],
    ]);
  });

  it("limits each server to 10 requests a minute by default and refuses the rest with a JSON-RPC error", async () => {
    const queue = createElicitationQueue({ now });
    for (let i = 0; i < 10; i++) void queue.request({ serverName: "chatty", params: githubUsername });
    const refused = queue.request({ serverName: "chatty", params: githubUsername });
    await expect(refused).rejects.toMatchObject({ code: -32000, data: { reason: "rate-limited", max: 10, windowMs: 60_000 } });
    await expect(refused).rejects.toThrow(/Too many elicitation requests from "chatty"/);
    expect(queue.getSnapshot().entries).toHaveLength(10);

    // Another server is not affected.
    void queue.request({ serverName: "quiet", params: githubUsername });
    expect(queue.getSnapshot().entries).toHaveLength(11);

    // Once the minute has passed, the server may ask again.
    clock += 60_001;
    void queue.request({ serverName: "chatty", params: githubUsername });
    expect(queue.getSnapshot().entries).toHaveLength(12);
  });

  it("takes a custom rate limit, or none", async () => {
    const strict = createElicitationQueue({ now, rateLimit: { max: 1, windowMs: 1_000 } });
    void strict.request({ serverName: "s", params: githubUsername });
    await expect(strict.request({ serverName: "s", params: githubUsername })).rejects.toMatchObject({ code: -32000 });

    const open = createElicitationQueue({ now, rateLimit: false });
    for (let i = 0; i < 50; i++) void open.request({ serverName: "s", params: githubUsername });
    expect(open.getSnapshot().entries).toHaveLength(50);
  });

  it("refuses a rate limit or timeout that cannot work, with a clear error", () => {
    expect(() => createElicitationQueue({ rateLimit: { max: 0, windowMs: 1000 } })).toThrow(/rateLimit needs a whole max > 0/);
    expect(() => createElicitationQueue({ rateLimit: { max: 5, windowMs: Number.NaN } })).toThrow(RangeError);
    expect(() => createElicitationQueue({ timeoutMs: -1 })).toThrow(/timeoutMs must be a positive number/);
  });

  it("refuses a file-inputs opt-in that is not the library's own value when it is created, not request by request", () => {
    expect(() => createElicitationQueue({ fileInputs: true as never })).toThrow(/fileInputs takes the `fileInputs` value of "react-mcp-elicitation\/core"/);
    expect(() => createElicitationQueue({ fileInputs: false })).not.toThrow();
  });

  it("answers cancel when the time runs out, counting from when the request is shown", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, timeoutMs: 30_000, onEvent: (e) => events.push(e) });
    const a = track(queue.request({ serverName: "s1", params: githubUsername }));
    const b = track(queue.request({ serverName: "s2", params: contactInfo }));
    expect(queue.getSnapshot().current?.deadline).toBe(31_000);
    expect(queue.getSnapshot().entries[1]?.deadline).toBeUndefined();

    clock += 29_999;
    vi.advanceTimersByTime(29_999);
    await flush();
    expect(a.status).toBe("pending");

    clock += 1;
    vi.advanceTimersByTime(1);
    await flush();
    expect(a.value).toEqual({ action: "cancel" });
    expect(events.find((e) => e.type === "answered")).toMatchObject({ action: "cancel", cause: "timeout", serverName: "s1" });

    // The second one got its full time, starting now.
    expect(queue.getSnapshot().current?.deadline).toBe(61_000);
    vi.advanceTimersByTime(29_000);
    await flush();
    expect(b.status).toBe("pending");
    vi.advanceTimersByTime(1_000);
    await flush();
    expect(b.value).toEqual({ action: "cancel" });
  });

  it("lets a request override the timeout, and an answered request never times out later", async () => {
    const queue = createElicitationQueue({ now, timeoutMs: 1_000 });
    const a = track(queue.request({ serverName: "s", params: githubUsername, timeoutMs: 5_000 }));
    vi.advanceTimersByTime(1_000);
    await flush();
    expect(a.status).toBe("pending");
    queue.respond(queue.getSnapshot().current!.id, { action: "decline" });
    vi.advanceTimersByTime(10_000);
    await flush();
    expect(a.value).toEqual({ action: "decline" });
  });

  it("stop asking: cancels every request from that server and keeps the others", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, onEvent: (e) => events.push(e) });
    const a1 = track(queue.request({ serverName: "spam", params: githubUsername }));
    const b1 = track(queue.request({ serverName: "bank", params: bankTransfer }));
    const a2 = track(queue.request({ serverName: "spam", params: contactInfo }));

    expect(queue.cancelServer("spam")).toBe(2);
    await flush();
    expect(a1.value).toEqual({ action: "cancel" });
    expect(a2.value).toEqual({ action: "cancel" });
    expect(b1.status).toBe("pending");
    expect(queue.getSnapshot().entries.map((e) => e.serverName)).toEqual(["bank"]);
    // The second "spam" request was never shown.
    expect(events.filter((e) => e.type === "shown").map((e) => e.serverName)).toEqual(["spam", "bank"]);
  });

  it("reports every step to onEvent with server name and time", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, onEvent: (e) => events.push(e) });
    const controller = new AbortController();
    void queue.request({ serverName: "github", params: githubUsername });
    clock = 2_000;
    queue.request({ serverName: "bank", params: bankTransfer, signal: controller.signal }).catch(() => undefined);
    clock = 3_000;
    queue.respond(queue.getSnapshot().current!.id, { action: "accept", content: { name: "octocat" } });
    clock = 4_000;
    controller.abort();
    expect(events.map(({ type, serverName, time, action }) => ({ type, serverName, time, action }))).toEqual([
      { type: "requested", serverName: "github", time: 1_000, action: undefined },
      { type: "shown", serverName: "github", time: 1_000, action: undefined },
      { type: "requested", serverName: "bank", time: 2_000, action: undefined },
      { type: "answered", serverName: "github", time: 3_000, action: "accept" },
      { type: "shown", serverName: "bank", time: 3_000, action: undefined },
      { type: "withdrawn", serverName: "bank", time: 4_000, action: undefined },
    ]);
  });

  it("keeps working when the onEvent hook throws", async () => {
    const queue = createElicitationQueue({
      now,
      onEvent: () => {
        throw new Error("audit store down");
      },
    });
    const a = track(queue.request({ serverName: "s", params: githubUsername }));
    queue.respond(queue.getSnapshot().current!.id, { action: "decline" });
    await flush();
    expect(a.value).toEqual({ action: "decline" });
  });

  it("marks a URL-mode request done when the server reports completion", async () => {
    const queue = createElicitationQueue({ now });
    void queue.request({ serverName: "accounts", params: accountLink });
    expect(queue.completeElicitation("unknown")).toBe(false);
    expect(queue.completeElicitation("link-1", "another-server")).toBe(false);
    expect(queue.completeElicitation("link-1", "accounts")).toBe(true);
    expect(queue.getSnapshot().current?.completed).toBe(true);
  });

  it("tracks an opened URL step until the server reports it complete", async () => {
    const queue = createElicitationQueue({ now });
    const a = track(queue.request({ serverName: "accounts", params: accountLink }));
    queue.respond(queue.getSnapshot().current!.id, { action: "accept" });
    await flush();
    expect(a.value).toEqual({ action: "accept" });
    expect(queue.getSnapshot().urlSteps).toEqual([
      { elicitationId: "link-1", serverName: "accounts", url: accountLink.url, status: "waiting", openedAt: 1_000 },
    ]);
    expect(queue.completeElicitation("link-1")).toBe(true);
    expect(queue.getSnapshot().urlSteps[0]?.status).toBe("done");
    // A repeated notification is ignored.
    expect(queue.completeElicitation("link-1")).toBe(false);
    queue.dismissUrlStep("link-1");
    expect(queue.getSnapshot().urlSteps).toEqual([]);
  });

  it("notifies subscribers with a new snapshot on every change", () => {
    const queue = createElicitationQueue({ now });
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    const before = queue.getSnapshot();
    void queue.request({ serverName: "s", params: githubUsername });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot()).not.toBe(before);
    expect(queue.getSnapshot()).toBe(queue.getSnapshot());
    unsubscribe();
    queue.respond(queue.getSnapshot().current!.id, { action: "cancel" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("close() cancels everything and refuses new requests", async () => {
    const queue = createElicitationQueue({ now });
    const a = track(queue.request({ serverName: "s", params: githubUsername }));
    queue.close();
    await flush();
    expect(a.value).toEqual({ action: "cancel" });
    await expect(queue.request({ serverName: "s", params: githubUsername })).rejects.toMatchObject({ code: -32000 });
  });

  it("answers a replayed URL-mode elicitation with the answer already given, without showing it again", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, onEvent: (e) => events.push(e) });
    const first = track(queue.request({ serverName: "accounts", params: accountLink }));
    // The transport replays it while it is still on screen: one dialog, one answer for both.
    const replayWhileWaiting = track(queue.request({ serverName: "accounts", params: structuredClone(accountLink) }));
    expect(queue.getSnapshot().entries).toHaveLength(1);
    queue.respond(queue.getSnapshot().current!.id, { action: "decline" });
    await flush();
    expect(first.value).toEqual({ action: "decline" });
    expect(replayWhileWaiting.value).toEqual({ action: "decline" });
    // And again after it was answered.
    const replayAfter = track(queue.request({ serverName: "accounts", params: structuredClone(accountLink) }));
    expect(queue.getSnapshot().entries).toHaveLength(0);
    await flush();
    expect(replayAfter.value).toEqual({ action: "decline" });
    expect(events.filter((e) => e.cause === "replay")).toHaveLength(2);
    expect(events.filter((e) => e.type === "shown")).toHaveLength(1);
    // The same id from another server is another elicitation.
    void queue.request({ serverName: "other", params: accountLink });
    expect(queue.getSnapshot().current?.serverName).toBe("other");
    queue.close();
  });

  it("a replay waiting on a URL-mode elicitation its server withdraws gets Cancel; the withdrawn one is not remembered", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, onEvent: (e) => events.push(e) });
    const server = new AbortController();
    const first = track(queue.request({ serverName: "accounts", params: accountLink, signal: server.signal }));
    const replay = track(queue.request({ serverName: "accounts", params: structuredClone(accountLink) }));
    void queue.request({ serverName: "next", params: githubUsername });
    server.abort("gone");
    await flush();
    expect(first).toMatchObject({ status: "rejected", reason: "gone" });
    expect(replay.value).toEqual({ action: "cancel" });
    // The replay's answer is reported before the next request is shown.
    expect(events.slice(-3).map((e) => [e.type, e.cause, e.serverName])).toEqual([
      ["withdrawn", undefined, "accounts"],
      ["answered", "replay", "accounts"],
      ["shown", undefined, "next"],
    ]);
    // Nothing was answered: the same elicitation arriving again is asked again.
    void queue.request({ serverName: "accounts", params: structuredClone(accountLink) });
    expect(queue.getSnapshot().entries.map((e) => e.serverName)).toEqual(["next", "accounts"]);
    queue.close();
  });

  it("each entry carries the queue's preparation of its params, one object for its whole stay", async () => {
    const queue = createElicitationQueue({ now, timeoutMs: 60_000 });
    void queue.request({ serverName: "accounts", params: accountLink, deliver: () => Promise.reject(new Error("offline")) });
    const entry = queue.getSnapshot().current!;
    expect(entry.prepared).toEqual({ ok: true, request: entry.request });
    expect(entry.prepared.request).toBe(entry.request);
    expect(entry.request).toMatchObject({ mode: "url", url: accountLink.url });
    // Completion, a deadline and delivery make new entries; what was prepared stays the same object.
    queue.completeElicitation("link-1");
    void queue.submit(entry.id, { action: "accept" });
    await vi.advanceTimersByTimeAsync(0);
    const later = queue.getSnapshot().current!;
    expect(later).not.toBe(entry);
    expect(later).toMatchObject({ completed: true, delivery: "retrying", deadline: 61_000 });
    expect(later.prepared).toBe(entry.prepared);
    queue.close();
  });

  it("lets the person dismiss a waiting URL step, and drops one whose server never reports back", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, urlStepTimeoutMs: 60_000, onEvent: (e) => events.push(e) });
    void queue.request({ serverName: "a", params: accountLink });
    queue.respond(queue.getSnapshot().current!.id, { action: "accept" });
    void queue.request({ serverName: "b", params: { ...accountLink, elicitationId: "link-2" } });
    queue.respond(queue.getSnapshot().current!.id, { action: "accept" });
    expect(queue.getSnapshot().urlSteps.map((s) => [s.serverName, s.status])).toEqual([["a", "waiting"], ["b", "waiting"]]);
    queue.dismissUrlStep("link-2", "b");
    expect(queue.getSnapshot().urlSteps.map((s) => s.serverName)).toEqual(["a"]);
    vi.advanceTimersByTime(59_999);
    expect(queue.getSnapshot().urlSteps).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await flush();
    expect(queue.getSnapshot().urlSteps).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "expired", serverName: "a", elicitationId: "link-1" });
  });

  it("gives each entry a signal that aborts when it leaves without the person's answer", async () => {
    const queue = createElicitationQueue({ now, timeoutMs: 1_000 });
    void queue.request({ serverName: "s", params: githubUsername });
    void queue.request({ serverName: "t", params: githubUsername });
    const [timedOut, stopped] = queue.getSnapshot().entries;
    vi.advanceTimersByTime(1_000);
    expect(timedOut!.signal.aborted).toBe(true);
    queue.cancelServer("t");
    expect(stopped!.signal.aborted).toBe(true);
    void queue.request({ serverName: "u", params: githubUsername });
    const answered = queue.getSnapshot().current!;
    queue.respond(answered.id, { action: "cancel" });
    expect(answered.signal.aborted).toBe(false);
  });

  it("refuses with a JSON-RPC code and an audit event, whatever the reason", async () => {
    const events: ElicitationQueueEvent[] = [];
    const queue = createElicitationQueue({ now, rateLimit: { max: 1, windowMs: 1_000 }, onEvent: (e) => events.push(e) });
    const refusals = [
      queue.request({ serverName: "s", params: { message: 42 } }),
      (void queue.request({ serverName: "s", params: githubUsername }), queue.request({ serverName: "s", params: githubUsername })),
    ];
    queue.close();
    refusals.push(queue.request({ serverName: "s", params: githubUsername }));
    const codes = await Promise.all(refusals.map((p) => p.catch((error: { code?: number }) => error.code)));
    expect(codes).toEqual([-32602, -32000, -32000]);
    expect(events.filter((e) => e.type === "rejected").map((e) => e.code)).toEqual([-32602, -32000, -32000]);
  });

  it("forgets rate-limit times once they fall out of the window", async () => {
    const queue = createElicitationQueue({ now, rateLimit: { max: 2, windowMs: 1_000 } });
    void queue.request({ serverName: "s", params: githubUsername });
    void queue.request({ serverName: "s", params: githubUsername });
    await expect(queue.request({ serverName: "s", params: githubUsername })).rejects.toMatchObject({ code: -32000 });
    clock += 1_001;
    void queue.request({ serverName: "s", params: githubUsername });
    expect(queue.getSnapshot().entries).toHaveLength(3);
    queue.close();
  });

  it("a burst of 5,000 requests in one task is admitted in bounded batches, in arrival order, with few notifications", async () => {
    // Real clocks: the batches are cut by main-thread time.
    vi.useRealTimers();
    const queue = createElicitationQueue({ rateLimit: false });
    const listener = vi.fn();
    queue.subscribe(listener);
    const answers = Array.from({ length: 5_000 }, (_, i) => queue.request({ serverName: `s${i}`, params: githubUsername }));
    const notifiedInTheTask = listener.mock.calls.length;
    // Not all in the sending task: the rest wait for later tasks, so the page can draw in between.
    expect(queue.getSnapshot().entries.length).toBeLessThan(5_000);
    expect(notifiedInTheTask).toBeLessThanOrEqual(20);
    await vi.waitFor(() => expect(queue.getSnapshot().entries).toHaveLength(5_000), { timeout: 20_000 });
    const snapshot = queue.getSnapshot();
    expect(snapshot.entries.map((e) => e.serverName)).toEqual(Array.from({ length: 5_000 }, (_, i) => `s${i}`));
    // One snapshot per read, not one per change.
    expect(queue.getSnapshot()).toBe(snapshot);
    queue.close();
    expect(await Promise.all(answers)).toEqual(Array(5_000).fill({ action: "cancel" }));
    await flush();
    expect(queue.getSnapshot().entries).toHaveLength(0);
  });

  it("requests waiting for their batch when the queue closes are refused with a code", async () => {
    vi.useRealTimers();
    const queue = createElicitationQueue({ rateLimit: false });
    // Distinct params objects, as a transport delivers them: each is prepared on its own.
    const answers = Array.from({ length: 5_000 }, () =>
      queue.request({ serverName: "s", params: structuredClone(githubUsername) }).catch((e: { code: number }) => e.code),
    );
    queue.close();
    const results = await Promise.all(answers);
    expect(results.every((r) => r === -32000 || (typeof r === "object" && r.action === "cancel"))).toBe(true);
    expect(results).toContain(-32000);
  });
});

