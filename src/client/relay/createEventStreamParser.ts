// The text/event-stream format (HTML Living Standard, "Parsing an event stream"), read within a
// bound: an event longer than `maxEventLength` characters is skipped whole, and the buffer never
// holds more than that, whatever the stream sends. No EventSource: it cannot send headers, bound
// what it buffers, or tell a malformed stream from a dropped one.
import { RELAY_BOUNDS } from "../../core/relay/relayWire";

/** One dispatched event. */
export interface EventStreamMessage {
  /** `event:` field, "message" when absent. */
  event: string;
  /** `data:` lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream so far (the position to resume from), if any. */
  id: string | undefined;
}

export interface EventStreamParserOptions {
  /** Characters of one event, its field names and line ends included; a longer event is skipped. */
  maxEventLength: number;
  onMessage: (message: EventStreamMessage) => void;
  /** An event went over `maxEventLength` and was skipped. */
  onOversized: () => void;
  /** A `retry:` field: the reconnection time the server asks for, in ms. */
  onRetry?: (ms: number) => void;
}

export interface EventStreamParser {
  /** Feeds decoded text, any amount, split anywhere (even between "\r" and "\n"). */
  push(text: string): void;
}

const LINE_END = /[\r\n]/g;

export function createEventStreamParser(options: EventStreamParserOptions): EventStreamParser {
  const { maxEventLength } = options;
  let line = "";
  /** Characters of the current event so far (lines already read). */
  let size = 0;
  /** The current event went over the bound: everything up to its blank line is dropped. */
  let skipping = false;
  /** The previous chunk ended in "\r": a "\n" at the start of this one ends nothing more. */
  let afterCR = false;
  /** Whether the line being read has any character (a blank line ends an event). */
  let lineHasText = false;
  let eventName = "";
  let data: string[] | undefined;
  let lastId: string | undefined;

  function overflow(): void {
    if (!skipping) options.onOversized();
    skipping = true;
    line = "";
    eventName = "";
    data = undefined;
  }

  function endLine(): void {
    const text = line;
    line = "";
    const blank = !lineHasText;
    lineHasText = false;
    if (blank) {
      // Dispatch: an event with no data line is dropped, as the standard says.
      const wasSkipping = skipping;
      skipping = false;
      size = 0;
      const message = data === undefined || wasSkipping ? undefined : { event: eventName || "message", data: data.join("\n"), id: lastId };
      eventName = "";
      data = undefined;
      if (message) options.onMessage(message);
      return;
    }
    if (skipping) return;
    size += text.length + 1;
    if (size > maxEventLength) return overflow();
    if (text.startsWith(":")) return; // a comment (keep-alive)
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") (data ??= []).push(value);
    else if (field === "id") {
      if (!value.includes("\u0000") && value.length <= RELAY_BOUNDS.eventIdLength) lastId = value;
    } else if (field === "retry") {
      if (/^\d{1,9}$/.test(value)) options.onRetry?.(Number(value));
    }
  }

  function push(text: string): void {
    let start = 0;
    if (afterCR && text.startsWith("\n")) start = 1;
    afterCR = false;
    LINE_END.lastIndex = start;
    for (let match = LINE_END.exec(text); match !== null; match = LINE_END.exec(text)) {
      const end = match.index;
      take(text.slice(start, end));
      endLine();
      start = end + 1;
      if (text[end] === "\r") {
        if (start === text.length) afterCR = true;
        else if (text[start] === "\n") start++;
      }
      LINE_END.lastIndex = start;
    }
    take(text.slice(start));
  }

  /** Part of a line: kept only while the event stays within its bound. */
  function take(part: string): void {
    if (part.length === 0) return;
    lineHasText = true;
    if (skipping) return;
    if (size + line.length + part.length > maxEventLength) return overflow();
    line += part;
  }

  return { push };
}
