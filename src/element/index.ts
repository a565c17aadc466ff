/// <reference path="./frameworkElements.d.ts" preserve="true" />
// "react-mcp-elicitation/element": importing it defines <mcp-elicitation-outlet> (docs/element.md), for
// pages that have no React of their own. React travels inside this entry's bundle.
import { defineElicitationOutletElement, type ElicitationOutletElement } from "./defineElicitationOutletElement";

defineElicitationOutletElement();

export type { ElicitationOutletElement, ElicitationOutletElementEventMap, ElicitationOutletEvents } from "./defineElicitationOutletElement";
export type { ElicitationOutletClosedEvent, ElicitationOutletCloseReason, ElicitationOutletShownEvent } from "./watchDrawnRequests";
// The tag is registered with Svelte's, Vue's and React's checkers (frameworkElements.d.ts).
export type { ElicitationOutletAttributes, ElicitationOutletEventAttributes } from "./ElicitationOutletAttributes";
// For a page whose MCP client runs in the page: its queue, given to the element's `queue` property.
export { createElicitationQueue } from "./createElicitationQueue";
export type { ElicitationQueue, ElicitationQueueEntry, ElicitationQueueOptions } from "../client/types";
// For a relay that needs more than the page's cookies (a bearer token, limits): the page connects it to its queue.
export { connectElicitationRelay } from "../client/relay/connectElicitationRelay";
export type { ElicitationRelayConnection, ElicitationRelayConnectionOptions } from "../client/relay/ElicitationRelayConnectionOptions";
export type { ElicitationAttentionEvent } from "../host/attention/types";
export type { ElicitationRelayError } from "../client/relay/ElicitationRelayError";
export type { ElicitationMessagesInput } from "../messages/resolveMessages";
export type { ElicitParams, ElicitResult } from "../core/types";

declare global {
  interface HTMLElementTagNameMap {
    "mcp-elicitation-outlet": ElicitationOutletElement;
  }
}
