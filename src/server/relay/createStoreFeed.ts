// attach, stop and subscribe for a store whose live feed is channels on one connection (createFeedChannels), the
// same for every such store: a holder hears its settlements on its own channel, every chat's stop on one channel
// for all, a person her events on hers. What the store's writes send there is theirs to send atomically; a
// settlement or a request too large for a message may come by id alone (`{ id }`, `{ type: "request", position,
// id }`) and is read with `get`, events staying in the order they came.
import type { ElicitationRelayStore, RelayLookup, RelaySettlement, RelayStop, RelayStoreEvent } from "../ElicitationRelayStore";
import type { RelayFeedConnection } from "../RelayStoreParts";
import type { FeedListener } from "./createFeedChannels";
import type { StoreUpkeep } from "./createStoreUpkeep";

export interface StoreFeedParts {
  listen(name: string, holder: boolean, listener: FeedListener): Promise<() => void>;
  /** Sends `text` to every handle listening on `channel`. */
  publish(channel: string, text: string): Promise<unknown>;
  get(id: string): Promise<RelayLookup | undefined>;
  /** Reads a message on a person's channel (JSON.parse unless given): a store may hand an event's text on unparsed. */
  eventOf?(text: string): RelayStoreEvent;
  upkeep: StoreUpkeep;
  channels: RelayFeedConnection["channels"];
}

type ById = { type: "request"; position: number; id: string; record?: undefined };

export function createStoreFeed({ listen, publish, get, eventOf, upkeep, channels }: StoreFeedParts): Pick<ElicitationRelayStore, "attach" | "stop" | "subscribe"> {
  const quiet = () => undefined;
  return {
    async attach(holder, onSettled, onInterrupted, onStopped, onClosed) {
      const stopSettled = await listen(channels.holder(holder), true, {
        message(text) {
          const { id, settlement } = JSON.parse(text) as { id: string; settlement?: RelaySettlement };
          if (settlement !== undefined) return onSettled(id, settlement);
          // By id: read from the store; when that fails, the holder checks what it holds.
          void get(id).then((found) => found?.settlement && onSettled(id, found.settlement), () => onInterrupted?.({ reset: false }));
        },
        interrupted: quiet,
      });
      // A chat's stop goes to every instance; one missed while the connection was down is missed (its questions close all the same).
      const stopStops =
        onStopped === undefined
          ? quiet
          : await listen(channels.stops, true, { message: (text) => onStopped(JSON.parse(text) as RelayStop), interrupted: quiet }).catch((error: unknown) => (stopSettled(), Promise.reject(error)));
      const leave = await upkeep.join(holder, { onInterrupted, onClosed }).catch((error: unknown) => (stopSettled(), stopStops(), Promise.reject(error)));
      return async () => (stopSettled(), stopStops(), await leave());
    },
    async stop({ owner, context }) {
      await publish(channels.stops, JSON.stringify({ owner, context }));
    },
    async subscribe(owner, listener, onInterrupted) {
      // Handed on at once while nothing is being read by id; else in order behind it.
      let [queue, behind, over] = [Promise.resolve(), 0, false];
      const interrupted = () => (over ? undefined : ((over = true), onInterrupted?.()));
      const stop = await listen(channels.person(owner), false, {
        message(text) {
          const event = (eventOf === undefined ? JSON.parse(text) : eventOf(text)) as RelayStoreEvent | ById;
          const byId = event.type === "request" && event.record === undefined;
          if (!byId && behind === 0) return void (over || listener(event as RelayStoreEvent));
          behind++;
          // By id, read from the store (gone when it closed meanwhile: its `closed` follows).
          const read = !byId ? (event as RelayStoreEvent) : get(event.id).then((found) => found?.record && { type: "request" as const, position: event.position, record: found.record }, () => null);
          queue = queue.then(async () => {
            const full = await read;
            behind--;
            if (full === null) interrupted();
            else if (full && !over) listener(full);
          });
        },
        interrupted,
      });
      return () => ((over = true), stop());
    },
  };
}
