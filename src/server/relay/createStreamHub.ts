// Every person's event streams on this instance: one store subscription per person with a stream
// here, fanned out to their windows; each new stream gets the snapshot, then live events in order.
// A feed the store says was interrupted ends the streams it fed (their windows reconnect with
// Last-Event-ID); a stream that ended while it was set up gets no keep-alive.
import { RELAY_EVENT, RELAY_STATUS, type RelayCompletedEventData } from "../../core/relay/relayWire";
import { isRecord } from "../../core/shared/ownProperty";
import type { EventStream, EventStreamEnd } from "../createEventStream";
import { createEventStreams } from "../createEventStreams";
import { eventStreamResponse } from "../eventStreamResponse";
import type { StoreGuard } from "../createStoreGuard";
import type { ElicitationRelayStore, RelayCompletion, RelayStoreEvent } from "../ElicitationRelayStore";
import type { ElicitationRelayEvent } from "../types";
import { relayReply, storeUnavailableReply } from "./relayReply";
import { requestEventIdOf, requestEventJson } from "./requestEventJson";

interface Connection {
  stream: EventStream;
  /** The person's entry it was added to (a later one may replace it after an interruption). */
  watched: Watched;
  /** Live events that arrived before the snapshot was sent. */
  waiting: RelayStoreEvent[] | undefined;
  position: number;
}

interface Watched {
  connections: Set<Connection>;
  unsubscribe: Promise<() => void>;
}

export interface StreamHubOptions {
  store: ElicitationRelayStore;
  guard: StoreGuard;
  emit: (event: Omit<ElicitationRelayEvent, "time">) => void;
  maxStreams: number;
  maxStreamBuffer: number;
  keepAliveMs: number;
  /** A window drew a request (for the holder's `shown` report). */
  shown: (id: string) => void;
  /** A closing this instance has not written yet: already gone for the person. */
  closing: (id: string) => unknown;
  /** The relay is closing: new streams are refused. */
  isClosed: () => boolean;
}

export interface StreamHub {
  /** The person's event stream (GET). */
  open(request: Request, owner: string): Promise<Response>;
  /** Streams `owner` has open on this instance. */
  count(owner: string): number;
  /** Ends every stream. */
  closeAll(): void;
}

const completedEventOf = ({ id, serverName, elicitationId }: RelayCompletion): RelayCompletedEventData => ({ ...(id === undefined ? {} : { id }), serverName, elicitationId });

