// The element's queue: the client's queue (assembleElicitationQueue) whose admission step, the request's
// preparation and checks, comes in the chunk that draws, loaded when the first request arrives (or
// earlier, when the page is idle). Until then requests wait in arrival order; each is then admitted,
// or refused with the same error, as by the client's createElicitationQueue.
import { assembleElicitationQueue } from "../client/queue/assembleElicitationQueue";
import type { ElicitationQueue, ElicitationQueueOptions } from "../client/types";
import { loadOutletView } from "./loadOutletView";

export function createElicitationQueue(options: ElicitationQueueOptions = {}): ElicitationQueue {
  return assembleElicitationQueue(options, { load: () => loadOutletView().then((view) => view.createQueueAdmission) });
}
