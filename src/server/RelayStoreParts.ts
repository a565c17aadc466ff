// What a store brings to createRelayStore: its atomic steps and a connection for its live feed, nothing about
// when they run. docs/relay.md, "Writing a store", says what each must guarantee.
import type { ElicitationRelayStore, RelayRecord, RelaySettlement, RelaySettleOutcome, RelayStoreEvent } from "./ElicitationRelayStore";

/**
 * The data operations, each one atomic step in the store, with the meaning `ElicitationRelayStore`
 * gives it. A change to a person's requests sends its event on the person's channel, and a settle
 * the settlement on its holder's channel, once the change can be read.
 */
export interface RelayStoreOperations extends Pick<ElicitationRelayStore, "open" | "get" | "snapshot" | "park" | "expireRounds" | "complete" | "claim" | "keep" | "kept"> {
  /**
   * As `ElicitationRelayStore.settle`, and `closedHere`: the request, when this call closed it by
   * itself ("already-closed", an answer nobody could receive), for one attached holder to hear.
   */
  settle(id: string, settlement: RelaySettlement, owner?: string): Promise<RelaySettleOutcome & { closedHere?: RelayRecord }>;
}

/** The lease steps, each atomic in the store. */
export interface RelayStoreLeases {
  /** `holder` is alive for `leaseMs` more, by the store's clock (the settle reads it in its own atomic step). */
  lease(holder: string): Promise<unknown>;
  /** `holder` is gone now: an answer to its requests closes them ("closed"), and the sweep does too. */
  release(holder: string): Promise<unknown>;
  /**
   * Closes ("closed") every open request whose holder's lease lapsed, each in one atomic step that checks the
   * lease again (a holder that renewed meanwhile keeps it), and forgets what is kept past its time. Returns the
   * requests this call closed (each closed by one caller only, whatever races it).
   */
  sweep(): Promise<RelayRecord[]>;
}

/** What the store tells the kit of its feed's connection. */
export interface RelayFeedHearing {
  /** A message arrived on `channel`. */
  message(channel: string, text: string): void;
  /** The connection dropped: what was sent meanwhile is lost. */
  dropped(): void;
  /**
   * The connection works (again); `reset` when the store lost its data meanwhile. Resolves once the holders' channels
   * are heard again and their leases renewed; rejects when that failed (drop the connection and connect again).
   */
  connected(reset: boolean): Promise<void>;
}

/** The store's live feed: named channels on one connection that may drop. */
export interface RelayFeedConnection {
  /**
   * The channel names. A holder's carries its requests' settlements as `{"id","settlement"}` (or `{"id"}` alone,
   * read with `get`); a person's her events as JSON (a request may come as `{"type":"request","position","id"}`,
   * read with `get`); `stops` every chat's stop, sent by the kit.
   */
  channels: { holder(holder: string): string; person(owner: string): string; stops: string };
  /** Starts the connection (called once): from then on the store tells `hearing` what happens to it. */
  connect(hearing: RelayFeedHearing): void;
  /** Settles once `channel` is heard (waiting for the connection when it is down); rejects when it cannot be. */
  subscribe(channel: string): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
  /** Sends `text` to every handle listening on `channel` (a chat's stop). */
  publish(channel: string, text: string): Promise<unknown>;
  /** Asks the connection to answer (`undefined` while it is down): one that does not within half of `heartbeatMs` is taken for stalled. */
  ping(): Promise<unknown> | undefined;
  /** Drops the connection found stalled; the store connects again. */
  drop(): void;
  /** Reads a message of a person's channel (JSON.parse unless given). */
  readEvent?(text: string): RelayStoreEvent;
}

export interface RelayStoreParts {
  operations: RelayStoreOperations;
  leases: RelayStoreLeases;
  feed: RelayFeedConnection;
  /** Each a whole number > 0: a lease's life (renewed every third of it), the sweep's period, the feed's heartbeat. */
  timings: { leaseMs: number; sweepMs: number; heartbeatMs: number };
  /** Ends what the store opened (its `close()`); waited for at most `heartbeatMs`, then `signal` aborts: drop what is still ending. */
  close?(signal: AbortSignal): Promise<unknown>;
}
