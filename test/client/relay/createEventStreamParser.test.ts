// @vitest-environment node
// The event-stream format read the way the standard says, however the bytes are split, and within
// its bound: an oversized event is skipped whole and the next one still arrives.
import { describe, expect, it } from "vitest";
import { createEventStreamParser, type EventStreamMessage } from "../../../src/client/relay/createEventStreamParser";

function parse(chunks: string[], maxEventLength = 1_000) {
  const messages: EventStreamMessage[] = [];
  let oversized = 0;
  const retries: number[] = [];
  const parser = createEventStreamParser({ maxEventLength, onMessage: (m) => messages.push(m), onOversized: () => oversized++, onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { messages, oversized, retries };
}

const stream = "id: 1\nevent: request\ndata: {\"a\":1}\n\n: keep-alive\n\nid: 2\r\nevent: ready\r\ndata: {\"open\":[]}\r\n\r\ndata: one\rdata: two\r\rretry: 5000\n\n";

describe("createEventStreamParser", () => {
  it("reads LF, CRLF and CR line ends, comments, ids carried forward, multi-line data and retry", () => {
    const { messages, retries } = parse([stream]);
    expect(messages).toEqual([
      { event: "request", data: '{"a":1}', id: "1" },
      { event: "ready", data: '{"open":[]}', id: "2" },
      { event: "message", data: "one\ntwo", id: "2" },
    ]);
    expect(retries).toEqual([5000]);
  });

  it("gives the same events whatever the chunks, one character at a time included (a CRLF split in two)", () => {
    const whole = parse([stream]).messages;
    expect(parse(stream.split("")).messages).toEqual(whole);
    for (let cut = 1; cut < stream.length; cut++) expect(parse([stream.slice(0, cut), stream.slice(cut)]).messages).toEqual(whole);
  });

  it("skips an event over the bound, reports it once, and reads the next one", () => {
    const big = `event: request\ndata: ${"x".repeat(600)}\ndata: ${"y".repeat(600)}\n\n`;
    const { messages, oversized } = parse([big.slice(0, 300), big.slice(300), "event: closed\ndata: {}\n\n"]);
    expect(oversized).toBe(1);
    expect(messages).toEqual([{ event: "closed", data: "{}", id: undefined }]);
  });

  it("a line longer than the bound is dropped, and the stream goes on after its event ends", () => {
    const after: EventStreamMessage[] = [];
    const next = createEventStreamParser({ maxEventLength: 100, onMessage: (m) => after.push(m), onOversized: () => undefined });
    next.push("z".repeat(10_000) + "\n\ndata: ok\n\n");
    expect(after).toEqual([{ event: "message", data: "ok", id: undefined }]);
  });
});
