import type { RelayRecord } from "../ElicitationRelayStore";
import { requestEventOf } from "./requestEventOf";

/**
 * The JSON text of a record's `request` event (`requestEventOf`), with `paramsJson` — the params'
 * own text, made once as the request was admitted — put in place instead of serialising them again.
 * The same text either way: the same keys in the same order.
 */
export function requestEventJson(record: RelayRecord, paramsJson?: string): string {
  if (paramsJson === undefined) return JSON.stringify(requestEventOf(record));
  const context = record.context === undefined ? "" : `,"context":${JSON.stringify(record.context)}`;
  const deadline = record.deadline === undefined ? "" : `,"deadline":${JSON.stringify(record.deadline)}`;
  const remember = record.remember === undefined ? "" : `,"remember":${JSON.stringify(record.remember)}`;
  const remembered = record.remembered === undefined ? "" : `,"remembered":${JSON.stringify(record.remembered)}`;
  return `{"id":${JSON.stringify(record.id)},"serverName":${JSON.stringify(record.serverName)},"params":${paramsJson}${context},"receivedAt":${JSON.stringify(record.receivedAt)}${deadline}${remember}${remembered}}`;
}

/**
 * The request's id in a text `requestEventJson` made, where it comes first: read from that text, so a
 * store that hands the text on need not make the record for it.
 */
export function requestEventIdOf(json: string): string {
  // `,"serverName":` cannot stand inside the id's JSON string: a quote in it is escaped. Parsed, not
  // sliced: a slice would keep the whole text alive for as long as the id is remembered.
  return JSON.parse(json.slice(6, json.indexOf(',"serverName":'))) as string;
}
