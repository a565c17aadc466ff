// A shared store from its parts: the store brings its atomic steps and a connection for its live feed, and this
// runs what is the same for every store — leases renewed and the sweep on their clock (relay/createStoreUpkeep),
// what the store closed by itself told once, the feed's channels and heartbeat, and attach, stop and subscribe over
// them (relay/createFeedChannels, relay/createStoreFeed), and what happens once the feed is back. The Redis and
// Postgres stores are built with it.
import type { ElicitationRelayStore, RelaySettleOutcome } from "./ElicitationRelayStore";
import { readStoreTimings } from "./readStoreTimings";
import type { RelayStoreParts } from "./RelayStoreParts";
import { createFeedChannels } from "./relay/createFeedChannels";
import { createStoreFeed } from "./relay/createStoreFeed";
import { createStoreUpkeep } from "./relay/createStoreUpkeep";
import { endsWithin } from "./relay/endsWithin";
import { startHeartbeat } from "./relay/startHeartbeat";

/** What each part must bring, checked when the store is made (a part missing is named, not met later as a crash). */
const NEEDED = {
  operations: ["open", "get", "settle", "snapshot", "park", "expireRounds", "complete", "claim", "keep", "kept"],
  leases: ["lease", "release", "sweep"],
  feed: ["connect", "subscribe", "unsubscribe", "publish", "ping", "drop"],
} as const;

/** A store for several instances built from its atomic steps (docs/relay.md, "Writing a store"); `close()` stops its timers and ends its connection. */
export function createRelayStore(parts: RelayStoreParts): ElicitationRelayStore & { close(): Promise<void> } {
  for (const [part, names] of Object.entries(NEEDED)) {
    for (const name of names) if (typeof (parts[part as keyof typeof NEEDED] as unknown as Record<string, unknown> | undefined)?.[name] !== "function") throw new TypeError(`createRelayStore: ${part}.${name} must be a function.`);
  }
  const { operations, leases, feed, timings, close } = parts;
  if (typeof feed.channels?.holder !== "function" || typeof feed.channels.person !== "function" || typeof feed.channels.stops !== "string") {
    throw new TypeError("createRelayStore: feed.channels must name a holder's channel, a person's (functions) and the stops' (a string).");
  }
  const { leaseMs, sweepMs, heartbeatMs } = readStoreTimings("createRelayStore", timings);
  const upkeep = createStoreUpkeep(leases, { leaseMs, sweepMs });
  let [closed, connectedBefore] = [false, false];
  const channels = createFeedChannels({ subscribe: (name) => feed.subscribe(name), unsubscribe: async (name) => closed || (await feed.unsubscribe(name)) });
  feed.connect({
    message: channels.message,
    dropped: channels.dropped,
    async connected(reset) {
      if (closed) return;
      const again = connectedBefore;
      connectedBefore = true;
      // The holders' channels heard first (an answer taken once the lease is renewed reaches its holder), then the
      // leases (no sweep closes what a holder opens again), then each holder checks what it holds.
      await Promise.all(channels.holderChannels().map((name) => feed.subscribe(name)));
      await upkeep.renew();
      if (again) upkeep.interrupted(reset);
    },
  });
  const stopHeartbeat = startHeartbeat(
    heartbeatMs,
    () => (closed ? undefined : feed.ping()),
    () => closed || feed.drop(),
  );
  const readEvent = feed.readEvent?.bind(feed);
  const { attach, stop, subscribe } = createStoreFeed({
    listen: channels.listen,
    publish: (channel, text) => feed.publish(channel, text),
    get: (id) => operations.get(id),
    ...(readEvent === undefined ? {} : { eventOf: readEvent }),
    upkeep,
    channels: feed.channels,
  });

  return {
    attach,
    stop,
    subscribe,
    open: operations.open.bind(operations),
    get: operations.get.bind(operations),
    async settle(id, settlement, owner) {
      const outcome = await operations.settle(id, settlement, owner);
      if (!("closedHere" in outcome)) return outcome;
      const { closedHere, ...told } = outcome;
      // Closed by this call itself (an answer nobody could receive): no settle won it, one attached holder hears it.
      if (closedHere !== undefined && told.status === "already-closed") upkeep.closedHere(closedHere, told.reason === "timeout" ? "timeout" : "closed");
      return told as RelaySettleOutcome;
    },
    snapshot: operations.snapshot.bind(operations),
    park: operations.park.bind(operations),
    expireRounds: operations.expireRounds.bind(operations),
    complete: operations.complete.bind(operations),
    claim: operations.claim.bind(operations),
    keep: operations.keep.bind(operations),
    kept: operations.kept.bind(operations),
    async close() {
      closed = true;
      upkeep.stop();
      stopHeartbeat();
      channels.clear();
      // A connection stuck in an outage is not waited for past a heartbeat.
      const ending = new AbortController();
      if (close !== undefined && !(await endsWithin(close(ending.signal), heartbeatMs))) ending.abort();
    },
  };
}
