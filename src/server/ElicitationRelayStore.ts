// What the relay keeps where every instance can see it. The in-memory store serves one process; the
// Redis store (server/redis) serves several, with the same guarantees: one answer wins, atomically.
import type { RelayCloseReason } from "../core/relay/relayWire";
import type { ElicitParams, ElicitResult } from "../core/types";

/** One open request as every instance sees it. Holds no answer. */
export interface RelayRecord {
  id: string;
  /** Who may see and answer it: what `identify` returns for that person. */
  owner: string;
  serverName: string;
  params: ElicitParams;
  context?: Record<string, string>;
  receivedAt: number;
  deadline?: number;
  /** The relay instance whose MCP client waits for the answer. */
  holder: string;
}

/** How a request left: the person's answer (from any window, any instance) or the holder's reason. */
export type RelaySettlement = { reason: "answered"; result: ElicitResult } | { reason: Exclude<RelayCloseReason, "answered"> };

export type RelaySettleOutcome =
  | { status: "settled" }
  /** `settlement`: how it was settled, given to its holder's own calls when the store keeps it (so a lost notification loses no answer). */
  | { status: "already-closed"; reason: RelayCloseReason; settlement?: RelaySettlement }
  | { status: "not-found" };

/** A change in one person's requests, at its position in that person's stream (positions only grow). */
export type RelayStoreEvent =
  | { type: "request"; position: number; record: RelayRecord }
  | { type: "closed"; position: number; id: string; reason: RelayCloseReason };

export interface RelaySnapshot {
  /** The person's stream position now: every event at or before it is in this snapshot. */
  position: number;
  /** The person's open requests, oldest first, without those whose holder is gone. */
  open: RelayRecord[];
  /** Requests that closed recently, oldest first, for a window that reconnects with `Last-Event-ID`. */
  closed: { position: number; id: string; reason: RelayCloseReason }[];
}

export type RelayLookup = { owner: string; record: RelayRecord; closed?: undefined } | { owner: string; record?: undefined; closed: RelayCloseReason };

export interface ElicitationRelayStore {
  /**
   * Starts holding requests as `holder`: how each of its requests is settled (by any instance) comes
   * to `onSettled`, at most once per request. The returned function stops holding (`relay.close()`).
   */
  attach(holder: string, onSettled: (id: string, settlement: RelaySettlement) => void): Promise<() => Promise<void>>;
  /** Adds an open request unless its owner already has `maxOpen` open; false when refused. Atomic. */
  open(record: RelayRecord, maxOpen: number): Promise<boolean>;
  /** An open request (`record`), or a recently closed one (`closed`: why it left); undefined when unknown. */
  get(id: string): Promise<RelayLookup | undefined>;
  /**
   * Closes an open request with `settlement`, once: the first call wins atomically, later ones get
   * "already-closed". With `owner`, a request of someone else is "not-found".
   */
  settle(id: string, settlement: RelaySettlement, owner?: string): Promise<RelaySettleOutcome>;
  snapshot(owner: string): Promise<RelaySnapshot>;
  /** Follows one person's events (from any instance) until the returned function is called. */
  subscribe(owner: string, listener: (event: RelayStoreEvent) => void): Promise<() => void>;
}
