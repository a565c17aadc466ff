// What one event of the relay's stream says, checked field by field against the wire's bounds
// (relayWire.ts). Nothing is taken by its shape: a field of the wrong type makes the event malformed,
// and an event this client does not know is ignored, so a newer relay does not break an older page.
import { readRequestContext } from "./readRequestContext";
import type { ElicitationRememberScope } from "../types";
import { RELAY_BOUNDS, RELAY_CLOSE_REASONS, RELAY_EVENT, RELAY_REMEMBER_SCOPES, RELAY_REMEMBERED_KEY, RELAY_REQUEST_ID, type RelayCloseReason } from "./relayWire";

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
  /** What the person may remember of an accept (the relay's `remember`). */
  readonly remember?: readonly ElicitationRememberScope[];
  /** Answered already from a decision the person remembered: its key (what Forget sends) and when it was made. Drawn as a line, never a card. */
  readonly remembered?: { readonly key: string; readonly at: number };
}

export type RelayEvent =
  | { kind: "request"; request: ElicitationRelayRequest }
  | { kind: "closed"; id: string; reason: RelayCloseReason }
  | { kind: "completed"; serverName: string; elicitationId: string }
  | { kind: "ready"; open: ReadonlySet<string> }
  | { kind: "ignored" }
  | { kind: "malformed"; problem: string };

const malformed = (problem: string): RelayEvent => ({ kind: "malformed", problem });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const EVENTS: readonly string[] = Object.values(RELAY_EVENT);

/** A `serverName` the wire carries: something besides white space, within its bound. */
export function isRelayServerName(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "" && value.length <= RELAY_BOUNDS.serverNameLength;
}

/** An `elicitationId` the wire carries: non-empty, within its bound. */
export function isRelayElicitationId(value: unknown): value is string {
  return typeof value === "string" && value !== "" && value.length <= RELAY_BOUNDS.elicitationIdLength;
}

/** A reason of a `closed` event or a 409 reply; one this client does not know reads as "closed", the plainest wording. */
export function readCloseReason(value: unknown): RelayCloseReason {
  return (RELAY_CLOSE_REASONS as readonly unknown[]).includes(value) ? (value as RelayCloseReason) : "closed";
}

export function readRelayEvent(event: string, data: string): RelayEvent {
  if (!EVENTS.includes(event)) return { kind: "ignored" };
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return malformed(`a "${event}" event whose data is not JSON`);
  }
  if (!isObject(body)) return malformed(`a "${event}" event whose data is not an object`);
  if (event === RELAY_EVENT.ready) {
    const open = body.open;
    if (!Array.isArray(open) || open.length > RELAY_BOUNDS.readyIds || !open.every((id) => typeof id === "string" && RELAY_REQUEST_ID.test(id))) {
      return malformed(`a "ready" event whose "open" is not a list of request ids`);
    }
    return { kind: "ready", open: new Set(open as string[]) };
  }
  if (event === RELAY_EVENT.completed) {
    if (body.id !== undefined && (typeof body.id !== "string" || !RELAY_REQUEST_ID.test(body.id))) return malformed(`a "completed" event whose "id" is not a request id`);
    const { serverName, elicitationId } = body;
    if (!isRelayServerName(serverName)) return malformed(`a "completed" event without a valid "serverName"`);
    if (!isRelayElicitationId(elicitationId)) return malformed(`a "completed" event without a valid "elicitationId"`);
    return { kind: "completed", serverName, elicitationId };
  }
  const id = body.id;
  if (typeof id !== "string" || !RELAY_REQUEST_ID.test(id)) return malformed(`a "${event}" event without a valid "id"`);
  if (event === RELAY_EVENT.closed) {
    if (typeof body.reason !== "string") return malformed(`a "closed" event without a "reason"`);
    return { kind: "closed", id, reason: readCloseReason(body.reason) };
  }
  const serverName = body.serverName;
  if (!isRelayServerName(serverName)) return malformed(`a "request" event without a valid "serverName"`);
  if (!isObject(body.params)) return malformed(`a "request" event whose "params" is not an object`);
  const context = readRequestContext(body.context);
  if (!context.ok) return malformed(`a "request" event whose ${context.problem}`);
  // A newer relay's scope this page does not know is not offered; a malformed `remembered` makes the event malformed (it must never become a card).
  const remember = Array.isArray(body.remember) ? RELAY_REMEMBER_SCOPES.filter((scope) => (body.remember as unknown[]).includes(scope)) : [];
  const { remembered } = body;
  if (remembered !== undefined && !(isObject(remembered) && typeof remembered.key === "string" && RELAY_REMEMBERED_KEY.test(remembered.key) && Number.isFinite(remembered.at))) {
    return malformed(`a "request" event whose "remembered" is not { key, at }`);
  }
  const request: ElicitationRelayRequest = {
    id,
    serverName,
    params: body.params,
    ...(context.context ? { context: context.context } : {}),
    ...(remember.length > 0 ? { remember } : {}),
    ...(remembered !== undefined ? { remembered: { key: remembered.key as string, at: remembered.at as number } } : {}),
  };
  return { kind: "request", request };
}
