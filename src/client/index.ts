// "react-mcp-elicitation/client": the queue and the relay's browser client, without React. A host
// that draws its own cards (Vue, Svelte, Lit, plain DOM) drives them from here; the React components
// and hooks of the root entry, and <mcp-elicitation-outlet>, are bindings over the same parts.

// The queue: many servers, one request at a time, answers delivered once.
export { createElicitationQueue } from "./queue/createElicitationQueue";
export { answerInputRequests, type AnswerInputRequestsOptions } from "./queue/answerInputRequests";
export type {
  ElicitationAnswerOptions,
  ElicitationCallOptions,
  ElicitationCallRequestOptions,
  ElicitationQueue,
  ElicitationQueueEntry,
  ElicitationQueueEvent,
  ElicitationQueueEventType,
  ElicitationQueueOptions,
  ElicitationQueueRequest,
  ElicitationQueueSnapshot,
  ElicitationRememberedEntry,
  ElicitationRememberedRequest,
  ElicitationUrlStep,
} from "./types";

// The relay's browser side: its requests into the queue, each answer back.
export { connectElicitationRelay } from "./relay/connectElicitationRelay";
export type { ElicitationRelayConnection, ElicitationRelayConnectionOptions, ElicitationRelayDrafts, ElicitationRelayLimits } from "./relay/ElicitationRelayConnectionOptions";
export type { ElicitationRelayRequest } from "../core/relay/readRelayEvent";
export type { ElicitationRelayError, ElicitationRelayErrorCode } from "./relay/ElicitationRelayError";

// Errors: thrown from `deliver` (a refusal the fields show), an abort reason that closes a card
// saying why, and what the queue rejects a request with.
export { ElicitationAnswerRefused, type ElicitationFieldError } from "./queue/ElicitationAnswerRefused";
export { ElicitationRequestClosed, type ElicitationClosedReason } from "./queue/ElicitationRequestClosed";
export { ElicitationQueueError, INVALID_PARAMS, REQUEST_REFUSED, type ElicitationQueueErrorReason } from "../core/request/ElicitationQueueError";

// What a request and its answer are, for a host drawing its own cards.
export type { ElicitationRememberScope, ElicitParams, ElicitResult, ParsedElicitationRequest } from "../core/types";
export type { PreparedElicitationRequest } from "../core/request/prepareElicitationRequest";
