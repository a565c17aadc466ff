// @vitest-environment node
// The relay's event streams at scale: one keep-alive timer for all of them, gone with the last.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createEventStreams } from "../../src/server/createEventStreams";

afterEach(() => {
  vi.useRealTimers();
});

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text;
}

describe("createEventStreams", () => {
  it("keeps a thousand open streams alive on one timer, which stops with the last stream", async () => {
    vi.useFakeTimers();
    const streams = createEventStreams({ maxBufferedBytes: 64 * 1024, keepAliveMs: 1_000 });
    const ended: string[] = [];
    const open = Array.from({ length: 1_000 }, () => streams.open((why) => ended.push(why)));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2_000);
    // Each stream has heard two keep-alives, whenever it opened within the first interval.
    open.forEach((stream) => stream.close());
    const texts = await Promise.all(open.map((stream) => readAll(stream.body)));
    expect(new Set(texts)).toEqual(new Set([": keep-alive\n\n: keep-alive\n\n"]));
    expect(ended).toHaveLength(1_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(streams.size).toBe(0);
  });

  it("leaves no timer behind for a stream whose reader went away before its response went out", () => {
    vi.useFakeTimers();
    const streams = createEventStreams({ maxBufferedBytes: 64 * 1024, keepAliveMs: 1_000 });
    const ended: string[] = [];
    const stream = streams.open((why) => ended.push(why));
    stream.send("ready", "1", { open: [] }, true);
    stream.cancel();
    expect(ended).toEqual(["disconnected"]);
    expect(vi.getTimerCount()).toBe(0);
    // Nothing more is written to it, and it never ticks again.
    expect(stream.comment("keep-alive")).toBe(false);
  });

  it("drops a stream whose body is never read once its buffer is full, and keeps the others alive", async () => {
    vi.useFakeTimers();
    const streams = createEventStreams({ maxBufferedBytes: 4 * 1024, keepAliveMs: 1_000 });
    const ended: string[] = [];
    const stalled = streams.open((why) => ended.push(`stalled ${why}`));
    const reading = streams.open((why) => ended.push(`reading ${why}`));
    const reader = reading.body.getReader();
    stalled.body; // taken, never read
    for (let i = 0; i < 20; i++) {
      const big = "x".repeat(500);
      stalled.send("request", String(i), { big });
      reading.send("request", String(i), { big });
      await reader.read();
    }
    expect(ended).toEqual(["stalled dropped"]);
    await expect(stalled.body.getReader().read()).rejects.toThrow(/behind/);
    vi.advanceTimersByTime(1_000);
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(": keep-alive\n\n");
    reading.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
