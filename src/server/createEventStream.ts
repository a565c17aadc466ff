// One connection's event stream (text/event-stream). Its buffer is bounded: a reader that stops
// reading (a stalled tab, a proxy that holds the response) is dropped once `maxBufferedBytes` wait
// unsent, so it cannot grow the server's memory. Its next connection gets everything again.
//
// It goes out one of two ways, whichever is asked for first: `body`, a Web ReadableStream made then
// (what a Fetch host returns), or `pipe`, straight into a Node response (the package's Node adapter),
// which makes no Web Stream: one with its reader costs about 3 KB of heap in Node 20, more than the
// rest of an idle stream. Until one is chosen, what is sent waits in a list.
// A class, so each of the many open streams holds its fields and shares its methods.

export type EventStreamEnd = "disconnected" | "dropped" | "closed";

/** A Node response as `pipe` writes to it. */
export interface EventStreamSink {
  write(text: string): unknown;
  /** Bytes written and not yet taken by the socket. */
  readonly writableLength: number;
  end(): unknown;
  destroy(): unknown;
}

export interface EventStream {
  /** The stream as a Web ReadableStream, made the first time it is asked for (not after `pipe`). */
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Writes what waits, then every later event, to `sink`; no Web Stream is made (not after `body`). */
  pipe(sink: EventStreamSink): void;
  /** The reader went away (a piped response closed). */
  cancel(): void;
  /** Queues one event; false once the stream has ended. `whole`: queued whatever the buffer holds (a connection's first snapshot). */
  send(event: string, id: string, data: unknown, whole?: boolean): boolean;
  /** `send` with the data's JSON text made already (one line: JSON.stringify's), for an event going to several streams. */
  sendJson(event: string, id: string, json: string, whole?: boolean): boolean;
  /** Queues a comment line (`: text`), which readers ignore: keeps proxies from cutting an idle stream. */
  comment(text: string): boolean;
  /** Ends the stream from the server's side. */
  close(): void;
  readonly ended: boolean;
}

/** What the streams of one relay share. */
export interface EventStreamShared {
  encoder: TextEncoder;
  /** Told once, as a stream ends, before its own `onEnd`. */
  ended(stream: EventStream): void;
}

const BEHIND = "The reader fell too far behind.";

class BoundedEventStream implements EventStream {
  #why: EventStreamEnd | undefined = undefined;
  /** What was sent before `body` or `pipe` was chosen. */
  #waiting: string[] | undefined = [];
  #waitingLength = 0;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined = undefined;
  #controller: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>> | undefined = undefined;
  #sink: EventStreamSink | undefined = undefined;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly onEnd: (why: EventStreamEnd) => void,
    private readonly shared: EventStreamShared,
  ) {}

  get ended(): boolean {
    return this.#why !== undefined;
  }

  get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    if (this.#stream !== undefined) return this.#stream;
    if (this.#sink !== undefined) throw new TypeError("This event stream is piped to a response already.");
    const waiting = this.#waiting ?? [];
    this.#waiting = undefined;
    this.#stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
      {
        start: (controller) => {
          this.#controller = controller;
          for (const text of waiting) controller.enqueue(this.shared.encoder.encode(text));
          if (this.#why === "closed") controller.close();
          else if (this.#why === "dropped") controller.error(new Error(BEHIND));
        },
        cancel: () => this.cancel(),
      },
      { highWaterMark: this.maxBufferedBytes, size: (chunk) => chunk.byteLength },
    );
    return this.#stream;
  }

  pipe(sink: EventStreamSink): void {
    if (this.#stream !== undefined || this.#sink !== undefined) throw new TypeError("This event stream is taken already.");
    this.#sink = sink;
    const waiting = this.#waiting ?? [];
    this.#waiting = undefined;
    // One write for the whole snapshot: one packet, not one per event.
    if (waiting.length > 0) sink.write(waiting.join(""));
    if (this.#why === "closed") sink.end();
    else if (this.#why === "dropped") sink.destroy();
  }

  cancel(): void {
    this.#waiting = undefined;
    this.#end("disconnected");
  }

  send(event: string, id: string, data: unknown, whole?: boolean): boolean {
    return this.sendJson(event, id, JSON.stringify(data), whole);
  }

  sendJson(event: string, id: string, json: string, whole?: boolean): boolean {
    // JSON on one line: it holds no raw newline, so one `data:` line carries it.
    return this.#write(`event: ${event}\nid: ${id}\ndata: ${json}\n\n`, whole === true);
  }

  comment(text: string): boolean {
    return this.#write(`: ${text}\n\n`, false);
  }

  close(): void {
    if (this.#why !== undefined) return;
    this.#end("closed");
    if (this.#sink !== undefined) this.#sink.end();
    else this.#controller?.close();
  }

  #write(text: string, whole: boolean): boolean {
    if (this.#why !== undefined) return false;
    // Checked before adding, so one event larger than the bound still goes to a reader that keeps up.
    const behind =
      !whole &&
      (this.#sink !== undefined
        ? this.#sink.writableLength > this.maxBufferedBytes
        : this.#controller !== undefined
          ? (this.#controller.desiredSize ?? 0) < 0
          : this.#waitingLength > this.maxBufferedBytes);
    if (behind) {
      this.#waiting = undefined;
      this.#end("dropped");
      // Destroying the response, or erroring the stream, discards what it holds.
      if (this.#sink !== undefined) this.#sink.destroy();
      else this.#controller?.error(new Error(BEHIND));
      return false;
    }
    if (this.#sink !== undefined) this.#sink.write(text);
    else if (this.#controller !== undefined) this.#controller.enqueue(this.shared.encoder.encode(text));
    else {
      this.#waiting!.push(text);
      this.#waitingLength += text.length;
    }
    return true;
  }

  #end(why: EventStreamEnd): void {
    if (this.#why !== undefined) return;
    this.#why = why;
    this.shared.ended(this);
    this.onEnd(why);
  }
}

/** A stream bounded to `maxBufferedBytes`; `onEnd` is told once, why it ended. */
export function createEventStream(
  maxBufferedBytes: number,
  onEnd: (why: EventStreamEnd) => void,
  shared: EventStreamShared = { encoder: new TextEncoder(), ended: () => undefined },
): EventStream {
  return new BoundedEventStream(maxBufferedBytes, onEnd, shared);
}