export function createStreamHub(options: StreamHubOptions): StreamHub {
  const { store, guard, emit, shown, closing } = options;
  const watched = new Map<string, Watched>();
  // One encoder and one keep-alive timer for every stream: a stream leaves it as it ends, whenever that is.
  const eventStreams = createEventStreams({ maxBufferedBytes: options.maxStreamBuffer, keepAliveMs: options.keepAliveMs });

  /** An event's data as JSON text: made once, whichever streams it goes to (a request's as the relay made it, when the store hands that on). */
  function eventJson(event: RelayStoreEvent): string {
    if (event.type === "request") return event.json ?? requestEventJson(event.record);
    return JSON.stringify(event.type === "completed" ? completedEventOf(event) : { id: event.id, reason: event.reason });
  }

  function deliver(connection: Connection, event: RelayStoreEvent, json = eventJson(event)): void {
    if (event.position <= connection.position) return;
    connection.position = event.position;
    // Its id from the text, when the store handed that on: the record need not be made for it.
    const requestId = event.type !== "request" ? undefined : event.json === undefined ? event.record.id : requestEventIdOf(event.json);
    // A request whose open this instance gave up on (its MCP client was told so) landed late: not shown, and its closing follows.
    if (requestId !== undefined && closing(requestId) !== undefined) return;
    const name = event.type === "request" ? RELAY_EVENT.request : event.type === "completed" ? RELAY_EVENT.completed : RELAY_EVENT.closed;
    connection.stream.sendJson(name, String(event.position), json);
    if (requestId !== undefined) shown(requestId);
  }

  function watch(owner: string): Watched {
    let found = watched.get(owner);
    if (found === undefined) {
      const connections = new Set<Connection>();
      const entry: Watched = { connections, unsubscribe: undefined as unknown as Promise<() => void> };
      entry.unsubscribe = store.subscribe(
        owner,
        (event) => {
          let json: string | undefined;
          for (const connection of connections) {
            if (connection.waiting !== undefined) connection.waiting.push(event);
            else deliver(connection, event, (json ??= eventJson(event)));
          }
        },
        // The feed may have lost events: a stream that can no longer hear them ends, and its window
        // reconnects with Last-Event-ID to a fresh subscription and snapshot.
        () => {
          if (watched.get(owner) === entry) watched.delete(owner);
          for (const connection of [...connections]) connection.stream.close();
        },
      );
      // A subscription that failed is not kept: the next stream subscribes again.
      entry.unsubscribe.catch(() => {
        if (watched.get(owner) === entry) watched.delete(owner);
      });
      found = entry;
      watched.set(owner, found);
    }
    return found;
  }

  function unwatch(owner: string, connection: Connection, why: EventStreamEnd): void {
    const found = connection.watched;
    emit({ type: "stream-closed", owner, reason: why });
    if (!found.connections.delete(connection) || found.connections.size > 0) return;
    if (watched.get(owner) === found) watched.delete(owner);
    void found.unsubscribe.then((stop) => stop(), () => undefined);
  }

  async function open(request: Request, owner: string): Promise<Response> {
    if (!/(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(request.headers.get("accept") ?? "")) return relayReply(RELAY_STATUS.notAcceptable, { error: "not-acceptable" });
    if (options.isClosed()) return relayReply(RELAY_STATUS.unavailable, { error: "closed" });
    const found = watch(owner);
    if (found.connections.size >= options.maxStreams) return relayReply(RELAY_STATUS.tooMany, { error: "too-many-streams" });
    const lastEventId = Number(request.headers.get("last-event-id") ?? Number.NaN);
    const connection: Connection = { stream: undefined as unknown as EventStream, watched: found, waiting: [], position: -Infinity };
    connection.stream = eventStreams.open((why) => unwatch(owner, connection, why));
    found.connections.add(connection);
    emit({ type: "stream-opened", owner });
    try {
      await guard("subscribe", () => found.unsubscribe);
      const snapshot = await guard("snapshot", () => store.snapshot(owner));
      const { stream } = connection;
      const at = String(snapshot.position);
      // A closing this instance could not write yet: already gone for the person.
      const open = snapshot.open.filter((record) => closing(record.id) === undefined);
      // The snapshot goes out whole (it is bounded by the open maximum); the bound applies to what follows.
      const completedOpen = new Set<string>();
      for (const record of open) {
        stream.sendJson(RELAY_EVENT.request, at, requestEventJson(record), true);
        shown(record.id);
        // Its server said it is done while it was open: a new window shows it done too.
        const elicitationId = isRecord(record.params) ? record.params.elicitationId : undefined;
        if (record.completed && typeof elicitationId === "string") {
          completedOpen.add(record.id);
          stream.send(RELAY_EVENT.completed, at, completedEventOf({ id: record.id, serverName: record.serverName, elicitationId }), true);
        }
      }
      if (Number.isFinite(lastEventId)) {
        for (const gone of snapshot.closed) if (gone.position > lastEventId) stream.send(RELAY_EVENT.closed, at, { id: gone.id, reason: gone.reason }, true);
        for (const done of snapshot.completed) {
          if (done.position > lastEventId && (done.id === undefined || !completedOpen.has(done.id))) stream.send(RELAY_EVENT.completed, at, completedEventOf(done), true);
        }
      }
      stream.send(RELAY_EVENT.ready, at, { open: open.map((record) => record.id) }, true);
      connection.position = snapshot.position;
      const waiting = connection.waiting ?? [];
      connection.waiting = undefined;
      for (const event of waiting) deliver(connection, event);
    } catch (error) {
      connection.stream.close();
      throw error;
    }
    // Ended while it was being set up (relay.close(), an interruption of the store's feed, the reader gone): refused, and it left the keep-alive as it ended.
    if (connection.stream.ended) return options.isClosed() ? relayReply(RELAY_STATUS.unavailable, { error: "closed" }) : storeUnavailableReply();
    return eventStreamResponse(request, connection.stream, {
      status: RELAY_STATUS.ok,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store, no-transform",
        // nginx and similar proxies would otherwise hold events back in their buffers.
        "x-accel-buffering": "no",
      },
    });
  }

  return {
    open,
    count: (owner) => watched.get(owner)?.connections.size ?? 0,
    closeAll() {
      for (const found of [...watched.values()]) for (const connection of [...found.connections]) connection.stream.close();
    },
  };
}
