// What one event of the relay's stream says, checked field by field (docs/relay.md, "The wire").
// Nothing is taken by its shape: a field of the wrong type makes the event malformed, and an event
// this client does not know is ignored, so a newer relay does not break an older page.
import type { ElicitationClosedReason } from "../ElicitationRequestClosed";
import { readRequestContext } from "../readRequestContext";

/** A request to show, as the relay sent it. */
export interface ElicitationRelayRequest {
  /** The relay's id of the request (base64url). */
  readonly id: string;
  /** Who asks, as the host's server knows it. */
  readonly serverName: string;
  /** `params` of `elicitation/create`; the queue checks them like any request's. */
  readonly params: unknown;
  /** What the host's server passed along (a chat id, a tool call id). */
  readonly context?: Readonly<Record<string, string>>;
}

export type RelayEvent =
  | { kind: "request"; request: ElicitationRelayRequest }
  | { kind: "closed"; id: string; reason: ElicitationClosedReason }
  | { kind: "completed"; serverName: string; elicitationId: string }
  | { kind: "ready"; open: ReadonlySet<string> }
  | { kind: "ignored" }
  | { kind: "malformed"; problem: string };

/** Request ids: base64url, as the relay makes them; anything else names no request. */
const REQUEST_ID = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_SERVER_NAME = 200;
/** Ids listed in one `ready` event. */
const MAX_READY_IDS = 10_000;
/** Longest `elicitationId` of a `completed` event (the relay sends none longer). */
const MAX_ELICITATION_ID = 256;
const REASONS: readonly string[] = ["answered", "withdrawn", "timeout", "closed"];

const malformed = (problem: string): RelayEvent => ({ kind: "malformed", problem });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export function readRelayEvent(event: string, data: string): RelayEvent {
  if (event !== "request" && event !== "closed" && event !== "completed" && event !== "ready") return { kind: "ignored" };
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return malformed(`a "${event}" event whose data is not JSON`);
  }
  if (!isObject(body)) return malformed(`a "${event}" event whose data is not an object`);
  if (event === "ready") {
    const open = body.open;
    if (!Array.isArray(open) || open.length > MAX_READY_IDS || !open.every((id) => typeof id === "string" && REQUEST_ID.test(id))) {
      return malformed(`a "ready" event whose "open" is not a list of request ids`);
    }
    return { kind: "ready", open: new Set(open as string[]) };
  }
  if (event === "completed") {
    if (body.id !== undefined && (typeof body.id !== "string" || !REQUEST_ID.test(body.id))) return malformed(`a "completed" event whose "id" is not a request id`);
    const { serverName, elicitationId } = body;
    if (typeof serverName !== "string" || serverName.trim() === "" || serverName.length > MAX_SERVER_NAME) {
      return malformed(`a "completed" event without a valid "serverName"`);
    }
    if (typeof elicitationId !== "string" || elicitationId === "" || elicitationId.length > MAX_ELICITATION_ID) {
      return malformed(`a "completed" event without a valid "elicitationId"`);
    }
    return { kind: "completed", serverName, elicitationId };
  }
  const id = body.id;
  if (typeof id !== "string" || !REQUEST_ID.test(id)) return malformed(`a "${event}" event without a valid "id"`);
  if (event === "closed") {
    const reason = body.reason;
    if (typeof reason !== "string") return malformed(`a "closed" event without a "reason"`);
    // A reason this client does not know still closes the card, with the plainest wording.
    return { kind: "closed", id, reason: (REASONS.includes(reason) ? reason : "closed") as ElicitationClosedReason };
  }
  const serverName = body.serverName;
  if (typeof serverName !== "string" || serverName.trim() === "" || serverName.length > MAX_SERVER_NAME) {
    return malformed(`a "request" event without a valid "serverName"`);
  }
  if (!isObject(body.params)) return malformed(`a "request" event whose "params" is not an object`);
  const context = readRequestContext(body.context);
  if (!context.ok) return malformed(`a "request" event whose ${context.problem}`);
  const request: ElicitationRelayRequest = { id, serverName, params: body.params, ...(context.context ? { context: context.context } : {}) };
  return { kind: "request", request };
}
