// The event streams of one relay, with what they share: one text encoder, and one keep-alive timer
// for all of them instead of one per stream. The timer runs while a stream is open and stops with
// the last; a stream leaves it as it ends, whenever that is (even before its response went out).
import { createEventStream, type EventStream, type EventStreamEnd } from "./createEventStream";

export interface EventStreams {
  /** A new stream, kept alive until it ends; `onEnd` is told once, why. */
  open(onEnd: (why: EventStreamEnd) => void): EventStream;
  /** Streams open now. */
  readonly size: number;
}

export function createEventStreams(options: { maxBufferedBytes: number; keepAliveMs: number }): EventStreams {
  const open = new Set<EventStream>();
  let timer: ReturnType<typeof setInterval> | undefined;
  // A stream joins a tick at most keepAliveMs after it opened, so no stream stays silent longer.
  const tick = () => {
    for (const stream of open) stream.comment("keep-alive");
  };
  const shared = {
    encoder: new TextEncoder(),
    ended(stream: EventStream) {
      open.delete(stream);
      if (open.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
  return {
    open(onEnd) {
      const stream = createEventStream(options.maxBufferedBytes, onEnd, shared);
      open.add(stream);
      timer ??= setInterval(tick, options.keepAliveMs);
      return stream;
    },
    get size() {
      return open.size;
    },
  };
}
