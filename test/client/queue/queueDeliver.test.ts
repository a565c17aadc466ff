// The queue's side of `deliver`, without React: the request's promise waits for the answer to be
// taken, failures are retried one at a time, and the queue's own answers still close a request.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ElicitResult } from "../../../src/core/types";
import { ElicitationAnswerRefused } from "../../../src/client/queue/ElicitationAnswerRefused";
import { createElicitationQueue } from "../../../src/client/queue/createElicitationQueue";
import { githubUsernameTitled } from "../../fixtures/seedRequests";

const accept: ElicitResult = { action: "accept", content: { username: "octocat" } };

describe("queue.request with deliver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("resolves once deliver took the answer; a deliver that throws at once is a failed try, retried", async () => {
    const queue = createElicitationQueue();
    let calls = 0;
    const deliver = vi.fn(async () => {
      if (++calls === 1) throw new Error("offline");
    });
    const answered = queue.request({ serverName: "GitHub", params: githubUsernameTitled, deliver });
    const { id } = queue.getSnapshot().current!;
    const taken = queue.submit(id, accept);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().current?.delivery).toBe("retrying");
    // A second Submit meanwhile sends nothing of its own.
    expect(queue.submit(id, { action: "decline" })).toBe(taken);
    await vi.advanceTimersByTimeAsync(1_300);
    await expect(taken).resolves.toBe(true);
    await expect(answered).resolves.toEqual(accept);
    expect(deliver.mock.calls).toEqual([[accept], [accept]]);
    expect(queue.getSnapshot().entries).toHaveLength(0);
  });

  it("a refusal leaves the request in the queue, not sending", async () => {
    const queue = createElicitationQueue();
    queue.request({ serverName: "GitHub", params: githubUsernameTitled, deliver: () => Promise.reject(new ElicitationAnswerRefused([{ field: "username", message: "Taken" }])) });
    const { id } = queue.getSnapshot().current!;
    await expect(queue.submit(id, accept)).rejects.toBeInstanceOf(ElicitationAnswerRefused);
    expect(queue.getSnapshot().current?.id).toBe(id);
    expect(queue.getSnapshot().current?.delivery).toBeUndefined();
  });

  it("“Stop asking” while an answer is retried answers cancel and stops the tries", async () => {
    const queue = createElicitationQueue();
    const deliver = vi.fn(() => Promise.reject(new Error("503")));
    const answered = queue.request({ serverName: "GitHub", params: githubUsernameTitled, deliver });
    const { id } = queue.getSnapshot().current!;
    const taken = queue.submit(id, accept);
    await vi.advanceTimersByTimeAsync(0);
    queue.cancelServer("GitHub");
    await expect(answered).resolves.toEqual({ action: "cancel" });
    await expect(taken).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it("context is copied onto the entry; a context that is not a small map of strings is refused, naming what is wrong", async () => {
    const queue = createElicitationQueue();
    queue.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: "c1" } });
    expect(queue.getSnapshot().current?.context).toEqual({ chatId: "c1" });
    await expect(queue.request({ serverName: "GitHub", params: githubUsernameTitled, context: { chatId: 7 } as never })).rejects.toThrow(/context\.chatId is not a string/);
  });
});
