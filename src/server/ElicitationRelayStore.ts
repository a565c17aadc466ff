// What the relay keeps where every instance can see it. The in-memory store serves one process; the
// Redis store (server/redis) and the Postgres store (server/postgres) serve several, with the same
// guarantees: one answer wins, atomically. Each brings its atomic steps to createRelayStore, which decides
// once for all of them when leases are renewed, the sweep runs and the feed listens again. A store of
// another kind is built the same way and proven by the conformance suite (server/testing); docs/relay.md,
// "Writing a store", says what each operation must do.
import type { RelayCloseReason } from "../core/relay/relayWire";
import type { ElicitationRememberScope } from "../core/types";
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
  /** The relay instance whose MCP client waits for the answer; "" for a request of a parked round (nobody waits). */
  holder: string;
  /** A request of a parked round: the round's id and this request's key in its `inputRequests`. */
  round?: { id: string; key: string };
  /** A URL-mode request its server said is done (`relay.completeElicitation`) while it was open. */
  completed?: boolean;
  /** What its person may remember of an accept (the relay's `remember`, for a form that allows it). */
  remember?: ElicitationRememberScope[];
  /** Answered at once from a decision its person remembered (its key, and when it was made): no window draws it. */
  remembered?: { key: string; at: number };
}

/** A URL-mode elicitation its server said is done, as one person's stream carries it. */
export interface RelayCompletion {
  serverName: string;
  elicitationId: string;
  /** The person's open request it completes, if one is open. */
  id?: string;
}

/** The tool call a parked round belongs to, as the host made it. */
export interface RelayToolCall {
  name: string;
  arguments?: Record<string, unknown>;
}

/**
 * A parked round (2026-07-28 `input_required`) as the store keeps it until it resumes: the call,
 * the server's `requestState` (as given, never read), and the answers gathered so far.
 */
export interface RelayRound {
  id: string;
  owner: string;
  serverName: string;
  call: RelayToolCall;
  requestState?: string;
  context?: Record<string, string>;
  /** Every key of the round's `inputRequests`, with the id of its open request (absent when answered at once). */
  requests: Record<string, string | undefined>;
  /** Answers by key: those answered without the person when parked, then each as it comes. */
  answers: Record<string, ElicitResult>;
  deadline: number;
}

/**
 * How a request left: the person's answer (from any window, any instance) or the holder's reason.
 * `via`: the answer came from a notification's action (the wire's `via`), so its holder reports it so;
 * a store keeps the settlement whole (as JSON, say), and this travels with it.
 */
export type RelaySettlement = { reason: "answered"; result: ElicitResult; via?: "notification" } | { reason: Exclude<RelayCloseReason, "answered"> };

export type RelaySettleOutcome =
  /** `resume`: this settle answered the last request of a parked round; the round, with every answer, left the store with it (once). */
  | { status: "settled"; resume?: RelayRound }
  /** `settlement`: how it was settled, given to its holder's own calls when the store keeps it (so a lost notification loses no answer). */
  | { status: "already-closed"; reason: RelayCloseReason; settlement?: RelaySettlement }
  /** An answer not taken because its holder cannot hear it now (a store whose holders listen on a feed); nothing changed, try again. */
  | { status: "unreachable" }
  | { status: "not-found" };

/**
 * A change in one person's requests, at its position in that person's stream (positions only grow).
 * A request's `json`, when the store has it, is the text `open` was given for it: the streams write it
 * as it is (a store that gives it may make `record` only when it is read).
 */
export type RelayStoreEvent =
  | { type: "request"; position: number; record: RelayRecord; json?: string }
  | { type: "closed"; position: number; id: string; reason: RelayCloseReason }
  | ({ type: "completed"; position: number } & RelayCompletion);

export interface RelaySnapshot {
  /** The person's stream position now: every event at or before it is in this snapshot. */
  position: number;
  /** The person's open requests, oldest first, without those whose holder is gone. */
  open: RelayRecord[];
  /** Requests that closed recently, oldest first, for a window that reconnects with `Last-Event-ID`. */
  closed: { position: number; id: string; reason: RelayCloseReason }[];
  /** Completions sent recently, oldest first, for a window that reconnects with `Last-Event-ID` (open requests they complete carry `completed`). */
  completed: ({ position: number } & RelayCompletion)[];
}

/** `settlement`: how it was closed, when the store keeps it (its holder reads it after an interruption). */
export type RelayLookup =
  | { owner: string; record: RelayRecord; closed?: undefined; settlement?: undefined }
  | { owner: string; record?: undefined; closed: RelayCloseReason; settlement?: RelaySettlement };

