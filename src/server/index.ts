// "react-mcp-elicitation/server": the relay's server side — no React, no DOM; Fetch, Web Streams and Web Crypto.
export { createElicitationRelay } from "./createElicitationRelay";
export { createMemoryRelayStore, type MemoryRelayStoreOptions } from "./createMemoryRelayStore";
export type {
  ElicitationRelayStore,
  RelayCompletion,
  RelayInterruption,
  RelayLookup,
  RelayRecord,
  RelayRound,
  RelaySettlement,
  RelaySettleOutcome,
  RelaySnapshot,
  RelayStop,
  RelayStoreEvent,
  RelayToolCall,
} from "./ElicitationRelayStore";
export type { RelayStoreTimings } from "./readStoreTimings";
export { createRelayStore } from "./createRelayStore";
export type { RelayFeedConnection, RelayFeedHearing, RelayStoreLeases, RelayStoreOperations, RelayStoreParts } from "./RelayStoreParts";
export { toFetchRequest, type NodeRequestLike, type ToFetchRequestOptions } from "./toFetchRequest";
export { sendFetchResponse, type NodeResponseLike } from "./sendFetchResponse";
export type {
  ElicitationRecord,
  ElicitationRecordCause,
  ElicitationRelay,
  ElicitationRelayEvent,
  ElicitationRelayEventType,
  ElicitationRelayHandleOptions,
  ElicitationRelayOptions,
  ElicitationRelayPark,
  ElicitationRelayRequest,
  ElicitationRelayResume,
  ElicitationRelayRemember,
  ElicitationRelayWithdrawal,
  ElicitationRememberedDecision,
} from "./types";
export { relayBodyLimit } from "../core/relay/relayBodyLimit";
export { ElicitationRelayRequestError } from "./ElicitationRelayRequestError";
export { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "../core/request/ElicitationQueueError";
export { ElicitationSchemaError } from "../core/request/ElicitationSchemaError";
export { RELAY_BOUNDS, RELAY_EVENT } from "../core/relay/relayWire";
export type {
  RelayAnswerBody,
  RelayClosedEventData,
  RelayCompletedEventData,
  RelayCloseReason,
  RelayFieldError,
  RelayForbiddenOrigin,
  RelayForgetBody,
  RelayPostReply,
  RelayReadyEventData,
  RelayRequestEventData,
} from "../core/relay/relayWire";
export type { ElicitationRememberScope } from "../core/types";
export type { RateLimit } from "../core/shared/createRateLimiter";
export type { ElicitationCallOptions, ElicitationCallRequestOptions } from "../core/shared/callPausingWhileAsking";
