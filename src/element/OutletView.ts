// What the element loads on its first question (outletView.tsx, a chunk of its own): React, the outlet
// with its form and checks, the stylesheet, and the queue's admission step. Only the type is here, so the
// code loaded up front names the chunk's parts without holding them.
import type { QueueAdmissionMaker } from "../client/queue/assembleElicitationQueue";
import type { createElicitationDraftStore } from "../form/createElicitationDraftStore";
import type { OutletStyles } from "./adoptOutletStyles";
import type { ElementOutletProps } from "./ElementOutlet";
import type { watchDrawnRequests } from "./watchDrawnRequests";

/** A React root drawing the outlet into one element's children. */
export interface OutletRoot {
  /** Draws the outlet with `props`, or nothing. */
  render(props: ElementOutletProps | null): void;
  unmount(): void;
}

export interface OutletView {
  /** A root in `element` (its children), as the element draws while connected. */
  createRoot(element: HTMLElement): OutletRoot;
  /** The page's one shipped stylesheet, adopted before the first card is drawn. */
  createOutletStyles(): OutletStyles;
  /** The page's draft stores are made with this (createElementDrafts). */
  createElicitationDraftStore: typeof createElicitationDraftStore;
  /** Follows the requests the outlet draws, for the element's "shown" and "closed" events. */
  watchDrawnRequests: typeof watchDrawnRequests;
  /** The element's queues prepare requests with this, once it is loaded. */
  createQueueAdmission: QueueAdmissionMaker;
}
