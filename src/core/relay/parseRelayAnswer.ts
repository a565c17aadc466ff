import { parseJsonInSteps } from "../shared/parseJsonInSteps";
import { isRecord, ownProperty } from "../shared/ownProperty";
import type { ElicitContent, ElicitResult } from "../types";
import type { ElicitationRememberScope } from "../types";
import { RELAY_BOUNDS, RELAY_REMEMBER_SCOPES, RELAY_REMEMBERED_KEY, type RelayAnswerBody } from "./relayWire";

export type ParsedRelayAnswer = { ok: true; answer: RelayAnswerBody; forget?: undefined } | { ok: true; forget: string; answer?: undefined } | { ok: false; message: string };

/**
 * Reads the text of a relay `POST` (`{ id, result, via?, remember? }`, or `{ forget }`). Only `action` and, for an accept, `content`
 * are kept: nothing else a browser writes (`_meta`, say) travels on to the MCP server. Whether the
 * content fits the request's schema is the schema check's job, not this one's; here it must only be
 * an object. Never rejects.
 */
export async function parseRelayAnswer(text: string): Promise<ParsedRelayAnswer> {
  // A long body's strings are read in steps (parseJsonInSteps.ts): a 10 MB file does not hold the server.
  const body = await parseJsonInSteps(text);
  return body.ok ? readAnswer(body.value) : { ok: false, message: NOT_JSON };
}

const NOT_JSON = "The body is not JSON.";

function readAnswer(body: unknown): ParsedRelayAnswer {
  if (!isRecord(body)) return { ok: false, message: "The body must be an object { id, result }." };
  const forget = ownProperty(body, "forget");
  if (forget !== undefined) {
    if (typeof forget !== "string" || !RELAY_REMEMBERED_KEY.test(forget)) return { ok: false, message: "forget must be the key of a remembered decision." };
    return { ok: true, forget };
  }
  const remember = ownProperty(body, "remember");
  if (remember !== undefined && !(RELAY_REMEMBER_SCOPES as readonly unknown[]).includes(remember)) return { ok: false, message: 'remember must be "chat" or "server".' };
  const read = readResult(body);
  if (!read.ok || remember === undefined) return read;
  if (read.answer.result.action !== "accept") return { ok: false, message: "remember goes with an accept only." };
  return { ok: true, answer: { ...read.answer, remember: remember as ElicitationRememberScope } };
}

function readResult(body: Record<string, unknown>): { ok: true; answer: RelayAnswerBody } | { ok: false; message: string } {
  const id = ownProperty(body, "id");
  if (typeof id !== "string" || id.length === 0 || id.length > RELAY_BOUNDS.requestIdLength) return { ok: false, message: "id must be a request id (a string)." };
  const result = ownProperty(body, "result");
  if (!isRecord(result)) return { ok: false, message: "result must be an object { action, content? }." };
  const via = ownProperty(body, "via");
  if (via !== undefined && via !== "notification") return { ok: false, message: 'via must be "notification" when given.' };
  const from = via === undefined ? {} : { via: "notification" as const };
  const action = ownProperty(result, "action");
  if (action === "decline" || action === "cancel") return { ok: true, answer: { id, result: { action }, ...from } };
  if (action !== "accept") return { ok: false, message: 'result.action must be "accept", "decline" or "cancel".' };
  const content = ownProperty(result, "content");
  if (content === undefined) return { ok: true, answer: { id, result: { action }, ...from } };
  if (!isRecord(content)) return { ok: false, message: "result.content must be an object." };
  return { ok: true, answer: { id, result: { action, content: content as ElicitContent } satisfies ElicitResult, ...from } };
}
