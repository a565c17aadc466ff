// The Response of an event stream. A request made by the package's Node adapter (`toFetchRequest`)
// gets one whose body is made only if something asks for it: `sendFetchResponse` pipes the stream
// straight into the Node response instead, and no Web Stream is made. Any other request (a Fetch
// runtime's own server reads a Response's body natively) gets an ordinary Response. Only `body` is
// the stream's: `text()` or `clone()` of an endless event stream has no use, and sees none.
import type { EventStream } from "./createEventStream";

/** Set by `toFetchRequest` on the requests it makes. */
export const FROM_NODE_ADAPTER: unique symbol = Symbol("made by toFetchRequest");

export class PipedEventStreamResponse extends Response {
  readonly #stream: EventStream;
  #bodyAsked = false;

  constructor(stream: EventStream, init: ResponseInit) {
    super(null, init);
    this.#stream = stream;
  }

  /** A host that reads the body itself gets the stream's events as a Web Stream. */
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.#bodyAsked = true;
    return this.#stream.body;
  }

  /** The stream, for `sendFetchResponse` to pipe; undefined once its body was asked for. */
  get eventStream(): EventStream | undefined {
    return this.#bodyAsked ? undefined : this.#stream;
  }
}

export function eventStreamResponse(request: Request, stream: EventStream, init: ResponseInit): Response {
  return (request as { [FROM_NODE_ADAPTER]?: boolean })[FROM_NODE_ADAPTER] === true ? new PipedEventStreamResponse(stream, init) : new Response(stream.body, init);
}
