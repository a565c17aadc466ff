// One connection's event stream (text/event-stream). Its buffer is bounded: a reader that stops
// reading (a stalled tab, a proxy that holds the response) is dropped once `maxBufferedBytes` wait
// unsent, so it cannot grow the server's memory. Its next connection gets everything again.

export type EventStreamEnd = "disconnected" | "dropped" | "closed";

export interface EventStream {
  readonly body: ReadableStream<Uint8Array>;
  /** Queues one event; false once the stream has ended. `whole`: queued whatever the buffer holds (a connection's first snapshot). */
  send(event: string, id: string, data: unknown, whole?: boolean): boolean;
  /** Queues a comment line (`: text`), which readers ignore: keeps proxies from cutting an idle stream. */
  comment(text: string): boolean;
  /** Ends the stream from the server's side. */
  close(): void;
  readonly ended: boolean;
}

export function createEventStream(maxBufferedBytes: number, onEnd: (why: EventStreamEnd) => void): EventStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const end = (why: EventStreamEnd) => {
    if (ended) return;
    ended = true;
    onEnd(why);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel() {
        end("disconnected");
      },
    },
    { highWaterMark: maxBufferedBytes, size: (chunk) => chunk.byteLength },
  );
  const write = (text: string, whole = false): boolean => {
    if (ended) return false;
    // Checked before adding, so one event larger than the bound still goes to a reader that keeps up.
    if (!whole && (controller.desiredSize ?? 0) < 0) {
      // Erroring the stream discards what it holds.
      controller.error(new Error("The reader fell too far behind."));
      end("dropped");
      return false;
    }
    controller.enqueue(encoder.encode(text));
    return true;
  };
  return {
    body,
    // JSON on one line: it holds no raw newline, so one `data:` line carries it.
    send: (event, id, data, whole) => write(`event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`, whole),
    comment: (text) => write(`: ${text}\n\n`),
    close() {
      if (ended) return;
      end("closed");
      controller.close();
    },
    get ended() {
      return ended;
    },
  };
}
