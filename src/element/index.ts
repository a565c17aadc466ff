// "react-mcp-elicitation/element": importing it defines <mcp-elicitation-outlet> (docs/element.md), for
// pages that have no React of their own. React travels inside this entry's bundle.
import { defineElicitationOutletElement, type ElicitationOutletElement } from "./defineElicitationOutletElement";

defineElicitationOutletElement();

export { ELICITATION_OUTLET_TAG, type ElicitationOutletElement, type ElicitationOutletElementEventMap } from "./defineElicitationOutletElement";
// For a page whose MCP client runs in the page: its queue, given to the element's `queue` property.
export { createElicitationQueue } from "../host/createElicitationQueue";
export type { ElicitationQueue, ElicitationQueueEntry, ElicitationQueueOptions, ElicitationQueueRequest } from "../host/types";
export type { ElicitationAttentionEvent } from "../host/attention/types";
export type { ElicitationRelayError, ElicitationRelayErrorCode } from "../host/relay/ElicitationRelayError";
export type { ElicitationMessagesInput } from "../messages/resolveMessages";
export type * from "../core/types";

declare global {
  interface HTMLElementTagNameMap {
    "mcp-elicitation-outlet": ElicitationOutletElement;
  }
}
