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