/** A chat's Stop (`relay.stop`): every instance aborts the runs of `owner` whose context holds all of `context`. */
export interface RelayStop {
  owner: string;
  context: Record<string, string>;
}

/** Why a feed stopped: `reset` when the store lost what it held (a restart without persistence). */
export interface RelayInterruption {
  reset: boolean;
}

export interface ElicitationRelayStore {
  /**
   * Starts holding requests as `holder`: how each of its requests is settled (by any instance) comes
   * to `onSettled`, at most once per request. `onInterrupted` is called once the feed of settlements
   * works again after it may have lost some (and with `reset` when the store lost its data): the
   * relay then checks what it holds with `get` and opens again what the store no longer knows.
   * Every `stop` (from any instance, this one included) comes to `onStopped` while attached.
   * A request the store closes by itself, with no `settle` of the relay winning it — an answer it
   * refused past the deadline ("timeout") or for a holder gone ("closed"), a dead holder's request its
   * sweep closed ("closed") — comes to `onClosed`, once, on the handle that closed it (to one of its
   * attached holders; to none when none is attached). Requests of parked rounds never come.
   * The returned function stops holding (`relay.close()`).
   */
  attach(
    holder: string,
    onSettled: (id: string, settlement: RelaySettlement) => void,
    onInterrupted?: (interruption: RelayInterruption) => void,
    onStopped?: (stop: RelayStop) => void,
    onClosed?: (record: RelayRecord, reason: "timeout" | "closed") => void,
  ): Promise<() => Promise<void>>;
  /**
   * Tells every attached instance (`onStopped`) that a chat was stopped. Not kept: an instance whose
   * feed is down at that moment misses it (the chat's questions are closed by `settle` all the same).
   */
  stop(stop: RelayStop): Promise<void>;
  /**
   * The first caller for `key` within `ttlMs` gets true, every other (from any handle) false: one
   * decision among instances (a question drawn by a window first, or noticed first). Atomic.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Keeps a small value of `owner`'s under `kind` and `key` (a push subscription), or removes it
   * (`value` undefined). Seen by every handle at once; kept until removed (a store without
   * persistence loses it at a restart).
   */
  keep(owner: string, kind: string, key: string, value: string | undefined): Promise<void>;
  /** Every value of `owner`'s kept under `kind`, by key. */
  kept(owner: string, kind: string): Promise<Record<string, string>>;
  /**
   * Adds an open request unless its owner already has `maxOpen` open; false when refused. Atomic.
   * `json`: the text of its `request` event, made once by the relay; a store may hand it to its
   * subscribers (the event's `json`) instead of serialising the record again.
   */
  open(record: RelayRecord, maxOpen: number, json?: string): Promise<boolean>;
  /** An open request (`record`), or a recently closed one (`closed`: why it left); undefined when unknown. */
  get(id: string): Promise<RelayLookup | undefined>;
  /**
   * Closes an open request with `settlement`, once: the first call wins atomically, later ones get
   * "already-closed". With `owner`, a request of someone else is "not-found". An answer is taken
   * only while someone can receive it: past the request's `deadline` it is closed "timeout", and
   * when its holder is gone (no lease) "closed", and the caller gets "already-closed" with that reason;
   * while its holder is alive but not listening, nothing changes and the answer is "unreachable"
   * (requests of parked rounds have no holder and resume whenever answered).
   */
  settle(id: string, settlement: RelaySettlement, owner?: string): Promise<RelaySettleOutcome>;
  snapshot(owner: string): Promise<RelaySnapshot>;
  /**
   * Keeps a round and opens its requests (holder "", never swept by leases) unless its owner would
   * then have more than `maxOpen` open; false when refused. Atomic: all of it or nothing.
   */
  park(round: RelayRound, records: RelayRecord[], maxOpen: number): Promise<boolean>;
  /**
   * Takes every round whose deadline is at or before `now` out of the store: its open requests close
   * ("timeout"), its unanswered keys are answered `cancel`. Each round is returned to one caller only.
   */
  expireRounds(now: number): Promise<RelayRound[]>;
  /**
   * Tells `owner`'s streams that a URL-mode elicitation is done, at a new position, and remembers it
   * a while (as closings are): `ids`, the person's open requests it completes, are marked `completed`.
   */
  complete(owner: string, completion: Omit<RelayCompletion, "id">, ids: string[]): Promise<void>;
  /**
   * Follows one person's events (from any instance) until the returned function is called. When the
   * feed breaks and events may have been lost, `onInterrupted` is called once and the subscription
   * is over: the relay ends the streams it fed, and their windows reconnect with `Last-Event-ID`.
   */
  subscribe(owner: string, listener: (event: RelayStoreEvent) => void, onInterrupted?: () => void): Promise<() => void>;
}
