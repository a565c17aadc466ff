// The relay's wire (docs/relay.md), shared by the server (react-mcp-elicitation/server) and the
// browser client: event names and the JSON each event and each POST reply carries. Types and
// constants only, no code that runs.
import type { ElicitParams, ElicitResult } from "../types";

/** The `event:` names of the relay's stream. */
export const RELAY_EVENT = Object.freeze({ request: "request", closed: "closed", completed: "completed", ready: "ready" } as const);

/** Why a request left without this window's answer. */
export type RelayCloseReason = "answered" | "withdrawn" | "timeout" | "closed";

/** `event: request` — a request to show. */
export interface RelayRequestEventData {
  /** At least 128 random bits, base64url. */
  id: string;
  serverName: string;
  params: ElicitParams;
  /** What the host passed to `relay.request` (a chat id, a tool call id), never anything from the MCP server. */
  context?: Record<string, string>;
  /** Server clock, ms since the epoch. */
  receivedAt: number;
  /** Server clock, ms since the epoch: the request is answered `cancel` then. */
  deadline?: number;
}

/** `event: closed` — the request left without this window's answer. */
export interface RelayClosedEventData {
  id: string;
  reason: RelayCloseReason;
}

/**
 * `event: completed` — the MCP server said a URL-mode elicitation is done
 * (`notifications/elicitation/complete`): the card waiting for it, or the status line of the step
 * the person opened, says so.
 */
export interface RelayCompletedEventData {
  /** The open request it completes, when one is open. */
  id?: string;
  serverName: string;
  elicitationId: string;
}

/** `event: ready` — sent once per connection after the requests still open. */
export interface RelayReadyEventData {
  open: string[];
}

/** The body of a `POST`. */
export interface RelayAnswerBody {
  id: string;
  result: ElicitResult;
}

/** A field error of a refused accept (400 `invalid-content`). */
export interface RelayFieldError {
  field: string;
  message: string;
}

/** Every reply body a `POST` can get. */
export type RelayPostReply =
  | { ok: true }
  | { error: "invalid-content"; errors: RelayFieldError[] }
  | { error: "bad-request"; message: string }
  | { error: "unauthenticated" }
  | { error: "forbidden-origin" }
  | { error: "not-found" }
  | { error: "already-closed"; reason: RelayCloseReason }
  | { error: "too-large" }
  | { error: "unsupported-media-type" }
  | { error: "rate-limited" };
