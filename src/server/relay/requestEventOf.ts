import type { RelayRequestEventData } from "../../core/relay/relayWire";
import type { RelayRecord } from "../ElicitationRelayStore";

/** What a stream's `request` event carries of a record: never its owner or holder. */
export function requestEventOf(record: RelayRecord): RelayRequestEventData {
  return {
    id: record.id,
    serverName: record.serverName,
    params: record.params,
    ...(record.context === undefined ? {} : { context: record.context }),
    receivedAt: record.receivedAt,
    ...(record.deadline === undefined ? {} : { deadline: record.deadline }),
    ...(record.remember === undefined ? {} : { remember: record.remember }),
    ...(record.remembered === undefined ? {} : { remembered: record.remembered }),
  };
}
